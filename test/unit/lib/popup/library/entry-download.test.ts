import { describe, expect, it } from 'vitest';
import {
  entryArtists,
  entryStatus,
  entryTrackTitle,
  saveEntry,
} from '../../../../../lib/popup/library/entry-download.ts';
import { StoreError } from '../../../../../lib/protocol/store-error.ts';
import { libraryEntry } from '../../../../helpers/popup-fixtures.ts';

const entry = libraryEntry(3);

describe('a library entry saved from its row', () => {
  it('reads "Title (Mix)" by its artists', () => {
    expect(entryTrackTitle(entry)).toBe('Song 3 (Original Mix)');
    expect(entryArtists(entry)).toBe('Artist 3');
  });

  it("says its download as it happens, else the store's status, else when it was bought", () => {
    expect(entryStatus(entry, { kind: 'saving' })).toBe('Starting download…');
    expect(entryStatus(entry, { kind: 'saved', filename: 'a.mp3' })).toBe('Downloaded just now');
    expect(entryStatus(entry, { kind: 'failed', message: 'No space' })).toBe('No space');
    expect(entryStatus(libraryEntry(3, 'downloaded'), undefined)).toBe('Store: downloaded');
    expect(entryStatus(entry, undefined)).toMatch(/^Bought .*2026/);
  });

  it('asks the worker for the one entry and announces the file it saved', async () => {
    const asked: unknown[] = [];
    const saved = await saveEntry(entry, async (payload) => {
      asked.push(payload);
      return [{ downloadId: 3, filename: 'Artist 3 - Song 3 (Original Mix).mp3', browserDownloadId: 1 }];
    });
    expect(asked).toEqual([{ entries: [{ id: 3, audioFormat: 'mp3', track: entry.track }] }]);
    expect(saved.state).toEqual({ kind: 'saved', filename: 'Artist 3 - Song 3 (Original Mix).mp3' });
    expect(saved.announcement).toBe('Saving "Artist 3 - Song 3 (Original Mix).mp3" to your downloads.');
  });

  it('names the file by its title when the worker does not say, and turns a failure into its reason', async () => {
    expect((await saveEntry(entry, async () => [])).state).toEqual({
      kind: 'saved',
      filename: 'Song 3 (Original Mix)',
    });
    const failed = await saveEntry(entry, async () => {
      throw new StoreError({ kind: 'offline', message: 'The store cannot be reached.' });
    });
    expect(failed.state).toEqual({ kind: 'failed', message: 'The store cannot be reached.' });
    expect(failed.announcement).toBe(
      '"Song 3 (Original Mix)" could not be downloaded: The store cannot be reached.',
    );
  });
});
