/**
 * The USB stick page (its own tab: a popup closes, and its folder picker with it, as soon as focus
 * leaves it). It writes the crate the export dialog handed over (stickExportRequestItem) to the
 * drive or folder the DJ picks (File System Access, Chromium), remembered for the next export, or
 * saves the same tree in the downloads folder (every browser). The worker asks the store; this
 * page writes (docs/usb-stick.md).
 */
import { useEffect, useState } from 'preact/hooks';
import { i18n } from '#i18n';
import { writableBooths } from '../../lib/dj-formats/booth-libraries.ts';
import type { BoothLibrary } from '../../lib/dj-formats/booth-library.ts';
import type { StickDirectoryHandle } from '../../lib/dj-formats/rekordbox-device/stick-directory.ts';
import { plural } from '../../lib/i18n/plural.ts';
import { send } from '../../lib/protocol/send.ts';
import type { EnergyShape } from '../../lib/set-order/set-order.ts';
import { type StickPageRequest, stickExportRequestItem } from '../../lib/storage/items.ts';
import { lastStickFolder, rememberStickFolder } from '../../lib/storage/stick-folder.ts';
import { saveTextFile } from '../../lib/text-files/save-text-file.ts';
import { DownloadsStick, stickFolderName } from '../../lib/usb-stick-page/downloads-stick.ts';
import { coverCache } from '../../lib/usb-stick-page/stick-artwork.ts';
import { stickFailureMessage } from '../../lib/usb-stick-page/stick-failure.ts';
import { runStickExport, type StickRunSources } from '../../lib/usb-stick-page/stick-run.ts';
import { inSetOrder } from '../../lib/usb-stick-page/stick-set-order.ts';
import { SetOrderChoice } from '../set-order/set-order-choice.tsx';

/** What Chromium adds to a directory handle and the window (not in TypeScript's DOM types yet). */
interface PermissionedFolder extends FileSystemDirectoryHandle {
  queryPermission(options: { mode: 'readwrite' }): Promise<PermissionState>;
  requestPermission(options: { mode: 'readwrite' }): Promise<PermissionState>;
}
type DirectoryPicker = (options: { id: string; mode: 'readwrite' }) => Promise<FileSystemDirectoryHandle>;
const directoryPicker = (globalThis as { showDirectoryPicker?: DirectoryPicker }).showDirectoryPicker;

const sources: StickRunSources = {
  analyses: async (ids) =>
    new Map((await send('trackAnalyses', { ids })).map(({ id, analysis }) => [id, analysis])),
  waveform: (id) => send('trackWaveform', { id }),
  audioLink: async (entryId) => (await send('stickAudioLink', { entryId })).url,
  fetch: (url) => fetch(url),
  artwork: coverCache((uri) => fetch(uri)),
};

/** Read-write permission for the folder, asked on this click when the browser no longer has it. */
async function mayWrite(folder: FileSystemDirectoryHandle): Promise<boolean> {
  const withPermission = folder as PermissionedFolder;
  if ((await withPermission.queryPermission({ mode: 'readwrite' })) === 'granted') return true;
  return (await withPermission.requestPermission({ mode: 'readwrite' })) === 'granted';
}

type Outcome = { text: string; missing: StickPageRequest['missing'] };

function MissingList({ missing }: { missing: Outcome['missing'] }) {
  if (missing.length === 0) return null;
  return (
    <>
      <p>{i18n.t('stick.notOnStick', [String(missing.length)])}</p>
      <ul aria-label={i18n.t('stick.missingLabel')}>
        {missing.map((track) => (
          <li key={track.key}>
            {track.title}: {track.reason}
          </li>
        ))}
      </ul>
    </>
  );
}

/** Runs one export into `target`; the outcome's words, or throws the failure. */
async function exportInto(
  target: StickDirectoryHandle,
  request: StickPageRequest,
  { onProgress, booths }: Run,
): Promise<{ added: number; alreadyThere: number } | null> {
  const { result, missing } = await runStickExport(target, request, sources, {
    date: new Date().toISOString().slice(0, 10),
    noAnalysis: i18n.t('stick.noAnalysis'),
    onProgress,
    booths,
  });
  request.missing = missing;
  return result;
}

/** What a run is told: where it is, and the booth libraries to write besides the legacy one. */
interface Run {
  onProgress: (done: number, total: number) => void;
  booths: readonly BoothLibrary[];
}

/** The crate into the folder picked; the outcome in words (null: nothing could be written). */
async function writeIntoFolder(target: FileSystemDirectoryHandle, request: StickPageRequest, run: Run) {
  const result = await exportInto(target as unknown as StickDirectoryHandle, request, run);
  return result && plural('stick.added', result.added, String(result.alreadyThere), request.playlistName);
}

/** The crate as a stick's tree in the downloads folder; the outcome in words. */
async function saveInDownloads(request: StickPageRequest, run: Run) {
  const name = stickFolderName(request.playlistName);
  const stick = new DownloadsStick(async (path, data) =>
    saveTextFile({
      text: new Uint8Array(await data.arrayBuffer()),
      type: 'application/octet-stream',
      filename: `${name}/${path}`,
    }),
  );
  const result = await exportInto(stick, request, run);
  if (!result) return null;
  await stick.saveHeld();
  return i18n.t('stick.savedDownloads', [name]);
}

const boothNames: Record<BoothLibrary, () => string> = {
  'rekordbox-legacy': () => i18n.t('stick.boothPioneer'),
  onelibrary: () => i18n.t('stick.boothOneLibrary'),
  'engine-dj': () => i18n.t('stick.boothEngine'),
  virtualdj: () => i18n.t('stick.boothVirtualDj'),
};

/** Which booths the stick serves: each library but the legacy one can be left out. */
function BoothChoice({
  chosen,
  onChange,
  disabled,
}: {
  chosen: readonly BoothLibrary[];
  onChange(booths: readonly BoothLibrary[]): void;
  disabled: boolean;
}) {
  return (
    <fieldset class="booths">
      <legend>{i18n.t('stick.booths')}</legend>
      {writableBooths.map((booth) => (
        <label key={booth} class="inline">
          <input
            type="checkbox"
            checked={booth === 'rekordbox-legacy' || chosen.includes(booth)}
            disabled={disabled || booth === 'rekordbox-legacy'}
            onChange={(event) =>
              onChange(
                event.currentTarget.checked ? [...chosen, booth] : chosen.filter((other) => other !== booth),
              )
            }
          />
          {boothNames[booth]()}
        </label>
      ))}
    </fieldset>
  );
}

export function UsbStickPage() {
  const [request, setRequest] = useState<StickPageRequest | null | undefined>(undefined);
  useEffect(() => {
    void stickExportRequestItem.getValue().then(setRequest);
  }, []);
  if (request === undefined) return null;
  return (
    <main>
      <h1>{i18n.t('stick.title')}</h1>
      {request === null || request.entries.length === 0 ? (
        <p>{i18n.t('stick.none')}</p>
      ) : (
        <StickExport crate={request} />
      )}
    </main>
  );
}

function StickExport({ crate }: { crate: StickPageRequest }) {
  const [folder, setFolder] = useState<FileSystemDirectoryHandle | undefined>(undefined);
  const [status, setStatus] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  // Every booth library on by default; the legacy one always (it places the audio the others list).
  const [booths, setBooths] = useState<readonly BoothLibrary[]>(writableBooths);
  // Null: the crate's own order (as the dialog handed it over); else played as a set in this shape.
  const [setShape, setSetShape] = useState<EnergyShape | null>(null);

  useEffect(() => {
    if (directoryPicker) void lastStickFolder().then(setFolder);
  }, []);

  /** One export of a copy of the crate (its missing list grows by the tracks without analysis). */
  async function run(write: (request: StickPageRequest, run: Run) => Promise<string | null>) {
    setProblem(null);
    setOutcome(null);
    try {
      if (!(await send('getAuthState', {})).signedIn) {
        setProblem(i18n.t('stick.notSignedIn'));
        return;
      }
      setStatus(i18n.t('stick.preparing'));
      const request = { ...inSetOrder(crate, setShape), missing: [...crate.missing] };
      const text = await write(request, {
        onProgress: (done, total) => setStatus(i18n.t('stick.progress', [String(done), String(total)])),
        booths,
      });
      setOutcome({ text: text ?? '', missing: request.missing });
    } catch (caught) {
      setProblem(stickFailureMessage(caught));
    } finally {
      setStatus(null);
    }
  }

  async function writeToKnown(target: FileSystemDirectoryHandle) {
    if (await mayWrite(target)) await run((request, options) => writeIntoFolder(target, request, options));
    else setProblem(i18n.t('stick.permissionDenied'));
  }

  async function pick() {
    if (!directoryPicker) return;
    let picked: FileSystemDirectoryHandle;
    try {
      picked = await directoryPicker({ id: 'crate-usb-stick', mode: 'readwrite' });
    } catch {
      return; // The DJ closed the picker.
    }
    await rememberStickFolder(picked);
    setFolder(picked);
    await run((request, options) => writeIntoFolder(picked, request, options));
  }

  const busy = status !== null;
  return (
    <>
      <p>{plural('stick.intro', crate.entries.length, crate.playlistName)}</p>
      <BoothChoice chosen={booths} onChange={setBooths} disabled={busy} />
      <p>
        <SetOrderChoice shape={setShape} onShape={setSetShape} disabled={busy} />
      </p>
      {!directoryPicker && <p>{i18n.t('stick.noPicker')}</p>}
      <p>
        {folder && (
          <button type="button" disabled={busy} onClick={() => void writeToKnown(folder)}>
            {i18n.t('stick.writeTo', [folder.name])}
          </button>
        )}
        {directoryPicker && (
          <button type="button" disabled={busy} onClick={() => void pick()}>
            {folder ? i18n.t('stick.chooseAnother') : i18n.t('stick.choose')}
          </button>
        )}
        <button type="button" disabled={busy} onClick={() => void run(saveInDownloads)}>
          {directoryPicker ? i18n.t('stick.toDownloads') : i18n.t('stick.saveDownloads')}
        </button>
      </p>
      {status && <p role="status">{status}</p>}
      {problem && (
        <p role="alert" class="problem">
          {problem}
        </p>
      )}
      {outcome && (
        <div role="status">
          {outcome.text && <p>{outcome.text}</p>}
          <MissingList missing={outcome.missing} />
        </div>
      )}
    </>
  );
}
