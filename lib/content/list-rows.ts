/**
 * Feature: every row of the page's item lists that links to a track or release gets a control,
 * once, when the row comes near the viewport. A chart of 5,000 rows pays for the rows on screen,
 * not for 5,000 controls.
 *
 * Lists are found with the selector observer, so a list in a tab shown later (pushState) is found
 * when it appears; rows added to a list later (Load more, infinite scroll) come from a
 * MutationObserver on that list's children alone, never on the whole document. The observer
 * starts at document_start, before the page's first style computation, so its stylesheet costs no
 * restyle of a long page; lists found before the page state is read wait for `start`.
 *
 * A list is watched from when it is found, while the page is still being parsed: the first
 * screen's rows get their controls inside the frames the browser draws while loading anyway,
 * not in one more frame after the load.
 */
import { decorateOnce, type FoundRow, listRowOf } from './decorate.ts';
import { observe } from './selector-observer.ts';
import { itemLists } from './selectors.ts';

/** How far outside the viewport a row is decorated, so scrolling meets finished rows. */
const lookahead = '200px';
/**
 * Consecutive rows watched as one: only a chunk's first row is observed (and a list's last), so a
 * long list costs a tenth as many observations (the browser computes every observed row's
 * intersection in every frame while the page loads). When one comes near the viewport, its chunk
 * and the one before it are decorated: ten rows stay shorter than the band the observer watches
 * (the viewport and the lookahead), so wherever that band is, it holds the first row of a chunk
 * whose own rows or whose previous chunk's rows fill it.
 */
const chunkSize = 10;

type Mount = (found: FoundRow) => void;

interface Chunk {
  rows: Element[];
  /** Its observed rows: the first, and the last too for the last chunk of a batch. */
  sentinels: Element[];
  /** The chunk before it in the list, while it may still need decorating. */
  before: Chunk | null;
}

function watchLists(storeOrigin: string, mount: Mount, signal: AbortSignal): (list: Element) => void {
  const chunks = new WeakMap<Element, Chunk>();
  /** Each list's last chunk, which rows added later (Load more) follow. */
  const lastChunks = new WeakMap<Element, Chunk>();
  const nearViewport = new IntersectionObserver(
    (entries) => {
      // The parser may still be filling a list's last row: its links and title can be missing yet.
      const parsing = document.readyState === 'loading';
      for (const entry of entries) {
        const chunk = entry.isIntersecting ? chunks.get(entry.target) : undefined;
        if (!chunk) continue;
        for (const sentinel of chunk.sentinels) {
          nearViewport.unobserve(sentinel);
          chunks.delete(sentinel);
        }
        for (const rows of [chunk.before?.rows ?? [], chunk.rows]) {
          for (const row of rows) {
            // Looked at again after the next frame, by when the parser has most likely moved on.
            if (parsing && row.nextElementSibling === null) watchRows([row], null);
            else {
              const found = listRowOf(row, storeOrigin);
              if (found) decorateOnce(found, mount);
            }
          }
        }
        chunk.before = null;
      }
    },
    { rootMargin: `${lookahead} 0px` },
  );
  signal.addEventListener('abort', () => nearViewport.disconnect());

  /** Watches `rows` in chunks; `before` is the chunk that precedes the first. Returns the last. */
  function watchRows(rows: Element[], before: Chunk | null): Chunk | null {
    let previous = before;
    for (let start = 0; start < rows.length; start += chunkSize) {
      const chunkRows = rows.slice(start, start + chunkSize);
      // The list's end has no next chunk to bring the last one in: its last row is watched too.
      const last = start + chunkSize >= rows.length && chunkRows.length > 1;
      const sentinels = last ? [chunkRows[0], chunkRows.at(-1)] : [chunkRows[0]];
      const chunk: Chunk = { rows: chunkRows, sentinels: sentinels as Element[], before: previous };
      for (const sentinel of chunk.sentinels) {
        chunks.set(sentinel, chunk);
        nearViewport.observe(sentinel);
      }
      previous = chunk;
    }
    return previous;
  }

  // A list shown again (a tab switched back) is reported again: it is watched once.
  const watched = new WeakSet<Element>();
  return (list) => {
    if (watched.has(list)) return;
    watched.add(list);
    // A list's children are its rows; which of them are items is seen when they are decorated.
    const last = watchRows([...list.children], null);
    if (last) lastChunks.set(list, last);
    // Children only: the parser adds a row's own content too, which is nothing to watch.
    const added = new MutationObserver((records) => {
      const rows: Element[] = [];
      for (const record of records) {
        for (const node of record.addedNodes) if (node instanceof Element) rows.push(node);
      }
      const last = watchRows(rows, lastChunks.get(list) ?? null);
      if (last) lastChunks.set(list, last);
    });
    added.observe(list, { childList: true });
    signal.addEventListener('abort', () => added.disconnect());
  };
}

/** Starts finding lists now; decorates their rows once `start` has the page's store and mount. */
export function decorateListRows({ signal }: { signal: AbortSignal }) {
  const early: Element[] = [];
  let watch: ((list: Element) => void) | null = null;
  observe(itemLists, (list) => (watch ? watch(list) : early.push(list)), { signal });
  return {
    start(storeOrigin: string, mount: Mount): void {
      watch = watchLists(storeOrigin, mount, signal);
      for (const list of early.splice(0)) watch(list);
    },
  };
}
