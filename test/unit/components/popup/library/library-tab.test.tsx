// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { LibraryTab } from '../../../../../components/popup/library/library-tab.tsx';
import { keyNotationSetting } from '../../../../../lib/storage/items.ts';
import { popupCache } from '../../../../../lib/storage/popup-cache.ts';
import {
  fakeBackground,
  libraryEntry,
  libraryOf,
  scope,
  storeDown,
  storeUrl,
} from '../../../../helpers/popup-fixtures.ts';

const renderLibrary = (props: Partial<Parameters<typeof LibraryTab>[0]> = {}) =>
  render(<LibraryTab scope={scope} storeUrl={storeUrl} revalidate={0} {...props} />);

const pagesAsked = (sent: { kind: string; payload: Record<string, unknown> }[]) =>
  sent.filter((message) => message.kind === 'library').map((message) => message.payload.page);

beforeEach(async () => {
  fakeBrowser.reset();
  await popupCache.clear();
});
afterEach(cleanup);

describe('the library tab', () => {
  it('lists the newest entries first, each with a download button', async () => {
    fakeBackground({ library: libraryOf(3) });
    renderLibrary();
    await screen.findByRole('button', { name: 'Download "Song 3 (Original Mix)"' });
    const titles = [...document.querySelectorAll('.library-entry .item-title')].map(
      (node) => node.textContent,
    );
    expect(titles).toEqual(['Song 3 (Original Mix)', 'Song 2 (Original Mix)', 'Song 1 (Original Mix)']);
  });

  it('shows BPM and key in the chosen notation, a dash for bad data, and sorts and filters by them', async () => {
    await keyNotationSetting.setValue('camelot');
    const facts: Record<number, { bpm: number; key: string }> = {
      1: { bpm: 124, key: 'C Major' }, // 8B
      2: { bpm: Number.NaN, key: 'nonsense' },
      3: { bpm: 140, key: 'E Minor' }, // 9A
      4: { bpm: 126, key: 'F# Minor' }, // 11A
    };
    const make = (id: number) => {
      const entry = libraryEntry(id);
      return { ...entry, track: { ...entry.track, ...facts[id] } };
    };
    fakeBackground({ library: libraryOf(4, make) });
    renderLibrary();
    await screen.findByRole('button', { name: 'Download "Song 4 (Original Mix)"' });
    const lines = () =>
      [...document.querySelectorAll('.library-entry .track-facts')].map((node) => node.textContent);
    await waitFor(() =>
      expect(lines()).toEqual(['126 BPM · 11A', '140 BPM · 9A', '– BPM · –', '124 BPM · 8B']),
    );
    fireEvent.change(screen.getByRole('combobox', { name: 'Sort' }), { target: { value: 'bpm' } });
    await waitFor(() =>
      expect(lines()).toEqual(['124 BPM · 8B', '126 BPM · 11A', '140 BPM · 9A', '– BPM · –']),
    );
    fireEvent.change(screen.getByRole('combobox', { name: 'Harmonic with' }), { target: { value: '8A' } });
    await waitFor(() => expect(lines()).toEqual(['124 BPM · 8B', '140 BPM · 9A']));
    fireEvent.input(screen.getByRole('spinbutton', { name: 'BPM from' }), { target: { value: '130' } });
    await waitFor(() => expect(lines()).toEqual(['140 BPM · 9A']));
  });

  it('renders only the rows in view of a 10,000-entry library, and fetches only the first page', async () => {
    const sent = fakeBackground({ library: libraryOf(10_000) });
    renderLibrary();
    await screen.findByRole('button', { name: 'Download "Song 10000 (Original Mix)"' });
    expect(document.querySelectorAll('.virtual-row').length).toBeLessThan(40);
    expect(document.querySelector('.virtual-row')?.getAttribute('aria-setsize')).toBe('10000');
    expect(pagesAsked(sent)).toEqual([1]);
  });

  it('fetches the page a scroll reaches', async () => {
    const sent = fakeBackground({ library: libraryOf(10_000) });
    renderLibrary();
    await screen.findByRole('button', { name: 'Download "Song 10000 (Original Mix)"' });
    const scroller = document.querySelector('.virtual-scroller') as HTMLElement;
    scroller.scrollTop = 56 * 5_000;
    fireEvent.scroll(scroller);
    await screen.findByRole('button', { name: 'Download "Song 5000 (Original Mix)"' });
    expect(pagesAsked(sent)).toContain(51);
    expect(pagesAsked(sent)).not.toContain(30);
  });

  it('shows cached pages at once on the next open', async () => {
    fakeBackground({ library: libraryOf(250) });
    const first = renderLibrary();
    await screen.findByRole('button', { name: 'Download "Song 250 (Original Mix)"' });
    await waitFor(() => expect(screen.queryByText('Refreshing…')).toBeNull());
    first.unmount();
    fakeBrowser.reset();
    fakeBackground({}); // the store does not answer this time
    renderLibrary();
    expect(await screen.findByRole('button', { name: 'Download "Song 250 (Original Mix)"' })).toBeTruthy();
    expect(screen.getByText('Refreshing…')).toBeTruthy();
  });

  it('downloads an entry and updates its status', async () => {
    const sent = fakeBackground({
      library: libraryOf(2),
      initiateDownloads: ({ entries }: { entries: { id: number }[] }) =>
        entries.map(({ id }) => ({
          downloadId: id,
          filename: `Artist ${id} - Song ${id} (Original Mix).mp3`,
          browserDownloadId: 1,
        })),
    });
    renderLibrary();
    fireEvent.click(await screen.findByRole('button', { name: 'Download "Song 2 (Original Mix)"' }));
    expect(await screen.findByText('Downloaded just now')).toBeTruthy();
    const entry = libraryEntry(2);
    expect(sent.find((message) => message.kind === 'initiateDownloads')?.payload).toEqual({
      entries: [{ id: 2, audioFormat: entry.audioFormat, track: entry.track }],
    });
    expect(screen.getByText('Saving "Artist 2 - Song 2 (Original Mix).mp3" to your downloads.')).toBeTruthy();
  });

  it('says why a download failed, on the entry', async () => {
    fakeBackground({
      library: libraryOf(1),
      initiateDownloads: () => {
        throw storeDown;
      },
    });
    renderLibrary();
    fireEvent.click(await screen.findByRole('button', { name: 'Download "Song 1 (Original Mix)"' }));
    expect((await screen.findAllByText(storeDown.message)).length).toBeGreaterThan(0);
  });

  it('filters by status at the store', async () => {
    const sent = fakeBackground({
      library: (query: { page: number; perPage: number; status?: string }) =>
        libraryOf(query.status === 'downloaded' ? 1 : 3, (id) =>
          libraryEntry(id, query.status === 'downloaded' ? 'downloaded' : 'available'),
        )(query),
    });
    renderLibrary();
    await screen.findByRole('button', { name: 'Download "Song 3 (Original Mix)"' });
    fireEvent.change(screen.getByLabelText('Show'), { target: { value: 'downloaded' } });
    await screen.findByText('Store: downloaded', { selector: '.status' });
    expect(sent.at(-1)?.payload).toEqual({ page: 1, perPage: 100, status: 'downloaded' });
    expect(document.querySelectorAll('.library-entry')).toHaveLength(1);
  });

  it('shows what is not on this computer by default, whatever the store says, over the whole library', async () => {
    // Entries 2 and 250 are on this disk; the store counts every entry downloaded (another computer).
    const sent = fakeBackground({
      library: libraryOf(250, (id) => libraryEntry(id, 'downloaded')),
      onThisComputer: () => ({ downloadIds: [2, 250] }),
    });
    renderLibrary();
    expect(await screen.findByText('248 matches')).toBeTruthy();
    expect(new Set(pagesAsked(sent))).toEqual(new Set([1, 2, 3]));
    expect(screen.queryByRole('button', { name: 'Download "Song 250 (Original Mix)"' })).toBeNull();
    const first = screen.getByRole('button', { name: 'Download "Song 249 (Original Mix)"' }).parentElement;
    expect(first?.querySelector('.not-here')?.textContent).toBe('Not on this computer');
    expect(first?.querySelector('.status')?.textContent).toBe('Store: downloaded');
    fireEvent.change(screen.getByLabelText('Show'), { target: { value: 'here' } });
    expect(await screen.findByText('2 matches')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download "Song 250 (Original Mix)"' })).toBeTruthy();
    expect(screen.getAllByText('On this computer', { selector: '.here' })).toHaveLength(2);
  });

  it('keeps an entry downloaded from its row in view when it turns out to be on this computer', async () => {
    let answer: (ids: number[]) => void = () => undefined;
    const here = new Promise<number[]>((resolve) => {
      answer = resolve;
    });
    fakeBackground({
      library: libraryOf(2),
      onThisComputer: async () => ({ downloadIds: await here }),
      initiateDownloads: ({ entries }: { entries: { id: number }[] }) =>
        entries.map(({ id }) => ({ downloadId: id, filename: `Song ${id}.mp3`, browserDownloadId: id })),
    });
    renderLibrary();
    fireEvent.click(await screen.findByRole('button', { name: 'Download "Song 2 (Original Mix)"' }));
    await screen.findByText('Downloaded just now');
    // The worker answers late: both entries are here, the one saved from its row stays shown.
    answer([1, 2]);
    expect(await screen.findByText('1 match')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download "Song 2 (Original Mix)"' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Download "Song 1 (Original Mix)"' })).toBeNull();
  });

  it('says when everything is on this computer', async () => {
    fakeBackground({ library: libraryOf(2), onThisComputer: () => ({ downloadIds: [1, 2] }) });
    renderLibrary();
    expect(await screen.findByText('Everything in your library is on this computer')).toBeTruthy();
  });

  it('shows the whole library, paged as it scrolls, on a computer with nothing of it', async () => {
    const sent = fakeBackground({ library: libraryOf(10_000), onThisComputer: () => ({ downloadIds: [] }) });
    renderLibrary();
    await screen.findAllByText('Not on this computer', { selector: '.not-here' });
    // Nothing here: the list pages as it scrolls, as "All" does.
    expect(pagesAsked(sent)).toEqual([1]);
  });

  it('filters by title or artist over the whole library, loading every page', async () => {
    const sent = fakeBackground({ library: libraryOf(250) });
    renderLibrary();
    await screen.findByRole('button', { name: 'Download "Song 250 (Original Mix)"' });
    fireEvent.input(screen.getByLabelText('Filter'), { target: { value: 'artist 12' } });
    // Artist 12, and Artist 120..129.
    expect(await screen.findByText('11 matches')).toBeTruthy();
    expect(new Set(pagesAsked(sent))).toEqual(new Set([1, 2, 3]));
    expect(screen.getByRole('button', { name: 'Download "Song 12 (Original Mix)"' })).toBeTruthy();
    fireEvent.input(screen.getByLabelText('Filter'), { target: { value: 'nothing like this' } });
    expect(await screen.findByText('Nothing matches "nothing like this"')).toBeTruthy();
  });

  it('says an empty library is empty and what fills it', async () => {
    fakeBackground({ library: libraryOf(0) });
    renderLibrary();
    expect(await screen.findByText('Nothing to download yet')).toBeTruthy();
    expect(screen.getByText(/appears here after checkout/)).toBeTruthy();
  });

  it('asks to sign in when nobody is', () => {
    fakeBackground({});
    renderLibrary({ scope: null });
    expect(screen.getByText('Sign in to see your downloads')).toBeTruthy();
  });

  it('names an unreachable store and retries', async () => {
    let calls = 0;
    fakeBackground({
      library: (query: { page: number; perPage: number }) => {
        calls++;
        if (calls === 1) throw storeDown;
        return libraryOf(1)(query);
      },
    });
    renderLibrary();
    expect(await screen.findByText('The store is not answering')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Download "Song 1 (Original Mix)"' })).toBeTruthy();
  });
});

describe("the library tab's export", () => {
  it('offers what the filter shows, first, over the list', async () => {
    fakeBackground({ library: libraryOf(3) });
    renderLibrary();
    await screen.findByRole('button', { name: 'Download "Song 3 (Original Mix)"' });
    fireEvent.input(screen.getByRole('searchbox', { name: 'Filter' }), { target: { value: 'Song' } });
    fireEvent.click(screen.getByRole('button', { name: 'Export crate…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Export crate' });
    const tracks = dialog.querySelector('select') as HTMLSelectElement;
    expect([...tracks.options].map((option) => option.value)).toEqual(['downloaded', 'selection']);
    expect(tracks.value).toBe('selection');
    expect(screen.getByRole('button', { name: 'Export crate…' }).getAttribute('aria-expanded')).toBe('true');
  });
});
