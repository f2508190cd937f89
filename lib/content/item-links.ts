/**
 * Feature: every link to a track or release in the page's lists gets its row a control, once per
 * row, when the row comes near the viewport. A chart of 5,000 rows pays for the rows on screen,
 * not for 5,000 controls (about 0.1 ms each to build).
 *
 * Lists are found with the selector observer, so a list in a tab shown later (pushState) is
 * found when it appears; rows added to a list later (Load more, infinite scroll) come from a
 * MutationObserver on that list alone, never on the whole document. The observer starts at
 * document_start, before the page's first style computation, so its stylesheet costs no restyle
 * of a long page; lists found before the page state is read wait for `start`.
 */
import { hostTag } from './control-host.tsx';
import { decorateOnce, type FoundRow, rowOfLink } from './decorate.ts';
import { observe } from './selector-observer.ts';
import { itemLinks, itemLists } from './selectors.ts';

/** How far outside the viewport a row is decorated, so scrolling meets finished rows. */
const lookahead = '200px';
/**
 * Consecutive links watched as one: only a chunk's first and last links are observed, so a long
 * list costs a fifth as many observations, and a chunk near the viewport is decorated whole.
 */
const chunkSize = 5;

type Mount = (found: FoundRow) => void;

function watchLists(storeOrigin: string, mount: Mount, signal: AbortSignal): (list: Element) => void {
  const chunks = new WeakMap<Element, HTMLAnchorElement[]>();
  const nearViewport = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        const chunk = entry.isIntersecting ? chunks.get(entry.target) : undefined;
        if (!chunk) continue;
        for (const sentinel of [chunk[0], chunk.at(-1)] as Element[]) {
          nearViewport.unobserve(sentinel);
          chunks.delete(sentinel);
        }
        for (const link of chunk) {
          const found = rowOfLink(link, storeOrigin);
          if (found) decorateOnce(found, mount);
        }
      }
    },
    { rootMargin: `${lookahead} 0px` },
  );
  signal.addEventListener('abort', () => nearViewport.disconnect());

  const watchLinks = (root: Element) => {
    const links = [
      ...(root.matches(itemLinks) ? [root] : []),
      ...root.querySelectorAll(itemLinks),
    ] as HTMLAnchorElement[];
    for (let start = 0; start < links.length; start += chunkSize) {
      const chunk = links.slice(start, start + chunkSize);
      for (const sentinel of [chunk[0], chunk.at(-1)] as Element[]) {
        chunks.set(sentinel, chunk);
        nearViewport.observe(sentinel);
      }
    }
  };

  // A list shown again (a tab switched back) is reported again: it is watched once.
  const watched = new WeakSet<Element>();
  return (list) => {
    if (watched.has(list)) return;
    watched.add(list);
    watchLinks(list);
    const added = new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) {
          // Our own controls are added inside rows too: they hold no links to watch.
          if (node instanceof Element && node.localName !== hostTag) watchLinks(node);
        }
      }
    });
    added.observe(list, { childList: true, subtree: true });
    signal.addEventListener('abort', () => added.disconnect());
  };
}

/** Starts finding lists now; decorates their rows once `start` has the page's store and mount. */
export function decorateItemLinks({ signal }: { signal: AbortSignal }) {
  const early: Element[] = [];
  let watch: ((list: Element) => void) | null = null;
  observe(itemLists, (list) => (watch ? watch(list) : early.push(list)), { signal });
  return {
    start(storeOrigin: string, mount: Mount): void {
      const begin = () => {
        watch = watchLists(storeOrigin, mount, signal);
        for (const list of early.splice(0)) watch(list);
      };
      // While the parser still adds rows, a list's observer would report them one by one.
      if (document.readyState === 'loading') {
        document.addEventListener('DOMContentLoaded', begin, { once: true, signal });
      } else begin();
    },
  };
}
