/**
 * Where library entries' files are on disk, for a crate export: the browser's downloads record of
 * a completed, still existing file at the path the template gives the entry, with its size (a
 * crate's Size and FILESIZE); none when the file left the disk.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { savedFiles } from '../../../../../lib/background/downloads/saved-files.ts';
import { libraryEntry } from '../../../../helpers/popup-fixtures.ts';

type Search = typeof fakeBrowser.downloads.search;
type Item = Awaited<ReturnType<Search>>[number];

beforeEach(() => fakeBrowser.reset());
afterEach(() => vi.restoreAllMocks());

const api = { catalogPage: vi.fn() } as unknown as Parameters<typeof savedFiles>[0];

function downloadsOnDisk(items: Partial<Item>[]) {
  vi.spyOn(fakeBrowser.downloads, 'search').mockImplementation(
    (async (query: { filenameRegex?: string }) =>
      items.filter((item) =>
        new RegExp(query.filenameRegex ?? '').test(item.filename ?? ''),
      ) as Item[]) as Search,
  );
}

describe('saved files for a crate export', () => {
  it("names each entry's file on disk with its size, and none for a file no longer there", async () => {
    const entries = [1, 2, 3].map((id) => libraryEntry(id, 'downloaded'));
    // The paths the template gives the entries, before any is on disk.
    downloadsOnDisk([]);
    const at = (entryPath: string) => `/home/dj/Downloads/${entryPath}`;
    const names = await savedFiles(api, entries);
    expect(names.every(({ path, location }) => path !== '' && location === null)).toBe(true);
    vi.restoreAllMocks();
    downloadsOnDisk([
      {
        filename: at(names[0]?.path ?? ''),
        exists: true,
        fileSize: 14_412_345,
        startTime: '2026-03-01T10:00:00Z',
      },
      {
        filename: at(names[1]?.path ?? ''),
        exists: false,
        fileSize: 9000,
        startTime: '2026-03-01T10:00:00Z',
      },
      { filename: at(names[2]?.path ?? ''), exists: true, fileSize: -1, startTime: '2026-03-01T10:00:00Z' },
    ]);
    const files = await savedFiles(api, entries);
    expect(files.map(({ location, bytes }) => ({ location, bytes }))).toEqual([
      { location: at(names[0]?.path ?? ''), bytes: 14_412_345 },
      { location: null, bytes: null },
      // fileSize -1: the browser does not know it.
      { location: at(names[2]?.path ?? ''), bytes: null },
    ]);
  });
});
