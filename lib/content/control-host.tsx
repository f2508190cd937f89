/**
 * Puts a control into a row: a small host element with an open shadow root, so the page's CSS
 * cannot reach the buttons, and one stylesheet shared by every root (adoptedStyleSheets, which
 * the store's CSP allows where inline styles would be refused). Everything mounted goes away
 * when the content script's context ends.
 */
import { render } from 'preact';
import controlCss from '../../components/cart-buttons.css?inline';
import { type CartActions, CartControl } from '../../components/cart-buttons.tsx';
import { decoratedMark, type FoundRow } from './decorate.ts';
import type { ItemStates } from './item-state.ts';

export const hostTag = 'crate-cart-buttons';

let sharedSheet: CSSStyleSheet | undefined;
function sheet(): CSSStyleSheet {
  if (!sharedSheet) {
    sharedSheet = new CSSStyleSheet();
    sharedSheet.replaceSync(controlCss);
  }
  return sharedSheet;
}

export interface ControlMounter {
  mount(found: FoundRow): void;
}

export function createControlMounter(
  states: ItemStates,
  actions: CartActions,
  { signal }: { signal: AbortSignal },
): ControlMounter {
  const mounted: { row: Element; host: HTMLElement; shadow: ShadowRoot }[] = [];
  signal.addEventListener('abort', () => {
    for (const { row, host, shadow } of mounted) {
      render(null, shadow);
      host.remove();
      row.removeAttribute(decoratedMark);
    }
  });

  return {
    mount({ row, slot, item }) {
      const host = document.createElement(hostTag);
      const shadow = host.attachShadow({ mode: 'open' });
      shadow.adoptedStyleSheets = [sheet()];
      render(<CartControl item={item} states={states} actions={actions} />, shadow);
      slot.append(host);
      mounted.push({ row, host, shadow });
    },
  };
}
