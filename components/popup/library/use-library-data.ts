/**
 * The library tab's glue to the worker: the library's pages for the "Show" choice, which entries
 * are on this computer, and the entries saved from their rows. What each means lives in
 * lib/popup/library/; these hooks hold it in Preact state.
 */
import { useEffect, useLayoutEffect, useMemo, useState } from 'preact/hooks';
import type { LibraryEntry } from '../../../lib/contract/wire.ts';
import { type DownloadState, saveEntry } from '../../../lib/popup/library/entry-download.ts';
import {
  LibraryPages,
  type LibraryStatus,
  libraryPageSize,
} from '../../../lib/popup/library/library-pages.ts';
import { askOnThisComputer, type Here } from '../../../lib/popup/library/this-computer.ts';
import { send } from '../../../lib/protocol/send.ts';
import type { CacheScope } from '../../../lib/storage/popup-cache.ts';

/** The library's pages for one account and status, made again on `revalidate`, started before the first paint. */
export function useLibraryPages(
  scope: CacheScope | null,
  status: LibraryStatus | undefined,
  revalidate: number,
) {
  const [, setVersion] = useState(0);
  const scopeId = scope ? `${scope.storeUrl}\n${scope.username}` : null;
  const pages = useMemo(() => {
    if (!scope) return null;
    return new LibraryPages(
      scope,
      status,
      (page) => send('library', { page, perPage: libraryPageSize, ...(status ? { status } : {}) }),
      () => setVersion((version) => version + 1),
    );
  }, [scopeId, status, revalidate]);
  // A layout effect runs before the first paint, not after it: the cached first page is asked for sooner.
  useLayoutEffect(() => {
    void pages?.start();
    return () => pages?.close();
  }, [pages]);
  return pages;
}

/** The entries on this computer; null until the worker answers. Asked again when a run ends: its files are here now. */
export function useOnThisComputer(scope: CacheScope | null) {
  const [here, setHere] = useState<Here>(null);
  // Until the first answer (or its failure): the rows keep their place for "On this computer".
  const [pending, setPending] = useState(true);
  const [asked, setAsked] = useState(0);
  const scopeId = scope ? `${scope.storeUrl}\n${scope.username}` : null;
  useEffect(() => {
    if (scopeId === null) return;
    let live = true;
    askOnThisComputer()
      .then((ids) => live && setHere(ids))
      .catch(() => undefined)
      .finally(() => live && setPending(false));
    return () => {
      live = false;
    };
  }, [scopeId, asked]);
  return { here, pending, recheck: () => setAsked((count) => count + 1) };
}

/** Saves one entry at a time from its row's button, with each entry's state and a line to announce. */
export function useEntryDownloads(pages: LibraryPages | null) {
  const [downloads, setDownloads] = useState<ReadonlyMap<number, DownloadState>>(() => new Map());
  const [announcement, setAnnouncement] = useState('');
  const setState = (id: number, state: DownloadState) =>
    setDownloads((states) => new Map(states).set(id, state));

  async function download(entry: LibraryEntry) {
    setState(entry.id, { kind: 'saving' });
    const { state, announcement: said } = await saveEntry(entry);
    setState(entry.id, state);
    setAnnouncement(said);
    if (state.kind === 'saved') pages?.markDownloaded(entry.id, new Date().toISOString());
  }
  return { downloads, announcement, download };
}
