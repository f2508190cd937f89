/**
 * Feature: every link to a track or release on the page, now or later (Load more, infinite
 * scroll, tabs shown after pushState), gets its row a control, once per row.
 */
import { decorateOnce, rowOfLink } from './decorate.ts';
import { observe } from './selector-observer.ts';
import { itemLinks } from './selectors.ts';

export function decorateItemLinks(
  storeOrigin: string,
  mount: Parameters<typeof decorateOnce>[1],
  { signal }: { signal: AbortSignal },
): void {
  observe(
    itemLinks,
    (link) => {
      const found = link instanceof HTMLAnchorElement ? rowOfLink(link, storeOrigin) : null;
      if (found) decorateOnce(found, mount);
    },
    { signal },
  );
}
