import { useEffect, useState } from 'preact/hooks';
import { i18n } from '#i18n';
import { formatCount, uiLocale } from '../../lib/i18n/intl.ts';
import { plural } from '../../lib/i18n/plural.ts';
import { directoryPicker, inputFolder, pickFolder } from '../../lib/options/collection/folder-files.ts';
import {
  collectionSources,
  removeCollection,
  saveCollection,
} from '../../lib/options/collection/import-collection.ts';
import {
  type ReadCollection,
  readCollectionFile,
  readMusicFolder,
} from '../../lib/options/collection/read-collection.ts';
import { errorMessage } from '../../lib/protocol/error-message.ts';
import type { CollectionSource } from '../../lib/storage/collection-store.ts';

type Status =
  | { kind: 'idle' }
  | { kind: 'reading'; read: number }
  | { kind: 'done'; source: CollectionSource }
  | { kind: 'error'; message: string };

/** "12 skipped: no artist or no title (10), no tags in the file (2)", or nothing. */
export function skippedSummary(skipped: Record<string, number>): string {
  const entries = Object.entries(skipped);
  const total = entries.reduce((sum, [, n]) => sum + n, 0);
  if (total === 0) return i18n.t('collection.nothingSkipped');
  const reasons = entries.map(([why, n]) => `${why} (${formatCount(n)})`).join(', ');
  return i18n.t('collection.skipped', [formatCount(total), reasons]);
}

/**
 * The DJ's collection: import a rekordbox or Traktor collection, a playlist or a music folder, see
 * what was read and skipped, and remove a source. Everything is read and kept in this browser.
 */
export function CollectionSection() {
  const [sources, setSources] = useState<CollectionSource[]>([]);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const refresh = () => void collectionSources().then(setSources);
  useEffect(refresh, []);

  async function run(name: string, reading: (progress: (read: number) => void) => Promise<ReadCollection>) {
    setStatus({ kind: 'reading', read: 0 });
    try {
      const read = await reading((n) => setStatus({ kind: 'reading', read: n }));
      const source = await saveCollection(read, name);
      setStatus({ kind: 'done', source });
    } catch (error) {
      setStatus({ kind: 'error', message: errorMessage(error) });
    }
    refresh();
  }

  function importFile(event: Event) {
    const input = event.currentTarget as HTMLInputElement;
    const file = input.files?.[0];
    input.value = '';
    if (file) void run(file.name, (progress) => readCollectionFile(file, progress));
  }

  function importFolderInput(event: Event) {
    const input = event.currentTarget as HTMLInputElement;
    const files = input.files;
    if (!files || files.length === 0) return;
    const folder = inputFolder(files);
    input.value = '';
    void run(folder.name, (progress) => readMusicFolder(folder.name, folder.files, progress));
  }

  async function chooseFolder() {
    const picker = directoryPicker();
    if (!picker) return;
    const folder = await pickFolder(picker).catch((error: unknown) => {
      setStatus({ kind: 'error', message: errorMessage(error) });
      return null;
    });
    if (folder) void run(folder.name, (progress) => readMusicFolder(folder.name, folder.files, progress));
  }

  async function remove(id: string) {
    await removeCollection(id);
    refresh();
  }

  const busy = status.kind === 'reading';
  return (
    <section class="card collection" aria-labelledby="collection-heading">
      <h2 id="collection-heading">{i18n.t('collection.heading')}</h2>
      <p class="hint" id="collection-hint">
        {i18n.t('collection.hint')}
      </p>
      <label>
        {i18n.t('collection.fileLabel')}
        <input
          type="file"
          accept=".xml,.nml,.m3u,.m3u8"
          aria-describedby="collection-hint"
          disabled={busy}
          onChange={importFile}
        />
      </label>
      {directoryPicker() ? (
        <button type="button" disabled={busy} onClick={() => void chooseFolder()}>
          {i18n.t('collection.chooseFolder')}
        </button>
      ) : (
        <label>
          {i18n.t('collection.folderLabel')}
          {/* @ts-expect-error webkitdirectory is not in Preact's attribute types */}
          <input type="file" webkitdirectory multiple disabled={busy} onChange={importFolderInput} />
        </label>
      )}
      <CollectionStatus status={status} />
      <CollectionSources sources={sources} onRemove={(id) => void remove(id)} />
    </section>
  );
}

/** What the last import did: how far it has read, what it read and skipped, or why it failed. */
function CollectionStatus({ status }: { status: Status }) {
  // Live but not role="status": the settings form above has the page's one status.
  return (
    <p aria-live="polite" class="collection-status">
      {status.kind === 'reading' && i18n.t('collection.reading', [formatCount(status.read)])}
      {status.kind === 'done' &&
        plural(
          'collection.read',
          status.source.tracks,
          status.source.name,
          skippedSummary(status.source.skipped),
        )}
      {status.kind === 'error' && <span class="problem">{status.message}</span>}
    </p>
  );
}

/** The imported sources, each with when it was read and a Remove button. */
function CollectionSources({
  sources,
  onRemove,
}: {
  sources: CollectionSource[];
  onRemove: (id: string) => void;
}) {
  if (sources.length === 0) return null;
  return (
    <ul aria-label={i18n.t('collection.sourcesLabel')} class="collection-sources">
      {sources.map((source) => (
        <li key={source.id}>
          <span>
            <strong>{source.name}</strong> {source.fileName !== source.name && `(${source.fileName})`}:{' '}
            {plural(
              'collection.sourceTracks',
              source.tracks,
              new Date(source.importedAt).toLocaleString(uiLocale()),
            )}
          </span>{' '}
          <button
            type="button"
            onClick={() => onRemove(source.id)}
            aria-label={i18n.t('collection.removeSource', [source.name])}
          >
            {i18n.t('collection.remove')}
          </button>
        </li>
      ))}
    </ul>
  );
}
