/**
 * Feature: every row of the page's item lists that links to a track or release gets a control,
 * once, when the row comes near the viewport. A chart of 5,000 rows pays for the rows on screen,
 * not for 5,000 controls.
 *
 * Lists are found with the selector observer, so a list in a tab shown later (pushState) is found
 * when it appears; the rows the parser adds are read by their place in the list once a frame,
 * and rows added once the page is parsed (Load more, infinite scroll) come from a
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
  /** Its first row, and how many rows from there (element siblings) it holds. */
  first: Element;
  count: number;
  /** Its observed rows: the first, and the last too for the last chunk of a batch. */
  sentinels: Element[];
  /** The chunk before it in the list, while it may still need decorating. */
  before: Chunk | null;
}

function rowsOf({ first, count }: Chunk): Element[] {
  const rows: Element[] = [];
  for (let row: Element | null = first; row && rows.length < count; row = row.nextElementSibling)
    rows.push(row);
  return rows;
}

interface ChunkWatcher {
  /** Watches `count` rows from `first` as one chunk after `before`; `last` watches its last row too. */
  watchChunk(first: Element, count: number, before: Chunk | null, last: boolean): Chunk;
  /** Each list's last chunk, which rows added later (Load more) follow. */
  lastChunks: WeakMap<Element, Chunk>;
}

/** Decorates a chunk's rows, and the chunk's before them, when one of its sentinels comes near the viewport. */
function createChunkWatcher(storeOrigin: string, mount: Mount, signal: AbortSignal): ChunkWatcher {
  const chunks = new WeakMap<Element, Chunk>();
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
        for (const rows of [chunk.before ? rowsOf(chunk.before) : [], rowsOf(chunk)]) {
          for (const row of rows) {
            // Looked at again after the next frame, by when the parser has most likely moved on.
            if (parsing && row.nextElementSibling === null) watchChunk(row, 1, null, true);
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

  function watchChunk(first: Element, count: number, before: Chunk | null, last: boolean): Chunk {
    const lastRow =
      last && count > 1 ? rowsOf({ first, count, sentinels: [], before: null }).at(-1) : undefined;
    const chunk: Chunk = { first, count, sentinels: lastRow ? [first, lastRow] : [first], before };
    for (const sentinel of chunk.sentinels) {
      chunks.set(sentinel, chunk);
      nearViewport.observe(sentinel);
    }
    return chunk;
  }
  return { watchChunk, lastChunks: new WeakMap() };
}

/** Watches consecutive `rows` of `list` in chunks, after the list's last chunk. */
function watchRows(watcher: ChunkWatcher, list: Element, rows: Element[]): void {
  let previous = watcher.lastChunks.get(list) ?? null;
  for (let start = 0; start < rows.length; start += chunkSize) {
    // The list's end has no next chunk to bring the last one in: its last row is watched too.
    const count = Math.min(chunkSize, rows.length - start);
    previous = watcher.watchChunk(rows[start] as Element, count, previous, start + chunkSize >= rows.length);
  }
  if (previous) watcher.lastChunks.set(list, previous);
}

/**
 * While the page is parsed, the list's new rows are read by their place in it once a frame: the
 * parser only appends, and only every tenth row is touched. A MutationObserver would hand the
 * script every row and text node the parser adds (13 ms on a 5,000-row chart). `done` once parsed.
 */
function followParser(watcher: ChunkWatcher, list: Element, signal: AbortSignal, done: () => void): void {
  const children = list.children;
  let next = 0;
  const take = (parsed: boolean) => {
    // While parsing, a chunk is taken once it is whole and a row after it has begun.
    const end = parsed ? children.length : children.length - 1;
    let previous = watcher.lastChunks.get(list) ?? null;
    for (; next + (parsed ? 1 : chunkSize) <= end; next += chunkSize) {
      const count = Math.min(chunkSize, end - next);
      const last = parsed && next + chunkSize >= end;
      previous = watcher.watchChunk(children[next] as Element, count, previous, last);
    }
    if (previous) watcher.lastChunks.set(list, previous);
  };
  let finished = false;
  const finish = () => {
    if (finished || signal.aborted) return;
    finished = true;
    take(true);
    done();
  };
  const frame = () => {
    if (signal.aborted || finished) return;
    if (document.readyState !== 'loading') return finish();
    take(false);
    requestAnimationFrame(frame);
  };
  // A tab in the background draws no frames: the parser's end takes the rest.
  document.addEventListener('DOMContentLoaded', finish, { once: true, signal });
  frame();
}

/** Rows added to `list` later (Load more, infinite scroll): each consecutive run in chunks. */
function followChanges(watcher: ChunkWatcher, list: Element, signal: AbortSignal): void {
  // Children only: the parser adds a row's own content too, which is nothing to watch.
  const added = new MutationObserver((records) => {
    let run: Element[] = [];
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (!(node instanceof Element)) continue;
        if (run.length > 0 && run.at(-1)?.nextElementSibling !== node) {
          watchRows(watcher, list, run);
          run = [];
        }
        run.push(node);
      }
    }
    watchRows(watcher, list, run);
  });
  added.observe(list, { childList: true });
  signal.addEventListener('abort', () => added.disconnect());
}

function watchLists(storeOrigin: string, mount: Mount, signal: AbortSignal): (list: Element) => void {
  const watcher = createChunkWatcher(storeOrigin, mount, signal);
  // A list shown again (a tab switched back) is reported again: it is watched once.
  const watched = new WeakSet<Element>();
  return (list) => {
    if (watched.has(list)) return;
    watched.add(list);
    if (document.readyState === 'loading') {
      followParser(watcher, list, signal, () => followChanges(watcher, list, signal));
      return;
    }
    // A list's children are its rows; which of them are items is seen when they are decorated.
    watchRows(watcher, list, [...list.children]);
    followChanges(watcher, list, signal);
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
