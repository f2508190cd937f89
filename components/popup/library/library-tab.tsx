import type { ComponentChildren } from 'preact';
import { useCallback, useEffect, useLayoutEffect, useMemo, useState } from 'preact/hooks';
import { i18n } from '#i18n';
import { formatLabel } from '../../../lib/contract/audio-formats.ts';
import type { KeyNotation } from '../../../lib/contract/musical-key.ts';
import { cartPageUrl } from '../../../lib/contract/store-urls.ts';
import { artistsLine, trackDisplayTitle } from '../../../lib/contract/track-display.ts';
import type { LibraryEntry } from '../../../lib/contract/wire.ts';
import { dayOptions, formatDate } from '../../../lib/i18n/dates.ts';
import { errorMessage } from '../../../lib/i18n/error-message.ts';
import { formatCount } from '../../../lib/i18n/intl.ts';
import { plural } from '../../../lib/i18n/plural.ts';
import { LibraryPages, type LibraryStatus, libraryPageSize } from '../../../lib/popup/library-pages.ts';
import { openTab } from '../../../lib/popup/open-tab.ts';
import { allTracks, isAllTracks, type TrackView, viewTracks } from '../../../lib/popup/track-facts.ts';
import { send } from '../../../lib/protocol/send.ts';
import type { CacheScope } from '../../../lib/storage/popup-cache.ts';
import { CrateExportButton } from '../crates/crate-export-button.tsx';
import { ErrorNotice } from '../notices/error-notice.tsx';
import { Notice } from '../notices/notice.tsx';
import { RefreshStatus } from '../notices/refresh-status.tsx';
import { PreviewButton } from '../track-rows/preview-button.tsx';
import { TrackFactsLine, TrackThumb, TrackViewFilters, useKeyNotation } from '../track-rows/track-view.tsx';
import { BulkDownloadPanel } from './bulk-download-panel.tsx';
import { RowWaveform } from './row-waveform.tsx';
import { VirtualList } from './virtual-list.tsx';

export interface LibraryTabProps {
  scope: CacheScope | null;
  storeUrl: string;
  revalidate: number;
}

/**
 * What the list shows: by this computer (its browser's records, the default), everything, or by
 * the store's account-wide status.
 */
type Shown = 'notHere' | 'here' | 'all' | LibraryStatus;
type DownloadState =
  | { kind: 'saving' }
  | { kind: 'saved'; filename: string }
  | { kind: 'failed'; message: string };

export const libraryRowHeight = 56;

/** "Title (Mix)", as the store names tracks in carts and files. */
/** A library row's title: "Title (Mix)". */
const entryTrackTitle = (entry: LibraryEntry) => trackDisplayTitle(entry.track);
const entryArtists = (entry: LibraryEntry) => artistsLine(entry.track);

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

/**
 * What an entry's line says: its download as it happens, else whether the store counts it
 * downloaded (on any computer), else when it was bought.
 */
function entryStatus(entry: LibraryEntry, state: DownloadState | undefined): string {
  if (state?.kind === 'saving') return i18n.t('popup.library.starting');
  if (state?.kind === 'saved') return i18n.t('popup.library.justNow');
  if (state?.kind === 'failed') return state.message;
  // "downloaded" or "re-download"
  if (entry.status !== 'available') return i18n.t('popup.library.storeDownloaded');
  return i18n.t('popup.library.bought', [formatDate(entry.purchasedAt, dayOptions)]);
}

/** Whether the entry's file is on this computer; nothing while the worker has not said yet. */
function HereTag({ here }: { here: boolean | undefined }) {
  if (here === undefined) return null;
  return (
    <>
      <span class={here ? 'here' : 'not-here'}>
        {here ? i18n.t('popup.library.onThisComputer') : i18n.t('popup.library.notOnThisComputer')}
      </span>
      {' · '}
    </>
  );
}

interface EntryRowProps {
  scope: CacheScope | null;
  entry: LibraryEntry | undefined;
  index: number;
  state: DownloadState | undefined;
  here: boolean | undefined;
  notation: KeyNotation;
  onDownload: (entry: LibraryEntry) => void;
}

function LibraryEntryRow({ scope, entry, index, state, here, notation, onDownload }: EntryRowProps) {
  if (!entry)
    return (
      <div class="row-placeholder" aria-busy="true">
        {i18n.t('popup.library.loadingRow')}
      </div>
    );
  const title = entryTrackTitle(entry);
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
          {entryArtists(entry)} · <span class="tag">{formatLabel(entry.audioFormat)}</span>{' '}
          <HereTag here={here} />
          <span class={state?.kind === 'failed' ? 'problem' : 'status'}>{entryStatus(entry, state)}</span>
        </span>
        <TrackFactsLine facts={entry.track} notation={notation} />
      </div>
      <RowWaveform scope={scope} trackId={entry.track.id} />
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
    const title = entryTrackTitle(entry);
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
          <option value="notHere">{i18n.t('popup.library.notOnThisComputer')}</option>
          <option value="here">{i18n.t('popup.library.onThisComputer')}</option>
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
  if (shown === 'available' || shown === 'downloaded') {
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
  /** What an empty result says when only the this-computer filter narrows the list. */
  noneHere: string | null;
  row: (entry: LibraryEntry | undefined, index: number) => ComponentChildren;
}

/**
 * The entries a text, track or this-computer filter leaves, counted as the search goes through
 * pages not loaded yet.
 */
function LibraryMatches({ filtered, pages, query, text, noneHere, row }: MatchesProps) {
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
              : (noneHere ?? i18n.t('popup.library.nothingMatchesFilters'))
          }
        >
          {noneHere && !query ? i18n.t('popup.library.showAllHint') : i18n.t('popup.library.tryHint')}
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

/**
 * Whether the this-computer filter narrows the list now: nothing known here yet is the whole
 * library, which pages as it scrolls and loads nothing more.
 */
const filtersByHere = (shown: Shown, here: ReadonlySet<number> | null): here is ReadonlySet<number> =>
  here !== null && (shown === 'here' || (shown === 'notHere' && here.size > 0));

interface LibraryView {
  shown: Shown;
  here: ReadonlySet<number> | null;
  query: string;
  trackView: TrackView;
  /** Entries downloaded (or tried) from their row in this popup: they stay in view whatever the filter. */
  pinned: ReadonlyMap<number, unknown>;
}

/** The loaded entries a text, track or this-computer filter leaves; null when none narrows the list. */
function selectEntries(loaded: LibraryEntry[], { shown, here, query, trackView, pinned }: LibraryView) {
  const byHere = filtersByHere(shown, here);
  if (!query && isAllTracks(trackView) && !byHere) return null;
  const inView = (entry: LibraryEntry) =>
    !byHere || pinned.has(entry.id) || (shown === 'here') === here.has(entry.id);
  const textMatches = loaded.filter((entry) => inView(entry) && (!query || matches(entry, query)));
  return viewTracks(textMatches, (entry) => entry.track, trackView);
}

interface BodyProps {
  pages: LibraryPages;
  filtered: LibraryEntry[] | null;
  view: LibraryView;
  text: string;
  storeUrl: string;
  row: (entry: LibraryEntry | undefined, index: number) => ComponentChildren;
  onRange: (first: number, last: number) => void;
}

/** The list once the library's size is known: empty, narrowed by filters, or all of it paged. */
function LibraryBody({ pages, filtered, view, text, storeUrl, row, onRange }: BodyProps) {
  if (pages.count === 0) return <EmptyLibrary shown={view.shown} storeUrl={storeUrl} />;
  if (!filtered)
    return (
      <VirtualList
        count={pages.count ?? 0}
        rowHeight={libraryRowHeight}
        label={i18n.t('popup.library.listLabel')}
        renderRow={(index) => row(pages.entry(index), index)}
        onRange={onRange}
      />
    );
  const onlyHere = filtersByHere(view.shown, view.here) && isAllTracks(view.trackView);
  const noneHere = view.shown === 'here' ? i18n.t('popup.library.noneHere') : i18n.t('popup.library.allHere');
  return (
    <LibraryMatches
      filtered={filtered}
      pages={pages}
      query={view.query}
      text={text}
      noneHere={onlyHere ? noneHere : null}
      row={row}
    />
  );
}

/**
 * The entries on this computer, as the worker reads this browser's records (on-this-computer.ts);
 * null until it answers. Asked again when a run ends: its files are here now.
 */
function useOnThisComputer(scopeId: string | null) {
  const [here, setHere] = useState<ReadonlySet<number> | null>(null);
  const [asked, setAsked] = useState(0);
  useEffect(() => {
    if (scopeId === null) return;
    let live = true;
    send('onThisComputer', {})
      .then(({ downloadIds }) => live && setHere(new Set(downloadIds)))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [scopeId, asked]);
  return { here, recheck: () => setAsked((count) => count + 1) };
}

/** The download library: newest purchases first, status and text filters, a download button per entry. */
export function LibraryTab({ scope, storeUrl, revalidate }: LibraryTabProps) {
  const [shown, setShown] = useState<Shown>('notHere');
  const [text, setText] = useState('');
  const [, setVersion] = useState(0);
  const [trackView, setTrackView] = useState(allTracks);
  const notation = useKeyNotation();
  const narrowed = !isAllTracks(trackView);
  const query = text.trim().toLowerCase();
  const scopeId = scope ? `${scope.storeUrl}\n${scope.username}` : null;

  const status = shown === 'available' || shown === 'downloaded' ? shown : undefined;
  const { here, recheck } = useOnThisComputer(scopeId);
  const byHere = filtersByHere(shown, here);
  const pages = useMemo(() => {
    if (!scope) return null;
    return new LibraryPages(
      scope,
      status,
      (page) => send('library', { page, perPage: libraryPageSize, ...(status ? { status } : {}) }),
      () => setVersion((version) => version + 1),
    );
  }, [scopeId, status, revalidate]);
  const { downloads, announcement, download } = useEntryDownloads(pages);

  // A layout effect runs before the first paint, not after it: the cached first page is asked for sooner.
  useLayoutEffect(() => {
    void pages?.start();
    return () => pages?.close();
  }, [pages]);

  useEffect(() => {
    if ((query || narrowed || byHere) && pages?.count !== null) pages?.loadAll();
  }, [query, narrowed, byHere, pages, pages?.count]);

  const onRange = useCallback((first: number, last: number) => pages?.ensure(first, last), [pages]);

  if (!scope || !pages) return <SignedOut />;

  const row = (entry: LibraryEntry | undefined, index: number) => (
    <LibraryEntryRow
      scope={scope}
      entry={entry}
      index={index}
      state={entry && downloads.get(entry.id)}
      here={entry && here ? here.has(entry.id) : undefined}
      notation={notation}
      onDownload={(chosen) => void download(chosen)}
    />
  );
  const view = { shown, here, query, trackView, pinned: downloads };
  const filtered = selectEntries(pages.loaded, view);
  // "On this computer" waits for the worker's answer rather than showing everything first.
  const loading = pages.count === null || (shown === 'here' && here === null);
  const body = loading ? (
    <LibraryLoading error={pages.error} onRetry={() => void pages.start()} />
  ) : (
    <LibraryBody
      pages={pages}
      filtered={filtered}
      view={view}
      text={text}
      storeUrl={storeUrl}
      row={row}
      onRange={onRange}
    />
  );

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
      <BulkDownloadPanel
        onLibraryChanged={() => {
          recheck();
          void pages.start();
        }}
      />
      <CrateExportButton label={i18n.t('popup.library.exportCrate')} selection={filtered} />
      <p class="visually-hidden" aria-live="polite">
        {announcement}
      </p>
      {body}
    </div>
  );
}
