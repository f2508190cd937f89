/**
 * The popup's words in one language, for its page objects: they find elements by the names a
 * person reads, so a popup in German is driven by its German names, read from the same
 * locales/<language>.json the extension is built from (test/helpers/locales.ts).
 */
import { readLocale } from '../../test/helpers/locales.ts';

export class PopupWords {
  readonly messages: Map<string, string>;

  constructor(readonly language = 'en') {
    this.messages = readLocale(language);
  }

  private message(key: string): string {
    const message = this.messages.get(key.replaceAll('.', '_'));
    if (message === undefined) throw new Error(`No message ${key} in ${this.language}`);
    return message;
  }

  /** The message `popup.cart.total` with its $1… filled in. */
  t(key: string, ...values: string[]): string {
    return this.message(key).replace(/\$([1-9])/g, (_, which: string) => values[Number(which) - 1] ?? '');
  }

  /** The whole message with anything in place of its $1…: `^Pays twice: .*$`. */
  pattern(...keys: string[]): RegExp {
    const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const one = (key: string) =>
      this.message(key)
        .split(/\$[1-9]/)
        .map(literal)
        .join('.*');
    return new RegExp(`^(?:${keys.map(one).join('|')})$`);
  }

  /** A counted message (`popup.cart.items`, n) as lib/i18n/plural.ts writes it. */
  count(key: string, count: number, ...values: string[]): string {
    const category = new Intl.PluralRules(this.language).select(count);
    const name = this.messages.has(`${key}.${category}`.replaceAll('.', '_')) ? category : 'other';
    return this.t(`${key}.${name}`, this.number(count), ...values);
  }

  number(value: number): string {
    return new Intl.NumberFormat(this.language).format(value);
  }

  /** A price as the popup writes it ("1,49 $" in German), its no-break spaces as plain ones. */
  money(value: number, currency = 'USD'): string {
    return new Intl.NumberFormat(this.language, { style: 'currency', currency }).format(value);
  }
}

/** English, as most journeys run. */
export const english = new PopupWords('en');
