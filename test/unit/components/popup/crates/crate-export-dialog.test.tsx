// @vitest-environment happy-dom
/**
 * "Export this cart…" in the cart tab's crate panel: the cart's owned and saved tracks go in the
 * rekordbox XML (its playlist named after the cart, each Location the saved file), and what
 * cannot (not bought, not downloaded) is listed as missing with the reason.
 */

import { cleanup, fireEvent, render, screen, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { CrateExportDialog } from '../../../../../components/popup/crates/crate-export-dialog.tsx';
import { CrateSharePanel } from '../../../../../components/popup/crates/crate-share-panel.tsx';
import type { TrackAnalysis } from '../../../../../lib/contract/track-analysis.ts';
import type { AudioFormat, LibraryEntry } from '../../../../../lib/contract/wire.ts';
import { keptSetOrderKey } from '../../../../../lib/popup/cart/kept-set-order.ts';
import {
  cartSetOrdersItem,
  crateExportFormatSetting,
  stickExportRequestItem,
  storeUrlSetting,
} from '../../../../../lib/storage/items.ts';
import { modelDownloads } from '../../../../helpers/model-downloads.ts';
import { cartItem, fakeBackground, libraryEntry } from '../../../../helpers/popup-fixtures.ts';

function owned(trackId: number, format: AudioFormat, releaseId = 500 + trackId): LibraryEntry {
  const entry = libraryEntry(trackId, 'downloaded');
  return {
    ...entry,
    id: 1000 + trackId,
    audioFormat: format,
    track: { ...entry.track, release: { ...entry.track.release, id: releaseId } },
  };
}

/** The background's answer to the library's pages: all of `library` on page 1. */
const onePage =
  (library: readonly LibraryEntry[]) =>
  ({ page }: { page: number }) => ({
    results: page === 1 ? library : [],
    paging: { page, perPage: 150, count: library.length, totalPages: 1 },
  });

/** An owned MP3 at 124 BPM in `key`: what a set is ordered by. */
function keyed(trackId: number, key: string): LibraryEntry {
  const entry = owned(trackId, 'mp3');
  return { ...entry, track: { ...entry.track, bpm: 124, key } };
}

beforeEach(() => {
  fakeBrowser.reset();
  vi.spyOn(fakeBrowser.runtime, 'getPlatformInfo').mockResolvedValue({
    os: 'linux',
    arch: 'x86-64',
  } as Awaited<ReturnType<typeof fakeBrowser.runtime.getPlatformInfo>>);
  vi.spyOn(fakeBrowser.runtime, 'getManifest').mockReturnValue({
    manifest_version: 3,
    name: 'Crate',
    version: '1.2.3',
  });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const analysisOfTrackOne: TrackAnalysis = {
  version: 1,
  bpm: 126.01,
  firstDownbeatMs: 400,
  beatsPerBar: 4,
  beatCount: 500,
  durationMs: 240_000,
  cues: [
    { kind: 'first-downbeat', name: 'Downbeat', positionMs: 400, color: '#e62828' },
    { kind: 'intro', name: 'Intro', positionMs: 400, hotCue: 0, color: '#28e214' },
  ],
  waveformOverview: '',
};

describe('exporting a cart as a crate', () => {
  it("writes the cart's saved tracks to rekordbox XML and lists the rest as missing, with why", async () => {
    const library = [owned(1, 'mp3'), owned(1, 'wav'), owned(2, 'mp3'), owned(21, 'aiff', 7)];
    // Entry ids: two formats of track 1 cannot share one.
    (library[1] as LibraryEntry).id = 2001;
    const locations: Record<number, string> = {
      2001: '/home/dj/Downloads/one.wav',
      1021: '/home/dj/Downloads/Release 7/twenty-one.aiff',
    };
    const sent = fakeBackground({
      library: onePage(library),
      releaseTracks: ({ ids }: { ids: number[] }) =>
        ids.filter((id) => id === 7).map((id) => ({ id, trackIds: [21, 22] })),
      // The store has analysed track 1 only.
      trackAnalyses: ({ ids }: { ids: number[] }) =>
        ids.filter((id) => id === 1).map((id) => ({ id, analysis: analysisOfTrackOne })),
      savedFiles: ({ entries }: { entries: { id: number }[] }) =>
        entries.map(({ id }) => ({ downloadId: id, path: `file-${id}`, location: locations[id] ?? null })),
    });
    const saved = modelDownloads();
    vi.spyOn(fakeBrowser.runtime, 'getManifest').mockReturnValue({
      manifest_version: 3,
      name: 'Crate',
      version: '1.2.3',
    });
    render(
      <CrateSharePanel
        cartName="Friday"
        items={[
          cartItem(1, { format: 'wav' }),
          cartItem(2),
          cartItem(3),
          cartItem(7, { type: 'release', format: 'aiff' }),
        ]}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Export this cart…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Export crate' });
    expect((within(dialog).getByLabelText('Crate name') as HTMLInputElement).value).toBe('Friday');
    expect((within(dialog).getByLabelText('Tracks') as HTMLSelectElement).value).toBe('cart');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Export' }));

    const status = await within(dialog).findByRole('status');
    expect(status.textContent).toContain('2 tracks exported to "Friday.xml" in your downloads.');
    const missing = within(within(dialog).getByRole('list', { name: 'Missing from the export' }))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(missing).toEqual([
      'Artist 3 - Track 3 (Original Mix): not bought yet',
      'Artist 7 - Release 7: 1 of its 2 tracks not bought yet',
      'Artist 2 - Song 2 (Original Mix): not downloaded yet',
    ]);
    // The release's tracks came from the catalog; every owned entry was looked for on disk.
    expect(sent.find((message) => message.kind === 'releaseTracks')?.payload).toEqual({ ids: [7] });

    expect(saved.map((file) => file.filename)).toEqual(['Friday.xml']);
    const doc = new DOMParser().parseFromString(await (saved[0]?.text ?? ''), 'application/xml');
    const tracks = [...doc.querySelectorAll('COLLECTION > TRACK')];
    expect(tracks.map((track) => [track.getAttribute('Kind'), track.getAttribute('Location')])).toEqual([
      ['WAV File', 'file://localhost/home/dj/Downloads/one.wav'],
      ['AIFF File', 'file://localhost/home/dj/Downloads/Release%207/twenty-one.aiff'],
    ]);
    // Track 1 carries the store's grid and cues; track 21 has none.
    expect(sent.find((message) => message.kind === 'trackAnalyses')?.payload).toEqual({ ids: [1, 21] });
    expect(
      tracks.map((track) => track.getElementsByTagName('TEMPO')[0]?.getAttribute('Bpm') ?? null),
    ).toEqual(['126.01', null]);
    expect(tracks[0]?.getElementsByTagName('POSITION_MARK')).toHaveLength(2);
    expect(doc.querySelector('PRODUCT')?.getAttribute('Version')).toBe('1.2.3');
    const playlist = doc.querySelector('PLAYLISTS > NODE > NODE');
    expect(playlist?.getAttribute('Name')).toBe('Friday');
    expect(playlist?.getAttribute('Entries')).toBe('2');
  });

  it('offers each format by its application, says how it imports, and remembers the last choice', async () => {
    const library = [owned(1, 'mp3')];
    fakeBackground({
      library: onePage(library),
      releaseTracks: ({ ids }: { ids: number[] }) =>
        ids.map((id) => ({ id, trackIds: [1], catalogNumber: 'CAT 1' })),
      trackAnalyses: () => [],
      savedFiles: ({ entries }: { entries: { id: number }[] }) =>
        entries.map(({ id }) => ({
          downloadId: id,
          path: 'one.mp3',
          location: '/home/dj/Downloads/one.mp3',
          bytes: 2048,
        })),
    });
    const saved = modelDownloads();
    render(<CrateSharePanel cartName="Friday" items={[cartItem(1)]} />);
    fireEvent.click(screen.getByRole('button', { name: 'Export this cart…' }));
    let dialog = await screen.findByRole('dialog', { name: 'Export crate' });
    const formatSelect = within(dialog).getByLabelText('Format') as HTMLSelectElement;
    expect([...formatSelect.options].map((option) => option.textContent)).toEqual([
      'rekordbox',
      'Serato DJ',
      'Traktor',
      'Engine DJ / VirtualDJ / Mixxx (M3U8)',
      'USB stick for CDJs (rekordbox)',
    ]);
    expect(dialog.textContent).toContain('rekordbox xml');
    fireEvent.change(formatSelect, { target: { value: 'serato' } });
    expect(dialog.textContent).toContain('_Serato_/Subcrates');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Export' }));
    const status = await within(dialog).findByRole('status');
    expect(status.textContent).toContain('1 track exported to "Friday.crate"');
    expect(status.textContent).toContain('Music/_Serato_/Subcrates in your home folder');
    expect(saved.map((file) => file.filename)).toEqual(['Friday.crate']);

    // Opened again, the dialog offers Serato first.
    cleanup();
    render(<CrateSharePanel cartName="Friday" items={[cartItem(1)]} />);
    fireEvent.click(screen.getByRole('button', { name: 'Export this cart…' }));
    dialog = await screen.findByRole('dialog', { name: 'Export crate' });
    await vi.waitFor(() =>
      expect((within(dialog).getByLabelText('Format') as HTMLSelectElement).value).toBe('serato'),
    );
  });

  it('keeps a format picked before the remembered one is read', async () => {
    let answer: (value: string) => void = () => {};
    vi.spyOn(crateExportFormatSetting, 'getValue').mockReturnValue(
      new Promise<string>((resolve) => {
        answer = resolve;
      }),
    );
    render(<CrateSharePanel cartName="Friday" items={[cartItem(1)]} />);
    fireEvent.click(screen.getByRole('button', { name: 'Export this cart…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Export crate' });
    const formatSelect = within(dialog).getByLabelText('Format') as HTMLSelectElement;
    fireEvent.change(formatSelect, { target: { value: 'm3u8' } });
    answer('traktor');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(formatSelect.value).toBe('m3u8');
  });

  it('hands a cart to the USB stick page: its owned tracks, downloaded or not, and what is not bought', async () => {
    const library = [{ ...owned(1, 'mp3'), status: 'available' as const }];
    const sent = fakeBackground({
      library: onePage(library),
      releaseTracks: () => [],
    });
    const opened = vi.spyOn(fakeBrowser.tabs, 'create').mockResolvedValue({} as never);
    render(<CrateSharePanel cartName="Friday" items={[cartItem(1), cartItem(2)]} />);
    fireEvent.click(screen.getByRole('button', { name: 'Export this cart…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Export crate' });
    fireEvent.change(within(dialog).getByLabelText('Format'), { target: { value: 'usbStick' } });
    expect(dialog.textContent).toContain('Opens the USB stick page in a tab');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Export' }));
    const status = await within(dialog).findByRole('status');
    expect(status.textContent).toContain('The USB stick page is open in a new tab');
    expect(status.textContent).toContain('not bought yet');
    expect(opened).toHaveBeenCalledWith({ url: expect.stringMatching(/\/usb-stick\.html$/) });
    const request = await stickExportRequestItem.getValue();
    expect(request?.playlistName).toBe('Friday');
    expect(request?.entries.map((entry) => entry.id)).toEqual([1001]);
    expect(request?.missing.map((missing) => missing.key)).toEqual(['track:2']);
    // The files on disk are not asked for: the stick page fetches the audio from the store.
    expect(sent.map((message) => message.kind)).not.toContain('savedFiles');
  });

  it('offers a named cart already bought by its name, and exports it in its order to the stick', async () => {
    const library = [owned(3, 'flac'), owned(1, 'mp3'), owned(2, 'wav')];
    fakeBackground({
      library: onePage(library),
      releaseTracks: () => [],
      purchasedCrates: () => [
        {
          name: 'Frank Silva - Cold Vision',
          purchasedAt: '2026-11-28T20:00:00.000Z',
          items: [
            { ...cartItem(2), audioFormat: 'wav' },
            cartItem(1),
            { ...cartItem(3), audioFormat: 'flac' },
          ],
        },
      ],
    });
    vi.spyOn(fakeBrowser.tabs, 'create').mockResolvedValue({} as never);
    render(<CrateExportDialog onClose={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: 'Export crate' });
    const tracks = within(dialog).getByLabelText('Tracks') as HTMLSelectElement;
    const bought = await within(dialog).findByRole('option', {
      name: 'Bought: "Frank Silva - Cold Vision" (3 items)',
    });
    fireEvent.change(tracks, { target: { value: (bought as HTMLOptionElement).value } });
    expect((within(dialog).getByLabelText('Crate name') as HTMLInputElement).value).toBe(
      'Frank Silva - Cold Vision',
    );
    fireEvent.change(within(dialog).getByLabelText('Format'), { target: { value: 'usbStick' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Export' }));
    await within(dialog).findByRole('status');
    const request = await stickExportRequestItem.getValue();
    expect(request?.playlistName).toBe('Frank Silva - Cold Vision');
    expect(request?.entries.map((entry) => entry.track.id)).toEqual([2, 1, 3]);
    expect(request?.missing).toEqual([]);
  });

  it('plays a bought crate in the set order the DJ accepted for its cart, until the DJ chooses otherwise', async () => {
    const library = [keyed(1, 'B min'), keyed(2, 'A min'), keyed(3, 'E min')]; // 10A, 8A, 9A
    fakeBackground({
      library: onePage(library),
      releaseTracks: () => [],
      purchasedCrates: () => [
        {
          name: 'Saturday',
          purchasedAt: '2026-11-28T20:00:00.000Z',
          items: [cartItem(2), cartItem(1), cartItem(3)],
        },
      ],
    });
    // Ordered "As a set" in the cart tab before checkout: kept level, opening with the 9A track.
    const storeUrl = await storeUrlSetting.getValue();
    await cartSetOrdersItem.setValue({
      [keptSetOrderKey(storeUrl, 'Saturday')]: { shape: 'keep', first: 'track:3' },
    });
    vi.spyOn(fakeBrowser.tabs, 'create').mockResolvedValue({} as never);
    render(<CrateExportDialog onClose={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: 'Export crate' });
    const bought = await within(dialog).findByRole('option', { name: 'Bought: "Saturday" (3 items)' });
    fireEvent.change(within(dialog).getByLabelText('Tracks'), {
      target: { value: (bought as HTMLOptionElement).value },
    });
    const asSet = within(dialog).getByLabelText(
      'In the order that plays as a set (key, tempo, energy)',
    ) as HTMLInputElement;
    await vi.waitFor(() => expect(asSet.checked).toBe(true));
    expect((within(dialog).getByLabelText('Energy') as HTMLSelectElement).value).toBe('keep');
    fireEvent.change(within(dialog).getByLabelText('Format'), { target: { value: 'usbStick' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Export' }));
    await within(dialog).findByRole('status');
    const order = (await stickExportRequestItem.getValue())?.entries.map((entry) => entry.track.id);
    // The pinned opener, then round the wheel: 9A, then 8A and 10A are each one step from it.
    expect(order?.[0]).toBe(3);
    expect([...(order ?? [])].sort()).toEqual([1, 2, 3]);

    // Not as a set: the crate's own order, as bought.
    fireEvent.click(asSet);
    expect(within(dialog).queryByLabelText('Energy')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Export' }));
    await vi.waitFor(async () =>
      expect((await stickExportRequestItem.getValue())?.entries.map((entry) => entry.track.id)).toEqual([
        2, 1, 3,
      ]),
    );
  });

  it('puts a crate on the stick in the order that plays as a set when asked', async () => {
    const selection = [keyed(1, 'B min'), keyed(2, 'A min'), keyed(3, 'E min')]; // 10A, 8A, 9A
    fakeBackground({ releaseTracks: () => [], purchasedCrates: () => [] });
    vi.spyOn(fakeBrowser.tabs, 'create').mockResolvedValue({} as never);
    render(<CrateExportDialog selection={selection} onClose={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: 'Export crate' });
    fireEvent.click(within(dialog).getByLabelText('In the order that plays as a set (key, tempo, energy)'));
    fireEvent.change(within(dialog).getByLabelText('Format'), { target: { value: 'usbStick' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Export' }));
    await within(dialog).findByRole('status');
    const order = (await stickExportRequestItem.getValue())?.entries.map((entry) => entry.track.id);
    // Round the wheel, one step at a time: 8A, 9A, 10A, either way.
    expect([
      [2, 3, 1],
      [1, 3, 2],
    ]).toContainEqual(order);
  });

  it('offers the other choices, and says nothing, when the store keeps no crates', async () => {
    let refused = false;
    fakeBackground({
      purchasedCrates: () => {
        refused = true;
        return Promise.reject({ kind: 'notFound', message: 'No such call.' });
      },
    });
    render(<CrateExportDialog onClose={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: 'Export crate' });
    await vi.waitFor(() => expect(refused).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 0));
    const tracks = within(dialog).getByLabelText('Tracks') as HTMLSelectElement;
    expect([...tracks.options].map((option) => option.value)).toEqual(['downloaded']);
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  it('cannot be asked of an empty cart', () => {
    render(<CrateSharePanel cartName="Friday" items={[]} />);
    expect((screen.getByRole('button', { name: 'Export this cart…' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });
});

describe('exporting from the library', () => {
  /** Two downloaded tracks; the filter ("Not on this computer") shows none of them after "Download all". */
  function downloadedLibrary() {
    const library = [owned(1, 'mp3'), owned(2, 'wav')];
    return fakeBackground({
      library: onePage(library),
      releaseTracks: () => [],
    });
  }

  it('does not default to a filter that shows nothing: everything downloaded goes on the stick', async () => {
    downloadedLibrary();
    vi.spyOn(fakeBrowser.tabs, 'create').mockResolvedValue({} as never);
    render(<CrateExportDialog selection={[]} onClose={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: 'Export crate' });
    const tracks = within(dialog).getByLabelText('Tracks') as HTMLSelectElement;
    expect(tracks.value).toBe('downloaded');
    expect(tracks.selectedOptions[0]?.textContent).toBe('Everything downloaded');
    fireEvent.change(within(dialog).getByLabelText('Format'), { target: { value: 'usbStick' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Export' }));
    const status = await within(dialog).findByRole('status');
    expect(status.textContent).toContain('The USB stick page is open in a new tab');
    expect((await stickExportRequestItem.getValue())?.entries.map((entry) => entry.id)).toEqual([1001, 1002]);
  });

  it('says the filter shows none, not that the library lacks them, when its empty selection is chosen', async () => {
    downloadedLibrary();
    render(<CrateExportDialog selection={[]} onClose={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: 'Export crate' });
    fireEvent.change(within(dialog).getByLabelText('Tracks'), { target: { value: 'selection' } });
    fireEvent.change(within(dialog).getByLabelText('Format'), { target: { value: 'usbStick' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Export' }));
    const stick = await within(dialog).findByRole('status');
    expect(stick.textContent).toBe('Nothing to put on a stick: the filter shows no tracks.');
    fireEvent.change(within(dialog).getByLabelText('Format'), { target: { value: 'm3u8' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Export' }));
    await vi.waitFor(() =>
      expect(within(dialog).getByRole('status').textContent).toBe(
        'Nothing exported: the filter shows no tracks.',
      ),
    );
  });

  it('defaults to the tracks the filter shows when it shows some', () => {
    downloadedLibrary();
    render(<CrateExportDialog selection={[owned(1, 'mp3')]} onClose={() => {}} />);
    const tracks = within(screen.getByRole('dialog', { name: 'Export crate' })).getByLabelText(
      'Tracks',
    ) as HTMLSelectElement;
    expect(tracks.value).toBe('selection');
  });
});
