/** Drives the content script's add-to-cart controls (CartButtons) on store pages in end-to-end tests. */
import type { Locator, Page } from 'playwright-core';
import type { AudioFormat, ItemType } from '../../lib/contract/wire.ts';

const label = (format: AudioFormat) => format.toUpperCase();

export class CartButtonsPage {
  constructor(readonly page: Page) {}

  /** Every control on the page. */
  get all(): Locator {
    return this.page.locator('crate-cart-buttons');
  }

  /** The control of the row holding item `type:id`. */
  control(type: ItemType, id: number): Locator {
    return this.page.locator(`[data-crate-item="${type}:${id}"] crate-cart-buttons`);
  }

  /** The control in the page's header (a track or release page's own item). */
  get pageItem(): Locator {
    return this.page.locator('.hero crate-cart-buttons');
  }

  add(control: Locator, format: AudioFormat): Locator {
    return control.getByRole('button', { name: new RegExp(`^Add ".*" to cart as ${label(format)}$`) });
  }

  change(control: Locator, format: AudioFormat): Locator {
    return control.getByRole('button', { name: new RegExp(`^Change ".*" to ${label(format)}$`) });
  }

  inCartAs(control: Locator, format: AudioFormat): Locator {
    return control.getByRole('button', {
      name: new RegExp(`is in the cart as ${label(format)}$`),
      pressed: true,
    });
  }

  remove(control: Locator): Locator {
    return control.getByRole('button', { name: /^Remove ".*" from the cart$/ });
  }

  owned(control: Locator): Locator {
    return control.getByText('Owned', { exact: true });
  }

  addAnyway(control: Locator): Locator {
    return control.getByRole('button', { name: 'Add anyway' });
  }

  question(control: Locator): Locator {
    return control.getByText('You already own this: add anyway?');
  }
}
