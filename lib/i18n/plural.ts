/**
 * Counted messages ("1 track", "2 tracks") through `Intl.PluralRules`, not through an English
 * one-or-many guess: a counted message is a group in locales/<language>.json with one key per
 * plural category the language uses (`one`, `other`; `few`, `many` where it has them), and `other`
 * always. $1 is the count written in the locale; $2… are the extra substitutions.
 */
import { browser } from 'wxt/browser';
import type { GeneratedI18nStructure } from '#i18n';
import { formatCount, uiLocale } from './intl.ts';

/** The groups that have an `other` message: `plural('collection.tracks', n)` for `collection.tracks.other`. */
export type CountedMessage = {
  [Key in keyof GeneratedI18nStructure]: Key extends `${infer Group}.other` ? Group : never;
}[keyof GeneratedI18nStructure];

/** The keys here are built from a typed group, so the browser's narrower key type does not apply. */
const getMessage = (name: string, substitutions: string[]): string =>
  (browser.i18n.getMessage as (name: string, substitutions: string[]) => string)(name, substitutions);

const rules = new Map<string, Intl.PluralRules>();

function categoryOf(count: number): Intl.LDMLPluralRule {
  const locale = uiLocale();
  let rule = rules.get(locale);
  if (!rule) {
    rule = new Intl.PluralRules(locale);
    rules.set(locale, rule);
  }
  return rule.select(count);
}

export function plural(message: CountedMessage, count: number, ...more: string[]): string {
  const substitutions = [formatCount(count), ...more];
  const name = message.replaceAll('.', '_');
  const category = categoryOf(count);
  // A language may use a category (Spanish "many" for a million) no message needs apart from `other`.
  const exact = category === 'other' ? '' : getMessage(`${name}_${category}`, substitutions);
  return exact || getMessage(`${name}_other`, substitutions);
}
