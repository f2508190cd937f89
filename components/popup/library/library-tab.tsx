/**
 * The download library: newest purchases first, a "Show" choice (this computer, the store's status),
 * text and track filters, a download button per entry. What the list shows is decided in
 * lib/popup/library/library-filter.ts; this file holds the choices and lays the parts out.
 */
import { useCallback, useEffect, useState } from 'preact/hooks';
import { i18n } from '#i18n';
import type { LibraryEntry } from '../../../lib/contract/wire.ts';
import {
  queryOf,
  type Shown,
  searchesAllPages,
  selectEntries,
  storeStatus,
  waitsForHere,
} from '../../../lib/popup/library/library-filter.ts';
import { isHere } from '../../../lib/popup/library/this-computer.ts';
import { allTracks } from '../../../lib/popup/track-facts.ts';
import type { CacheScope } from '../../../lib/storage/popup-cache.ts';
import { CrateExportButton } from '../crates/crate-export-button.tsx';
import { RefreshStatus } from '../notices/refresh-status.tsx';
import { useKeyNotation } from '../track-rows/track-view.tsx';
import { BulkDownloadPanel } from './bulk-download-panel.tsx';
import { LibraryBody } from './library-body.tsx';
import { LibraryEntryRow } from './library-entry-row.tsx';
import { LibraryFilters } from './library-filters.tsx';
import { LibraryLoading, LibrarySignedOut } from './library-notices.tsx';
import { useEntryDownloads, useLibraryPages, useOnThisComputer } from './use-library-data.ts';

export interface LibraryTabProps {
  scope: CacheScope | null;
  storeUrl: string;
  revalidate: number;
}

export function LibraryTab({ scope, storeUrl, revalidate }: LibraryTabProps) {
  const [shown, setShown] = useState<Shown>('notHere');
  const [text, setText] = useState('');
  const [trackView, setTrackView] = useState(allTracks);
  const notation = useKeyNotation();
  const query = queryOf(text);
  const { here, pending: herePending, recheck } = useOnThisComputer(scope);
  const pages = useLibraryPages(scope, storeStatus(shown), revalidate);
  const { downloads, announcement, download } = useEntryDownloads(pages);

  // A filter searches every page, not only those scrolled to; asked again as the filter changes.
  useEffect(() => {
    if (searchesAllPages({ shown, here, query, trackView }) && pages?.count !== null) pages?.loadAll();
  }, [shown, here, query, trackView, pages, pages?.count]);

  const onRange = useCallback((first: number, last: number) => pages?.ensure(first, last), [pages]);

  if (!scope || !pages) return <LibrarySignedOut />;

  const row = (entry: LibraryEntry | undefined, index: number) => (
    <LibraryEntryRow
      scope={scope}
      entry={entry}
      index={index}
      state={entry && downloads.get(entry.id)}
      here={entry && isHere(here, entry.id)}
      herePending={herePending}
      notation={notation}
      onDownload={(chosen) => void download(chosen)}
    />
  );
  const view = { shown, here, query, trackView, pinned: downloads };
  const filtered = selectEntries(pages.loaded, view);
  const loading = pages.count === null || waitsForHere(shown, here);

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
      {loading ? (
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
      )}
    </div>
  );
}
