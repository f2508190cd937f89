/**
 * Feature: on a track or release page, the page's own item gets a control in the page's header
 * even where no link there names it. Runs again after client-side navigation.
 */

import { decorateOnce, rowOf } from './decorate.ts';
import type { ContentScriptContext } from './page-context.ts';
import { itemOfPage, pageHeader } from './selectors.ts';

export function decoratePageItem(mount: Parameters<typeof decorateOnce>[1], ctx: ContentScriptContext): void {
  const decorate = () => {
    const ref = itemOfPage(location.pathname);
    const header = ref && document.querySelector(pageHeader);
    if (ref && header) decorateOnce(rowOf(header, ref), mount);
  };
  // The content script starts at document_start: the header may not be parsed yet.
  if (document.readyState === 'loading') ctx.addEventListener(document, 'DOMContentLoaded', decorate);
  else decorate();
  ctx.addEventListener(window, 'wxt:locationchange', decorate);
}
