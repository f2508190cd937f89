import { render } from 'preact';
import type { Track } from '../../../lib/contract/wire.ts';
import { listStatus } from '../components/track-list.tsx';
import { TrackRow } from '../components/track-row.tsx';

/**
 * A long track list's next rows, fetched from the catalog API that the page's data comes from,
 * when "Load more" is clicked or the end of the list scrolls into view (infinite scroll). New
 * rows are rendered by the same component as the server's, so they have the same links.
 */
export function initLoadMore(block: HTMLElement): void {
  const list = block.querySelector<HTMLOListElement>('ol.track-list');
  const footer = block.querySelector<HTMLElement>('.list-footer');
  const button = block.querySelector<HTMLButtonElement>('button.load-more');
  const status = block.querySelector<HTMLElement>('.list-status');
  if (!list || !footer || !button || !status) return;
  const rows: HTMLOListElement = list;
  const { sourcePage, sourceId, sourceList = 'tracks', numbered } = list.dataset;
  const pageSize = Number(list.dataset.pageSize);
  let count = Number(list.dataset.count);
  let shown = list.children.length;
  let loading = false;
  // How close to the viewport the end of the list starts the next load.
  const lookahead = 400;
  // A list in a hidden tab has no boxes and is never near.
  const nearViewport = () =>
    footer.getClientRects().length > 0 && footer.getBoundingClientRect().top < window.innerHeight + lookahead;

  const update = (message = listStatus(shown, count)) => {
    status.textContent = message;
    button.hidden = shown >= count;
    button.disabled = loading;
    button.textContent = loading ? 'Loading…' : 'Load more';
  };

  async function loadNext(): Promise<void> {
    if (loading || shown >= count) return;
    loading = true;
    update();
    let failed = false;
    try {
      // The first rows were one page of pageSize, so the next page continues exactly after them.
      const page = Math.floor(shown / pageSize) + 1;
      const query = new URLSearchParams({
        id: String(sourceId),
        page: String(page),
        perPage: String(pageSize),
      });
      const response = await fetch(`/catalog/3/platform/${sourcePage}?${query}`, {
        headers: { accept: 'application/json' },
      });
      if (!response.ok) throw new Error(`The catalog answered ${response.status}.`);
      const body = (await response.json()) as { results: Record<string, Track[]> };
      const tracks = body.results[sourceList] ?? [];
      const holder = document.createElement('ol');
      render(
        tracks.map((track, index) => (
          <TrackRow key={track.id} track={track} position={numbered ? shown + index + 1 : undefined} />
        )),
        holder,
      );
      rows.append(...holder.childNodes);
      shown += tracks.length;
      // A list that shrank since the page was rendered simply ends here.
      if (tracks.length < pageSize) count = shown;
    } catch {
      failed = true;
    } finally {
      loading = false;
      update(failed ? 'Could not load more tracks. Try again.' : undefined);
    }
    // Still at the end of the list (a tall window): keep filling it. Measured after layout, as
    // the observer only reports changes.
    if (!failed) {
      requestAnimationFrame(() => {
        if (nearViewport()) void loadNext();
      });
    }
  }

  button.addEventListener('click', () => void loadNext());
  new IntersectionObserver(
    (entries) => {
      if (entries.some((entry) => entry.isIntersecting)) void loadNext();
    },
    { rootMargin: `0px 0px ${lookahead}px 0px` },
  ).observe(footer);
  update();
}
