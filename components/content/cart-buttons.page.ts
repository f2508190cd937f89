/**
 * Drives the content script's add-to-cart controls (CartButtons) on store pages in end-to-end
 * tests (Chromium and Firefox: test/e2e/ui.ts), in whichever language its `messages` are (English
 * unless given: test/helpers/locales.ts).
 */

import { formatLabel } from '../../lib/contract/audio-formats.ts';
import { itemKey } from '../../lib/contract/item-key.ts';
import type { AudioFormat, ItemType } from '../../lib/contract/wire.ts';
import type { LocatorOf, UiLocator, UiPage } from '../../test/e2e/ui.ts';
import { englishMessages, messagePattern, messageText } from '../../test/helpers/locales.ts';

export class CartButtonsPage<P extends UiPage> {
  constructor(
    readonly page: P,
    readonly messages: Map<string, string> = englishMessages,
  ) {}

  /** The control's words for `key` (flattened: `content_inCart`), in its language. */
  text(key: string, ...values: string[]): string {
    return messageText(this.messages, key, ...values);
  }

  /** A whole accessible name or text as a pattern: the message's words, each $n the pattern given. */
  private name(key: string, ...patterns: string[]): RegExp {
    return new RegExp(`^${messagePattern(this.messages, key, ...patterns)}$`);
  }

  /** A format button's name, ending with its price when the page says it (", $2.49", ", 2,49 $"). */
  private priced(key: string, ...patterns: string[]): RegExp {
    const name = messagePattern(this.messages, key, ...patterns);
    return new RegExp(`^(${name}|${messagePattern(this.messages, 'content_withPrice', name, '.+')})$`);
  }

  /** Every control on the page. */
  get all(): LocatorOf<P> {
    return this.page.locator('crate-cart-buttons') as LocatorOf<P>;
  }

  /** The control of the row holding item `type:id`. */
  control(type: ItemType, id: number): LocatorOf<P> {
    return this.page.locator(
      `[data-crate-item="${itemKey({ type, id })}"] crate-cart-buttons`,
    ) as LocatorOf<P>;
  }

  /** The control in the page's header (a track or release page's own item). */
  get pageItem(): LocatorOf<P> {
    return this.page.locator('.hero crate-cart-buttons') as LocatorOf<P>;
  }

  add(control: UiLocator, format: AudioFormat): LocatorOf<P> {
    return control.getByRole('button', {
      name: this.priced('content_addAs', '.*', formatLabel(format)),
    }) as LocatorOf<P>;
  }

  change(control: UiLocator, format: AudioFormat): LocatorOf<P> {
    return control.getByRole('button', {
      name: this.priced('content_changeTo', '.*', formatLabel(format)),
    }) as LocatorOf<P>;
  }

  inCartAs(control: UiLocator, format: AudioFormat): LocatorOf<P> {
    return control.getByRole('button', {
      name: this.name('content_inCartAs', '.*', formatLabel(format)),
      pressed: true,
    }) as LocatorOf<P>;
  }

  remove(control: UiLocator): LocatorOf<P> {
    return control.getByRole('button', { name: this.name('content_remove', '.*') }) as LocatorOf<P>;
  }

  /** The owned mark: "Owned", or "Owned: MP3, WAV" when the formats are known. */
  owned(control: UiLocator): LocatorOf<P> {
    return control.getByText(
      new RegExp(
        `^(${messagePattern(this.messages, 'content_owned')}|${messagePattern(this.messages, 'content_ownedAs', '.+')})$`,
      ),
    ) as LocatorOf<P>;
  }

  ownedAs(control: UiLocator, formats: AudioFormat[]): LocatorOf<P> {
    return control.getByText(this.text('content_ownedAs', formats.map(formatLabel).join(', ')), {
      exact: true,
    }) as LocatorOf<P>;
  }

  /** A format not owned of an owned item ("Get WAV"): an upgrade. */
  upgrade(control: UiLocator, format: AudioFormat): LocatorOf<P> {
    return control.getByRole('button', {
      name: this.priced('content_getAs', '.*', formatLabel(format), '.+'),
    }) as LocatorOf<P>;
  }

  /** The mark of a recording in the DJ's collection: "In your collection: rekordbox". */
  inCollection(control: UiLocator, source?: string): LocatorOf<P> {
    return control.getByText(
      source ? this.text('collection_mark', source) : this.name('collection_mark', '.+'),
      {
        exact: source !== undefined,
      },
    ) as LocatorOf<P>;
  }

  /** Every collection mark on the page. */
  get collectionMarks(): LocatorOf<P> {
    return this.all.getByText(this.name('collection_mark', '.+')) as LocatorOf<P>;
  }

  /** Asked before adding a recording in the DJ's collection. */
  collectionQuestion(control: UiLocator): LocatorOf<P> {
    return control.getByText(this.name('collection_question', '.+')) as LocatorOf<P>;
  }

  buyAnyway(control: UiLocator): LocatorOf<P> {
    return control.getByRole('button', { name: this.text('collection_buyAnyway') }) as LocatorOf<P>;
  }

  addAnyway(control: UiLocator): LocatorOf<P> {
    return control.getByRole('button', { name: this.text('content_addAnyway') }) as LocatorOf<P>;
  }

  question(control: UiLocator): LocatorOf<P> {
    const asked = [
      ['content_ownedAddAnyway'],
      ['content_ownedAddAnywayFor', '.+'],
      ['content_ownedAddAnywayForFee', '.+', '.+'],
      ['content_ownedAgain', '.+', '.+'],
      ['content_ownedAgainFor', '.+', '.+', '.+'],
      ['content_ownedAgainForFee', '.+', '.+', '.+', '.+'],
    ].map(([key, ...patterns]) => messagePattern(this.messages, key ?? '', ...patterns));
    return control.getByText(new RegExp(`^(${asked.join('|')})$`)) as LocatorOf<P>;
  }

  /** The question asked before adding a track whose release is in the cart. */
  releaseInCart(control: UiLocator): LocatorOf<P> {
    return control.getByText(this.text('background_overlap_releaseInCart')) as LocatorOf<P>;
  }

  /** A track row's play control (preview-control.ts): "Play …" or "Pause …", or the dash of no preview. */
  preview(control: UiLocator): LocatorOf<P> {
    const play = messagePattern(this.messages, 'content_play', '.*');
    const pause = messagePattern(this.messages, 'content_pause', '.*');
    return control.getByRole('button', { name: new RegExp(`^(${play}|${pause})$`) }) as LocatorOf<P>;
  }

  /** The play control while its preview plays. */
  playing(control: UiLocator): LocatorOf<P> {
    return control.getByRole('button', { name: this.name('content_pause', '.*') }) as LocatorOf<P>;
  }

  /**
   * Opens the format group where a narrow card folds it (only the lead format and a "more formats"
   * toggle show there: cart-buttons.css); does nothing where all formats show.
   */
  async showFormats(control: UiLocator): Promise<void> {
    await control.locator('button[data-format]').first().waitFor();
    const more = control.getByRole('button', { name: this.name('content_moreFormats', '.*') });
    if ((await more.count()) > 0) await more.click();
  }
}
