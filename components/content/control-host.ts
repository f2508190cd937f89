/**
 * Puts a control into a row: a small host element with an open shadow root, so the page's CSS
 * cannot reach the buttons, and one stylesheet shared by every root (adoptedStyleSheets, which
 * the store's CSP allows where inline styles would be refused). One click listener for the whole
 * page (delegation through the shadow roots' composed path), never one per row, hands each press
 * to its control. Everything mounted goes away when the content script's context ends.
 */

import type { CartActions } from '../../lib/content/cart-actions.ts';
import { controlBlockSize } from '../../lib/content/control-space.ts';
import { decoratedMark, type FoundRow } from '../../lib/content/decorate.ts';
import type { ItemStates } from '../../lib/content/item-state.ts';
import { markRow } from '../../lib/content/page-filter.ts';
import { adoptStyleSheet } from '../../lib/content/page-stylesheet.ts';
import { pageHeader } from '../../lib/content/selectors.ts';
import { itemKey } from '../../lib/contract/item-key.ts';
import controlCss from './cart-buttons.css?inline';
import { type CartControl, createCartControl } from './cart-control.ts';
import type { PreviewControls } from './preview-control.ts';

const hostTag = 'crate-cart-buttons';

let sharedSheet: CSSStyleSheet | undefined;
function sheet(): CSSStyleSheet {
  if (!sharedSheet) {
    sharedSheet = new CSSStyleSheet();
    // As tall as the space kept for it (control-space.ts), so that taking it moves nothing.
    sharedSheet.replaceSync(`${controlCss}\n:host { min-block-size: ${controlBlockSize}; }`);
  }
  return sharedSheet;
}

export interface ControlMounter {
  mount(found: FoundRow): void;
}

/**
 * The page's one click listener for its controls: a press of a control's button goes to the
 * control. Only clicks the browser marks as the person's (`isTrusted`) act: the page can reach the
 * open shadow roots and call `.click()`, and that must change nothing.
 */
export function listenForPresses(
  controls: WeakMap<Element, CartControl>,
  signal: AbortSignal,
  /** Whether an event is the person's own; tests replace it, as they cannot make trusted events. */
  isTrusted: (event: Event) => boolean = (event) => event.isTrusted,
): void {
  const onClick = (event: Event) => {
    const target = event.composedPath()[0];
    const button = target instanceof Element ? target.closest<HTMLElement>('button[data-action]') : null;
    const control = button && controls.get(button.closest('fieldset') as Element);
    if (button && control && isTrusted(event)) control.press(button);
  };
  document.addEventListener('click', onClick, { capture: true });
  signal.addEventListener('abort', () => document.removeEventListener('click', onClick, { capture: true }));
}

export function createControlMounter(
  states: ItemStates,
  actions: CartActions,
  { signal }: { signal: AbortSignal },
  previews?: PreviewControls,
  isTrusted?: (event: Event) => boolean,
): ControlMounter {
  const controls = new WeakMap<Element, CartControl>();
  listenForPresses(controls, signal, isTrusted);
  const mounted: {
    row: Element;
    item: FoundRow['item'];
    key: string;
    host: HTMLElement;
    control: CartControl;
  }[] = [];
  // The page filter's marks (page-filter.ts) follow the status of the mounted rows a change touched.
  const unsubscribe = states.subscribe((changed) => {
    for (const { row, item, key } of mounted)
      if (!changed || changed.has(key)) markRow(row, states.status(item));
  });
  signal.addEventListener('abort', () => {
    unsubscribe();
    for (const { row, host, control } of mounted) {
      control.destroy();
      host.remove();
      row.removeAttribute(decoratedMark);
    }
  });

  return {
    mount({ row, slot, item }) {
      const host = document.createElement(hostTag);
      // A page's header sets its control in a line with the price: there it takes the rest of the
      // line, and folds by that (cart-buttons.css).
      if (row.matches(pageHeader)) host.setAttribute('data-header', '');
      const shadow = host.attachShadow({ mode: 'open' });
      adoptStyleSheet(shadow, sheet());
      const control = createCartControl({ item, states, actions });
      controls.set(control.element, control);
      // A track's play control goes first, beside the buttons (preview-control.ts).
      const preview = previews?.node(item);
      if (preview) shadow.append(preview);
      shadow.append(control.element);
      slot.append(host);
      mounted.push({ row, item, key: itemKey(item), host, control });
      markRow(row, states.status(item));
    },
  };
}
