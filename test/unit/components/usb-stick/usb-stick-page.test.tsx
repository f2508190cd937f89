// @vitest-environment happy-dom
/**
 * The USB stick page without a folder picker (Firefox; happy-dom has none either): the crate the
 * dialog handed over is saved as a stick's tree in the downloads, the database last, and what
 * could not go on the stick is listed with why.
 */
import { cleanup, fireEvent, render, screen, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { UsbStickPage } from '../../../../components/usb-stick/usb-stick-page.tsx';
import { stickExportRequestItem } from '../../../../lib/storage/items.ts';
import { modelDownloads } from '../../../helpers/model-downloads.ts';
import { fakeBackground, libraryEntry, signedIn, signedOut } from '../../../helpers/popup-fixtures.ts';
import { makeAnalysis, makeMp3 } from '../../../helpers/usb-stick.ts';

/** The names of the files the browser's downloads saved (test/helpers/model-downloads.ts), in order. */
function savedNames() {
  const saved = modelDownloads();
  return () => saved.map((file) => file.filename);
}

function store(auth = signedIn) {
  return fakeBackground({
    getAuthState: () => auth,
    trackAnalyses: ({ ids }: { ids: number[] }) =>
      ids.filter((id) => id === 1).map((id) => ({ id, analysis: makeAnalysis() })),
    trackWaveform: () => ({ columnsPerSecond: 150, columns: 0, data: '' }),
    stickAudioLink: ({ entryId }: { entryId: number }) => ({
      url: `https://store.test/downloads/file/${entryId}`,
    }),
  });
}

beforeEach(async () => {
  fakeBrowser.reset();
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(makeMp3(20).slice())),
  );
  await stickExportRequestItem.setValue({
    playlistName: 'Club',
    entries: [libraryEntry(1, 'downloaded'), libraryEntry(2, 'downloaded')],
    missing: [],
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the USB stick page', () => {
  it('offers to play the crate as a set, in an energy shape the DJ picks', async () => {
    store();
    render(<UsbStickPage />);
    const asSet = (await screen.findByLabelText(
      'In the order that plays as a set (key, tempo, energy)',
    )) as HTMLInputElement;
    expect(asSet.checked).toBe(false);
    expect(screen.queryByLabelText('Energy')).toBeNull();
    fireEvent.click(asSet);
    const shape = screen.getByLabelText('Energy') as HTMLSelectElement;
    expect(shape.value).toBe('build');
    fireEvent.change(shape, { target: { value: 'waves' } });
    expect((screen.getByLabelText('Energy') as HTMLSelectElement).value).toBe('waves');
  });

  it("writes the playlist in the set's order when asked: VirtualDJ's plays round the wheel", async () => {
    const keyed = (trackId: number, key: string) => {
      const entry = libraryEntry(trackId, 'downloaded');
      return { ...entry, track: { ...entry.track, bpm: 124, key } };
    };
    await stickExportRequestItem.setValue({
      playlistName: 'Club',
      entries: [keyed(1, 'B min'), keyed(2, 'A min'), keyed(3, 'E min')], // 10A, 8A, 9A
      missing: [],
    });
    fakeBackground({
      getAuthState: () => signedIn,
      trackAnalyses: ({ ids }: { ids: number[] }) => ids.map((id) => ({ id, analysis: makeAnalysis() })),
      trackWaveform: () => ({ columnsPerSecond: 150, columns: 0, data: '' }),
      stickAudioLink: ({ entryId }: { entryId: number }) => ({
        url: `https://store.test/downloads/file/${entryId}`,
      }),
    });
    const saved = modelDownloads();
    render(<UsbStickPage />);
    fireEvent.click(await screen.findByLabelText('In the order that plays as a set (key, tempo, energy)'));
    fireEvent.click(screen.getByRole('button', { name: 'Save in the downloads folder' }));
    await screen.findByText(/Saved in your downloads/);
    const playlist = saved.find((file) => file.filename.endsWith('/VirtualDJ/Playlists/Club.vdjfolder'));
    const songs = [...((await playlist?.text) ?? '').matchAll(/Song (\d)/g)].map((match) => Number(match[1]));
    expect([
      [2, 3, 1],
      [1, 3, 2],
    ]).toContainEqual([...new Set(songs)]);
  });

  it('saves the stick in the downloads, the database last, and lists a track without analysis', async () => {
    store();
    const saved = savedNames();
    render(<UsbStickPage />);
    expect(await screen.findByText(/2 tracks of "Club" go onto the stick/)).toBeTruthy();
    expect(screen.queryByText(/cannot write to a drive directly/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save in the downloads folder' }));
    expect(
      await screen.findByText(/Saved in your downloads, in the folder "Club \(USB stick\)"/),
    ).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Not on the stick' }).textContent).toBe(
      'Artist 2 - Song 2 (Original Mix): the store has no analysis of it yet',
    );
    expect(saved()[0]).toBe(
      'Club (USB stick)/Contents/Artist 1/Release 1/Artist 1 - Song 1 (Original Mix).mp3',
    );
    expect(saved().at(-1)).toBe('Club (USB stick)/PIONEER/rekordbox/export.pdb');
    expect(saved().filter((name) => /ANLZ0000\.(DAT|EXT)$/.test(name))).toHaveLength(2);
    // Every booth library on by default: VirtualDJ's database and the crate as its playlist too.
    expect(saved()).toContain('Club (USB stick)/VirtualDJ/database.xml');
    expect(saved()).toContain('Club (USB stick)/VirtualDJ/Playlists/Club.vdjfolder');
  });

  it('leaves VirtualDJ out when the DJ unticks it; the Pioneer library cannot be left out', async () => {
    store();
    const saved = savedNames();
    render(<UsbStickPage />);
    const booths = await screen.findByRole('group', { name: 'The booths this stick serves' });
    expect(
      (within(booths).getByLabelText('Pioneer CDJ and XDJ (rekordbox)') as HTMLInputElement).disabled,
    ).toBe(true);
    fireEvent.click(within(booths).getByLabelText('VirtualDJ'));
    fireEvent.click(screen.getByRole('button', { name: 'Save in the downloads folder' }));
    await screen.findByText(/Saved in your downloads/);
    expect(saved().at(-1)).toBe('Club (USB stick)/PIONEER/rekordbox/export.pdb');
    expect(saved().filter((name) => name.includes('/VirtualDJ/'))).toEqual([]);
  });

  it('asks to sign in first, and writes nothing', async () => {
    store(signedOut);
    const saved = savedNames();
    render(<UsbStickPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Save in the downloads folder' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Sign in to the store');
    expect(saved()).toEqual([]);
  });

  it("says the store refused a track's audio, and saves no database", async () => {
    store();
    const saved = savedNames();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('gone', { status: 410 })),
    );
    render(<UsbStickPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Save in the downloads folder' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      "Writing to the stick failed, and its previous library is as it was: the store answered 410 for a track's audio",
    );
    expect(saved()).toEqual([]);
  });

  it('sends the DJ to the export dialog when nothing was handed over', async () => {
    await stickExportRequestItem.setValue(null);
    render(<UsbStickPage />);
    expect(await screen.findByText(/choose "USB stick for CDJs \(rekordbox\)"/)).toBeTruthy();
  });
});
