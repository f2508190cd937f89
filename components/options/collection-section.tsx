import { useEffect, useState } from 'preact/hooks';
import { i18n } from '#i18n';
import { errorMessage } from '../../lib/i18n/error-message.ts';
import { uiLocale } from '../../lib/i18n/intl.ts';
import { type CountedMessage, plural } from '../../lib/i18n/plural.ts';
import { directoryPicker, inputFolder, pickFolder } from '../../lib/options/collection/folder-files.ts';
import {
  type CollectionChoice,
  collectionSources,
  ImportFailed,
  importCollection,
  removeCollection,
} from '../../lib/options/collection/import-collection.ts';
import type {
  ImportRefusal,
  SkippedCounts,
  SkipReason,
} from '../../lib/options/collection/import-outcome.ts';
import type { ImportFailure } from '../../lib/options/collection/worker-protocol.ts';
import type { CollectionSource } from '../../lib/storage/collection-store.ts';

type Status =
  | { kind: 'idle' }
  | { kind: 'reading'; read: number }
  | { kind: 'done'; source: CollectionSource }
  | { kind: 'error'; failure: ImportFailure };

/** Each reason's counted words, in the order they are listed. */
const skipReasonMessages: Record<SkipReason, CountedMessage> = {
  unnamed: 'collection.skippedReasons.unnamed',
  unnamedEntry: 'collection.skippedReasons.unnamedEntry',
  notMusic: 'collection.skippedReasons.notMusic',
  noTags: 'collection.skippedReasons.noTags',
  unreadable: 'collection.skippedReasons.unreadable',
};

/** "12 skipped: 10 without an artist or a title and 2 files without tags.", or "Nothing skipped." */
export function skippedSummary(skipped: SkippedCounts): string {
  const counts = (Object.keys(skipReasonMessages) as SkipReason[]).flatMap((reason) => {
    const n = skipped[reason] ?? 0;
    return n > 0 ? [plural(skipReasonMessages[reason], n)] : [];
  });
  const total = Object.values(skipped).reduce((sum, n) => sum + (n ?? 0), 0);
  if (counts.length === 0) return i18n.t('collection.nothingSkipped');
  return plural('collection.skipped', total, new Intl.ListFormat(uiLocale()).format(counts));
}

const refusals: Record<ImportRefusal, (subject: string) => string> = {
  notCollection: (subject) => i18n.t('collection.errors.notCollection', [subject]),
  cutShort: (subject) => i18n.t('collection.errors.cutShort', [subject]),
  nothingToMatch: (subject) => i18n.t('collection.errors.nothingToMatch', [subject]),
  noMusicInFolder: (subject) => i18n.t('collection.errors.noMusicInFolder', [subject]),
};

/** Why an import changed nothing, in the DJ's language. */
export const failureText = (failure: ImportFailure): string =>
  'refusal' in failure
    ? refusals[failure.refusal](failure.subject)
    : failure.message
      ? i18n.t('collection.errors.failed', [failure.message])
      : i18n.t('collection.errors.stopped');

/**
 * The DJ's collection: import a rekordbox or Traktor collection, a playlist or a music folder, see
 * what was read and skipped, and remove a source. Everything is read and kept in this browser, in
 * a worker of the page's own (lib/options/collection/import-collection.ts).
 */
export function CollectionSection() {
  const [sources, setSources] = useState<CollectionSource[]>([]);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const refresh = () => void collectionSources().then(setSources);
  useEffect(refresh, []);

  async function run(choice: CollectionChoice) {
    setStatus({ kind: 'reading', read: 0 });
    try {
      const source = await importCollection(choice, (read) => setStatus({ kind: 'reading', read }));
      setStatus({ kind: 'done', source });
    } catch (error) {
      const failure = error instanceof ImportFailed ? error.failure : { message: errorMessage(error) };
      setStatus({ kind: 'error', failure });
    }
    refresh();
  }

  function importFile(event: Event) {
    const input = event.currentTarget as HTMLInputElement;
    const file = input.files?.[0];
    input.value = '';
    if (file) void run({ file });
  }

  function importFolderInput(event: Event) {
    const input = event.currentTarget as HTMLInputElement;
    const files = input.files;
    if (!files || files.length === 0) return;
    const folder = inputFolder(files);
    input.value = '';
    void run({ folder: folder.name, files: folder.files });
  }

  async function chooseFolder() {
    const picker = directoryPicker();
    if (!picker) return;
    const handle = await pickFolder(picker).catch((error: unknown) => {
      setStatus({ kind: 'error', failure: { message: errorMessage(error) } });
      return null;
    });
    if (handle) void run({ folder: handle.name, handle });
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
      {status.kind === 'reading' && plural('collection.reading', status.read)}
      {status.kind === 'done' &&
        plural(
          'collection.read',
          status.source.tracks,
          status.source.name,
          skippedSummary(status.source.skipped),
        )}
      {status.kind === 'error' && <span class="problem">{failureText(status.failure)}</span>}
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
