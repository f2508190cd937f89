import { describe, expect, it } from 'vitest';
import {
  artistPageUrl,
  artistQuery,
  artistsCacheKey,
  artistsPerPage,
  noMatchText,
  offeredGenres,
} from '../../../../../lib/popup/artists/artist-search.ts';
import type { ArtistResults } from '../../../../../lib/protocol/messages.ts';
import { artist, storeUrl } from '../../../../helpers/popup-fixtures.ts';

const answer = (genres: ArtistResults['genres']): ArtistResults => ({
  results: [],
  genres,
  paging: { page: 1, perPage: artistsPerPage, count: 0, totalPages: 0 },
});

describe("the artists tab's search", () => {
  it('asks for the search and the genre only when set, and caches each query apart', () => {
    const plain = artistQuery({ page: 1, sort: 'latestRelease', search: '', genre: '' });
    expect(plain).toEqual({ page: 1, perPage: artistsPerPage, sort: 'latestRelease' });
    const narrowed = artistQuery({ page: 2, sort: 'name', search: 'dj', genre: 'Techno' });
    expect(narrowed).toEqual({
      page: 2,
      perPage: artistsPerPage,
      sort: 'name',
      search: 'dj',
      genreName: 'Techno',
    });
    expect(artistsCacheKey(plain)).not.toBe(artistsCacheKey(narrowed));
  });

  it("links an artist's page at the store", () => {
    expect(artistPageUrl(storeUrl, artist(7, 'Some One', []))).toMatch(new RegExp(`^${storeUrl}/artist/`));
  });

  it('offers the genres of the last unfiltered answer while one is chosen, the chosen one first when unknown', () => {
    const all = [
      { name: 'Techno', count: 3 },
      { name: 'House', count: 2 },
    ];
    expect(offeredGenres('', [], answer(all))).toEqual(all);
    expect(offeredGenres('', all, undefined)).toEqual(all);
    expect(offeredGenres('Techno', all, answer([{ name: 'Techno', count: 3 }]))).toEqual(all);
    expect(offeredGenres('Dub', all, answer([]))).toEqual([{ name: 'Dub', count: 0 }, ...all]);
  });

  it('says which search and genre left no artist', () => {
    expect(noMatchText('dj', 'Techno')).toContain('dj');
    expect(noMatchText('dj', 'Techno')).toContain('Techno');
    expect(noMatchText('dj', '')).toContain('dj');
    expect(noMatchText('', 'Techno')).toContain('Techno');
    expect(noMatchText('', '')).not.toBe('');
  });
});
