import type { ComponentChildren } from 'preact';
import { useCallback, useEffect, useLayoutEffect, useMemo, useState } from 'preact/hooks';
import { i18n } from '#i18n';
import type { KeyNotation } from '../../lib/contract/musical-key.ts';
import { cartPageUrl } from '../../lib/contract/store-urls.ts';
import { artistNames, trackDisplayTitle } from '../../lib/contract/track-display.ts';
import type { LibraryEntry } from '../../lib/contract/wire.ts';
import { dayOptions, formatDate } from '../../lib/i18n/dates.ts';
import { errorMessage } from '../../lib/i18n/error-message.ts';
import { formatCount } from '../../lib/i18n/intl.ts';
import { plural } from '../../lib/i18n/plural.ts';
import { LibraryPages, type LibraryStatus, libraryPageSize } from '../../lib/popup/library-pages.ts';
import { openTab } from '../../lib/popup/open-tab.ts';
import { allTracks, isAllTracks, type TrackView, viewTracks } from '../../lib/popup/track-facts.ts';
import { send } from '../../lib/protocol/send.ts';
import type { CacheScope } from '../../lib/storage/popup-cache.ts';
import { BulkDownloadPanel } from './bulk-download-panel.tsx';
import { CrateExportButton } from './crate-export-button.tsx';
import { ErrorNotice } from './error-notice.tsx';
import { formatLabels } from './format-switcher.tsx';
import { Notice } from './notice.tsx';
import { PreviewButton } from './preview-button.tsx';
import { RefreshStatus } from './refresh-status.tsx';
import { TrackFactsLine, TrackThumb, TrackViewFilters, useKeyNotation } from './track-view.tsx';
import { VirtualList } from './virtual-list.tsx';

export interface LibraryTabProps {
  scope: CacheScope | null;
  storeUrl: string;
  revalidate: number;
}

type Shown = 'all' | LibraryStatus;
type DownloadState =
  | { kind: 'saving' }
  | { kind: 'saved'; filename: string }
  | { kind: 'failed'; message: string };

export const libraryRowHeight = 56;

/** "Title (Mix)", as the store names tracks in carts and files. */
export const entryTitle = (entry: LibraryEntry) => trackDisplayTitle(entry.track);
const entryArtists = (entry: LibraryEntry) => artistNames(entry.track);

function matches(entry: LibraryEntry, query: string): boolean {
  const { track } = entry;
  const haystack = [
    track.name,
    track.mixName,
    ...track.artists.map((a) => a.name),
    ...track.remixers.map((a) => a.name),
  ];
  return haystack.some((text) => text.toLowerCase().includes(query));
}

/** What an entry's line says: its download as it happens, else whether it was downloaded, else when it was bought. */
function entryStatus(entry: LibraryEntry, state: DownloadState | undefined): string {
  if (state?.kind === 'saving') return i18n.t('popup.library.starting');
  if (state?.kind === 'saved') return i18n.t('popup.library.justNow');
  if (state?.kind === 'failed') return state.message;
  // "downloaded" or "re-download"
  if (entry.status !== 'available') return i18n.t('popup.library.downloaded');
  return i18n.t('popup.library.bought', [formatDate(entry.purchasedAt, dayOptions)]);
}

interface EntryRowProps {
  entry: LibraryEntry | undefined;
  index: number;
  state: DownloadState | undefined;
  notation: KeyNotation;
  onDownload: (entry: LibraryEntry) => void;
}

function LibraryEntryRow({ entry, index, state, notation, onDownload }: EntryRowProps) {
  if (!entry)
    return (
      <div class="row-placeholder" aria-busy="true">
        {i18n.t('popup.library.loadingRow')}
      </div>
    );
  const title = entryTitle(entry);
  return (
    <div class="library-entry">
      <PreviewButton trackId={entry.track.id} sampleUrl={entry.track.sampleUrl} title={title} />
      <TrackThumb image={entry.track.image} />
      <div class="item-text">
        {/* The Element Timing API reports when the first entry was painted (bench/popup.ts). */}
        <span
          class="item-title"
          title={title}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: focusable so a truncated title can be read in full from the keyboard
          tabIndex={0}
          elementtiming={index === 0 ? 'library-first-entry' : undefined}
        >
          {title}
        </span>
        <span class="item-sub">
          {entryArtists(entry)} · <span class="tag">{formatLabels[entry.audioFormat]}</span>{' '}
          <span class={state?.kind === 'failed' ? 'problem' : 'status'}>{entryStatus(entry, state)}</span>
        </span>
        <TrackFactsLine facts={entry.track} notation={notation} />
      </div>
      <button
        type="button"
        aria-label={i18n.t('popup.library.downloadItem', [title])}
        disabled={state?.kind === 'saving'}
        onClick={() => onDownload(entry)}
      >
        {i18n.t('popup.library.download')}
      </button>
    </div>
  );
}

/** Saves one entry at a time from its row's button, with each entry's state and a line to announce. */
function useEntryDownloads(pages: LibraryPages | null) {
  const [downloads, setDownloads] = useState<ReadonlyMap<number, DownloadState>>(() => new Map());
  const [announcement, setAnnouncement] = useState('');
  const setState = (id: number, state: DownloadState) =>
    setDownloads((states) => new Map(states).set(id, state));

  async function download(entry: LibraryEntry) {
    const title = entryTitle(entry);
    setState(entry.id, { kind: 'saving' });
    try {
      const [saved] = await send('initiateDownloads', {
        entries: [{ id: entry.id, audioFormat: entry.audioFormat, track: entry.track }],
      });
      const filename = saved?.filename ?? title;
      setState(entry.id, { kind: 'saved', filename });
      setAnnouncement(i18n.t('popup.library.saving', [filename]));
      pages?.markDownloaded(entry.id, new Date().toISOString());
    } catch (caught) {
      const message = errorMessage(caught);
      setState(entry.id, { kind: 'failed', message });
      setAnnouncement(i18n.t('popup.library.failed', [title, message]));
    }
  }
  return { downloads, announcement, download };
}

interface FiltersProps {
  shown: Shown;
  onShown: (shown: Shown) => void;
  text: string;
  onText: (text: string) => void;
  trackView: TrackView;
  notation: KeyNotation;
  onTrackView: (view: TrackView) => void;
}

function LibraryFilters({ shown, onShown, text, onText, trackView, notation, onTrackView }: FiltersProps) {
  return (
    <div class="filters">
      <label class="inline">
        {i18n.t('popup.library.show')}
        <select value={shown} onChange={(event) => onShown(event.currentTarget.value as Shown)}>
          <option value="all">{i18n.t('popup.library.all')}</option>
          <option value="available">{i18n.t('popup.library.notDownloaded')}</option>
          <option value="downloaded">{i18n.t('popup.library.downloaded')}</option>
        </select>
      </label>
      <label class="inline grow">
        {i18n.t('popup.library.filter')}
        <input
          type="search"
          placeholder={i18n.t('popup.library.filterPlaceholder')}
          value={text}
          onInput={(event) => onText(event.currentTarget.value)}
        />
      </label>
      <TrackViewFilters view={trackView} notation={notation} onChange={onTrackView} />
    </div>
  );
}

const SignedOut = () => (
  <Notice title={i18n.t('popup.library.signedOutTitle')}>{i18n.t('popup.library.signedOutHint')}</Notice>
);

/** The first page on its way, or why it did not come. */
function LibraryLoading({ error, onRetry }: { error: LibraryPages['error']; onRetry: () => void }) {
  if (error) return <ErrorNotice error={error} onRetry={onRetry} />;
  return (
    <div aria-busy="true">
      <Notice title={i18n.t('popup.library.loading')} />
    </div>
  );
}

/** What an empty library, or an empty status filter, says. */
function EmptyLibrary({ shown, storeUrl }: { shown: Shown; storeUrl: string }) {
  if (shown !== 'all') {
    return (
      <Notice
        title={
          shown === 'available'
            ? i18n.t('popup.library.allDownloaded')
            : i18n.t('popup.library.noneDownloaded')
        }
      >
        {i18n.t('popup.library.showAllHint')}
      </Notice>
    );
  }
  return (
    <Notice
      title={i18n.t('popup.library.emptyTitle')}
      action={
        <button type="button" onClick={() => openTab(`${storeUrl}${cartPageUrl}`)}>
          {i18n.t('popup.library.goCheckout')}
        </button>
      }
    >
      {i18n.t('popup.library.emptyHint')}
    </Notice>
  );
}

interface MatchesProps {
  filtered: readonly LibraryEntry[];
  pages: LibraryPages;
  query: string;
  text: string;
  row: (entry: LibraryEntry | undefined, index: number) => ComponentChildren;
}

/** The entries a text or track filter leaves, counted as the search goes through pages not loaded yet. */
function LibraryMatches({ filtered, pages, query, text, row }: MatchesProps) {
  const total = pages.count ?? 0;
  const searched = pages.loadedCount;
  return (
    <>
      <p class="filter-count" role="status">
        {searched < total
          ? plural('popup.library.searching', filtered.length, formatCount(searched), formatCount(total))
          : plural('popup.library.matches', filtered.length)}
      </p>
      {filtered.length === 0 && searched >= total ? (
        <Notice
          title={
            query
              ? i18n.t('popup.library.nothingMatchesText', [text.trim()])
              : i18n.t('popup.library.nothingMatchesFilters')
          }
        >
          {i18n.t('popup.library.tryHint')}
        </Notice>
      ) : (
        <VirtualList
          count={filtered.length}
          rowHeight={libraryRowHeight}
          label={i18n.t('popup.library.matchingLabel')}
          renderRow={(index) => row(filtered[index], index)}
        />
      )}
    </>
  );
}

/** The download library: newest purchases first, status and text filters, a download button per entry. */
export function LibraryTab({ scope, storeUrl, revalidate }: LibraryTabProps) {
  const [shown, setShown] = useState<Shown>('all');
  const [text, setText] = useState('');
  const [, setVersion] = useState(0);
  const [trackView, setTrackView] = useState(allTracks);
  const notation = useKeyNotation();
  const narrowed = !isAllTracks(trackView);
  const query = text.trim().toLowerCase();
  const scopeId = scope ? `${scope.storeUrl}\n${scope.username}` : null;

  const pages = useMemo(() => {
    if (!scope) return null;
    const status = shown === 'all' ? undefined : shown;
    return new LibraryPages(
      scope,
      status,
      (page) => send('library', { page, perPage: libraryPageSize, ...(status ? { status } : {}) }),
      () => setVersion((version) => version + 1),
    );
  }, [scopeId, shown, revalidate]);
  const { downloads, announcement, download } = useEntryDownloads(pages);

  // A layout effect runs before the first paint, not after it: the cached first page is asked for sooner.
  useLayoutEffect(() => {
    void pages?.start();
    return () => pages?.close();
  }, [pages]);

  useEffect(() => {
    if ((query || narrowed) && pages?.count !== null) pages?.loadAll();
  }, [query, narrowed, pages, pages?.count]);

  const onRange = useCallback((first: number, last: number) => pages?.ensure(first, last), [pages]);

  if (!scope || !pages) return <SignedOut />;

  const row = (entry: LibraryEntry | undefined, index: number) => (
    <LibraryEntryRow
      entry={entry}
      index={index}
      state={entry && downloads.get(entry.id)}
      notation={notation}
      onDownload={(chosen) => void download(chosen)}
    />
  );
  const textMatches = query ? pages.loaded.filter((entry) => matches(entry, query)) : pages.loaded;
  const filtered = query || narrowed ? viewTracks(textMatches, (entry) => entry.track, trackView) : null;
  const loading = pages.count === null;

  let body: ComponentChildren;
  if (loading) {
    body = <LibraryLoading error={pages.error} onRetry={() => void pages.start()} />;
  } else if (pages.count === 0) {
    body = <EmptyLibrary shown={shown} storeUrl={storeUrl} />;
  } else if (filtered) {
    body = <LibraryMatches filtered={filtered} pages={pages} query={query} text={text} row={row} />;
  } else {
    body = (
      <VirtualList
        count={pages.count ?? 0}
        rowHeight={libraryRowHeight}
        label={i18n.t('popup.library.listLabel')}
        renderRow={(index) => row(pages.entry(index), index)}
        onRange={onRange}
      />
    );
  }

  return (
    <div class="library-tab">
      <RefreshStatus
        refreshing={pages.refreshing}
        savedAt={loading ? undefined : (pages.savedAt ?? Date.now())}
        error={pages.error}
        onRetry={() => void pages.start()}
      />
      <LibraryFilters
        shown={shown}
        onShown={setShown}
        text={text}
        onText={setText}
        trackView={trackView}
        notation={notation}
        onTrackView={setTrackView}
      />
      <BulkDownloadPanel onLibraryChanged={() => void pages.start()} />
      <CrateExportButton label={i18n.t('popup.library.exportCrate')} selection={filtered} />
      <p class="visually-hidden" aria-live="polite">
        {announcement}
      </p>
      {body}
    </div>
  );
}
