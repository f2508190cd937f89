/**
 * Drives the content script's add-to-cart controls (CartButtons) on store pages in end-to-end
 * tests (Chromium and Firefox: test/e2e/ui.ts).
 */

import { itemKey } from '../../lib/contract/item-key.ts';
import type { AudioFormat, ItemType } from '../../lib/contract/wire.ts';
import type { LocatorOf, UiLocator, UiPage } from '../../test/e2e/ui.ts';

const label = (format: AudioFormat) => format.toUpperCase();
/** A format button's name ends with its price when the page says it (", $2.49"). */
const price = '(, [^,]+)?';

export class CartButtonsPage<P extends UiPage> {
  constructor(readonly page: P) {}

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
      name: new RegExp(`^Add ".*" to cart as ${label(format)}${price}$`),
    }) as LocatorOf<P>;
  }

  change(control: UiLocator, format: AudioFormat): LocatorOf<P> {
    return control.getByRole('button', {
      name: new RegExp(`^Change ".*" to ${label(format)}${price}$`),
    }) as LocatorOf<P>;
  }

  inCartAs(control: UiLocator, format: AudioFormat): LocatorOf<P> {
    return control.getByRole('button', {
      name: new RegExp(`is in the cart as ${label(format)}$`),
      pressed: true,
    }) as LocatorOf<P>;
  }

  remove(control: UiLocator): LocatorOf<P> {
    return control.getByRole('button', { name: /^Remove ".*" from the cart$/ }) as LocatorOf<P>;
  }

  /** The owned mark: "Owned", or "Owned: MP3, WAV" when the formats are known. */
  owned(control: UiLocator): LocatorOf<P> {
    return control.getByText(/^Owned(: .+)?$/) as LocatorOf<P>;
  }

  ownedAs(control: UiLocator, formats: AudioFormat[]): LocatorOf<P> {
    return control.getByText(`Owned: ${formats.map(label).join(', ')}`, { exact: true }) as LocatorOf<P>;
  }

  /** A format not owned of an owned item ("Get WAV"): an upgrade. */
  upgrade(control: UiLocator, format: AudioFormat): LocatorOf<P> {
    return control.getByRole('button', {
      name: new RegExp(`^Get ".*" as ${label(format)} \\(owned as .+\\)${price}$`),
    }) as LocatorOf<P>;
  }

  /** The mark of a recording in the DJ's collection: "In your collection: rekordbox". */
  inCollection(control: UiLocator, source?: string): LocatorOf<P> {
    return control.getByText(source ? `In your collection: ${source}` : /^In your collection: /, {
      exact: source !== undefined,
    }) as LocatorOf<P>;
  }

  /** Every collection mark on the page. */
  get collectionMarks(): LocatorOf<P> {
    return this.all.getByText(/^In your collection: /) as LocatorOf<P>;
  }

  /** Asked before adding a recording in the DJ's collection. */
  collectionQuestion(control: UiLocator): LocatorOf<P> {
    return control.getByText(/^In your .+ collection: buy anyway\?$/) as LocatorOf<P>;
  }

  buyAnyway(control: UiLocator): LocatorOf<P> {
    return control.getByRole('button', { name: 'Buy anyway' }) as LocatorOf<P>;
  }

  addAnyway(control: UiLocator): LocatorOf<P> {
    return control.getByRole('button', { name: 'Add anyway' }) as LocatorOf<P>;
  }

  question(control: UiLocator): LocatorOf<P> {
    return control.getByText(/^You (already )?own this/) as LocatorOf<P>;
  }

  /** A track row's play control (preview-control.ts): "Play …" or "Pause …", or the dash of no preview. */
  preview(control: UiLocator): LocatorOf<P> {
    return control.getByRole('button', { name: /^(Play|Pause) the preview of / }) as LocatorOf<P>;
  }

  /** The play control while its preview plays. */
  playing(control: UiLocator): LocatorOf<P> {
    return control.getByRole('button', { name: /^Pause the preview of / }) as LocatorOf<P>;
  }

  /**
   * Opens the format group where a narrow card folds it (only the lead format and a "more formats"
   * toggle show there: cart-buttons.css); does nothing where all formats show.
   */
  async showFormats(control: UiLocator): Promise<void> {
    await control.locator('button[data-format]').first().waitFor();
    const more = control.getByRole('button', { name: /^More formats of / });
    if ((await more.count()) > 0) await more.click();
  }
}
