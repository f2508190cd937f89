import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  Artist,
  ArtistCatalogMetadata,
  type CatalogPage,
  catalogPages,
  ErrorEnvelope,
  envelopeOf,
} from '../../lib/contract/wire.ts';
import { startTestStore, type TestStore } from '../helpers/store.ts';

let store: TestStore;

async function get(url: string) {
  const response = await store.app.inject({ method: 'GET', url });
  return { status: response.statusCode, headers: response.headers, body: response.json() };
}

const one = async <T>(sql: string, ...params: (string | number)[]) =>
  (await store.ctx.db.get<T>(sql, ...params)) as T;

beforeAll(async () => {
  store = await startTestStore({ scale: 400 });
});
afterAll(() => store?.close());

describe('catalog detail pages', () => {
  const ids = async () => ({
    genre: (await one<{ id: number }>('SELECT genre_id AS id FROM tracks LIMIT 1')).id,
    label: (await one<{ id: number }>('SELECT label_id AS id FROM tracks LIMIT 1')).id,
    artist: (await one<{ id: number }>('SELECT artist_id AS id FROM track_artists LIMIT 1')).id,
    chart: (
      await one<{ id: number }>(
        'SELECT chart_id AS id FROM chart_tracks GROUP BY chart_id ORDER BY count(*) DESC',
      )
    ).id,
    release: (await one<{ id: number }>('SELECT id FROM releases LIMIT 1')).id,
    track: (await one<{ id: number }>('SELECT id FROM tracks LIMIT 1')).id,
  });

  it.each(Object.keys(catalogPages) as CatalogPage[])('%s answers the contract shape', async (page) => {
    const id = ((await ids()) as Record<string, number>)[page];
    const { status, body } = await get(`/catalog/3/platform/${page}${id ? `?id=${id}` : ''}`);
    expect(status).toBe(200);
    const parsed = envelopeOf(catalogPages[page]).strict().parse(body);
    expect(Object.keys(parsed.results).length).toBeGreaterThan(0);
  });

  it('release page lists its own tracks in order, each linking back to the release', async () => {
    const { id } = await one<{ id: number }>(
      'SELECT release_id AS id FROM tracks GROUP BY release_id HAVING count(*) > 1 LIMIT 1',
    );
    const { body } = await get(`/catalog/3/platform/release?id=${id}`);
    const results = catalogPages.release.parse(body.results);
    expect(results.tracks.map((track) => track.id)).toEqual(results.release.trackIds);
    for (const track of results.tracks) expect(track.release.id).toBe(id);
  });

  it('track page carries price, fees per format and its release', async () => {
    const { id } = (await ids()).track ? { id: (await ids()).track } : { id: 0 };
    const { body } = await get(`/catalog/3/platform/track?id=${id}`);
    const { track, release } = catalogPages.track.parse(body.results);
    expect(track.id).toBe(id);
    expect(release.trackIds).toContain(id);
    expect(track.audioFormatFee.wav.value).toBeGreaterThan(0);
    expect(track.sampleUrl).toMatch(new RegExp(`/samples/${id}\\.mp3$`));
  });

  it('pages the chart track list on request', async () => {
    const chart = (await ids()).chart;
    const total = (
      await one<{ n: number }>('SELECT count(*) AS n FROM chart_tracks WHERE chart_id = ?', chart)
    ).n;
    const { body } = await get(`/catalog/3/platform/chart?id=${chart}&page=2&perPage=5`);
    expect(body.metadata).toEqual({ page: 2, perPage: 5, count: total, totalPages: Math.ceil(total / 5) });
    const expected = (
      await store.ctx.db.all<{ track_id: number }>(
        'SELECT track_id FROM chart_tracks WHERE chart_id = ? ORDER BY position LIMIT 5 OFFSET 5',
        chart,
      )
    ).map((row) => row.track_id);
    expect(body.results.tracks.map((track: { id: number }) => track.id)).toEqual(expected);
  });

  it.each([
    ['/catalog/3/platform/track', 400, 'id'],
    ['/catalog/3/platform/track?id=abc', 400, 'id'],
    ['/catalog/3/platform/track?id=-1', 400, 'id'],
    ['/catalog/3/platform/track?id=1&id=2', 400, 'id'],
    ['/catalog/3/platform/release?id=99999999', 404, undefined],
    ['/catalog/3/platform/chart?id=1&perPage=151', 400, 'perPage'],
    ['/catalog/3/platform/nothing', 404, undefined],
  ])('%s answers %i', async (url, status, parameter) => {
    const response = await get(url);
    expect(response.status).toBe(status);
    const error = ErrorEnvelope.parse(response.body);
    expect(error.metadata.parameter).toBe(parameter);
    expect(error.metadata.message).not.toMatch(/at .*\.ts|SELECT|sqlite/i);
  });

  it('refuses other methods with 405 and an Allow header', async () => {
    const response = await store.app.inject({ method: 'POST', url: '/catalog/3/platform/home' });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe('GET, HEAD');
  });
});

describe('artist catalog', () => {
  const Page = envelopeOf(z.array(Artist), ArtistCatalogMetadata);
  const artists = async (query: string) => {
    const response = await get(`/catalog/3/artists${query}`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return Page.parse(response.body);
  };
  const genreNames = async () =>
    (
      await store.ctx.db.all<{ name: string }>(
        'SELECT g.name FROM artist_genres ag JOIN genres g ON g.id = ag.genre_id GROUP BY g.id ORDER BY count(*) DESC LIMIT 2',
      )
    ).map((row) => row.name);

  it('pages arbitrary artists by id by default', async () => {
    const total = (await one<{ n: number }>('SELECT count(*) AS n FROM artists')).n;
    expect((await artists('')).metadata).toMatchObject({ page: 1, perPage: 25, count: total });
    const first = await artists('?perPage=5');
    expect(first.metadata).toMatchObject({
      page: 1,
      perPage: 5,
      count: total,
      totalPages: Math.ceil(total / 5),
    });
    const ids = first.results.map((artist) => artist.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    const second = await artists('?page=2&perPage=5');
    expect(second.results[0]?.id).toBeGreaterThan(ids.at(-1) as number);
    expect((await artists(`?page=${first.metadata.totalPages + 1}&perPage=5`)).results).toEqual([]);
  });

  it('filters by ids, with id as an alias whose list joins the union', async () => {
    const [a, b, c] = (
      await store.ctx.db.all<{ id: number }>('SELECT id FROM artists ORDER BY id LIMIT 3')
    ).map((row) => row.id);
    expect((await artists(`?ids=${a},${b}`)).results.map((x) => x.id)).toEqual([a, b]);
    expect((await artists(`?id=${c}`)).results.map((x) => x.id)).toEqual([c]);
    expect((await artists(`?ids=${a}&id=${c}`)).results.map((x) => x.id)).toEqual([a, c]);
  });

  it('combines genre facets with AND and returns facet counts over the filtered set', async () => {
    const [first, second] = (await genreNames()) as [string, string];
    const plus = (name: string) => encodeURIComponent(name).replaceAll('%20', '+');
    const page = await artists(
      `?facets[]=genreName:${plus(first)}&facets[]=genreName:${plus(second)}&returnFacets=genreName,performerName&perPage=150`,
    );
    expect(page.metadata.count).toBeGreaterThan(0);
    for (const artist of page.results) {
      const names = artist.genres.map((genre) => genre.name);
      expect(names).toContain(first);
      expect(names).toContain(second);
    }
    const genreFacet = page.metadata.facets?.fields.genreName ?? [];
    expect(genreFacet.find((value) => value.name === first)?.count).toBe(page.metadata.count);
    const counts = genreFacet.map((value) => value.count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(page.metadata.facets?.fields.performerName?.length).toBeGreaterThan(0);
  });

  it('finds an artist by performerName and by part of the name', async () => {
    const { name, id } = await one<{ name: string; id: number }>(
      'SELECT name, id FROM artists ORDER BY id LIMIT 1 OFFSET 7',
    );
    const exact = await artists(`?facets[]=performerName:${encodeURIComponent(name)}`);
    expect(exact.results.map((artist) => artist.id)).toContain(id);
    const part = await artists(`?search=${encodeURIComponent(name.slice(1, 5).toUpperCase())}`);
    expect(part.results.map((artist) => artist.id)).toContain(id);
  });

  it('sorts by several keys in order', async () => {
    const page = await artists('?sortBy=publishDate%20desc,artistId%20ASC&perPage=150');
    const keys = page.results.map((artist) => [artist.lastPublishDate ?? '', artist.id] as const);
    for (let i = 1; i < keys.length; i++) {
      const [prevDate, prevId] = keys[i - 1] as readonly [string, number];
      const [date, id] = keys[i] as readonly [string, number];
      expect(prevDate > date || (prevDate === date && prevId < id)).toBe(true);
    }
  });

  it('filters by genreId and labelId', async () => {
    const { genre_id, label_id, artist_id } = await one<{
      genre_id: number;
      label_id: number;
      artist_id: number;
    }>(
      `SELECT t.genre_id, t.label_id, ta.artist_id FROM tracks t JOIN track_artists ta ON ta.track_id = t.id LIMIT 1`,
    );
    const byGenre = await artists(`?genreId=${genre_id}&ids=${artist_id}`);
    expect(byGenre.results.map((artist) => artist.id)).toEqual([artist_id]);
    const byLabel = await artists(`?labelId=${label_id}&perPage=150`);
    expect(byLabel.metadata.count).toBe(
      (await one<{ n: number }>('SELECT count(*) AS n FROM artist_labels WHERE label_id = ?', label_id)).n,
    );
  });

  it.each([
    ['?perPage=0', 'perPage'],
    ['?perPage=151', 'perPage'],
    ['?page=0', 'page'],
    ['?page=abc', 'page'],
    ['?ids=1,x', 'ids'],
    ['?facets[]=color:red', 'facets'],
    ['?facets[]=genreName', 'facets'],
    ['?returnFacets=color', 'returnFacets'],
    ['?sortBy=name%20sideways', 'sortBy'],
    ['?sortBy=popularity%20DESC', 'sortBy'],
    ['?genreId=0', 'genreId'],
  ])('%s is a 400 naming %s', async (query, parameter) => {
    const response = await get(`/catalog/3/artists${query}`);
    expect(response.status).toBe(400);
    expect(ErrorEnvelope.parse(response.body).metadata.parameter).toBe(parameter);
  });
});

describe('artist catalog against a plain SQL reference', async () => {
  /** The same query answered the slow, obvious way, straight from the tables. */
  async function reference(query: {
    genres: string[];
    genreId?: number;
    labelId?: number;
    search?: string;
    sort: [string, 'ASC' | 'DESC'][];
    page: number;
    perPage: number;
  }) {
    const where: string[] = [];
    const params: (string | number)[] = [];
    for (const genre of query.genres) {
      where.push(
        'a.id IN (SELECT artist_id FROM artist_genres ag JOIN genres g ON g.id = ag.genre_id WHERE lower(g.name) = lower(?))',
      );
      params.push(genre);
    }
    if (query.genreId) {
      where.push('a.id IN (SELECT artist_id FROM artist_genres WHERE genre_id = ?)');
      params.push(query.genreId);
    }
    if (query.labelId) {
      where.push('a.id IN (SELECT artist_id FROM artist_labels WHERE label_id = ?)');
      params.push(query.labelId);
    }
    if (query.search) {
      where.push("length(lower(a.name)) <> length(replace(lower(a.name), lower(?), ''))");
      params.push(query.search);
    }
    const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const columns: Record<string, string[]> = {
      publishDate: ["coalesce(a.last_publish_date, '')"],
      artistId: ['a.id'],
      name: ['lower(a.name)', 'a.name'],
    };
    const order = query.sort.flatMap(([field, direction]) =>
      (columns[field] as string[]).map((column) => `${column} ${direction}`),
    );
    if (!query.sort.some(([field]) => field === 'artistId')) order.push('a.id ASC');
    const db = store.ctx.db;
    return {
      count: (await db.get<{ n: number }>(`SELECT count(*) AS n FROM artists a ${clause}`, ...params))?.n,
      ids: (
        await db.all<{ id: number }>(
          `SELECT a.id FROM artists a ${clause} ORDER BY ${order.join(', ')} LIMIT ? OFFSET ?`,
          ...params,
          query.perPage,
          (query.page - 1) * query.perPage,
        )
      ).map((row) => row.id),
      genreFacet: await db.all<{ name: string; count: number }>(
        `SELECT g.name, count(*) AS count FROM artist_genres ag JOIN genres g ON g.id = ag.genre_id
          WHERE ag.artist_id IN (SELECT a.id FROM artists a ${clause}) GROUP BY g.id ORDER BY count DESC, g.name`,
        ...params,
      ),
    };
  }

  it('answers every combination of filters, sorts and pages like the reference', async () => {
    const genres = await store.ctx.db.all<{ id: number; name: string }>('SELECT id, name FROM genres');
    const labels = await store.ctx.db.all<{ id: number }>(
      'SELECT DISTINCT label_id AS id FROM artist_labels LIMIT 20',
    );
    await fc.assert(
      fc.asyncProperty(
        fc.subarray(
          genres.map((genre) => genre.name),
          { maxLength: 2 },
        ),
        fc.option(fc.constantFrom(...genres.map((genre) => genre.id)), { nil: undefined }),
        fc.option(fc.constantFrom(...labels.map((label) => label.id)), { nil: undefined }),
        fc.option(fc.constantFrom('a', 'de', 'on', 'x'), { nil: undefined }),
        fc
          .subarray(['publishDate', 'name', 'artistId'], { minLength: 1 })
          .chain((fields) =>
            fc.tuple(
              ...fields.map((field) =>
                fc.tuple(fc.constant(field), fc.constantFrom('ASC' as const, 'DESC' as const)),
              ),
            ),
          ),
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 1, max: 40 }),
        async (names, genreId, labelId, search, sort, page, perPage) => {
          const query = new URLSearchParams({
            page: String(page),
            perPage: String(perPage),
            returnFacets: 'genreName',
          });
          for (const name of names) query.append('facets[]', `genreName:${name}`);
          if (genreId) query.set('genreId', String(genreId));
          if (labelId) query.set('labelId', String(labelId));
          if (search) query.set('search', search);
          query.set('sortBy', sort.map(([field, direction]) => `${field} ${direction}`).join(','));
          const { body } = await get(`/catalog/3/artists?${query}`);
          const expected = await reference({ genres: names, genreId, labelId, search, sort, page, perPage });
          expect(body.metadata.count).toBe(expected.count);
          expect(body.results.map((artist: { id: number }) => artist.id)).toEqual(expected.ids);
          expect(body.metadata.facets.fields.genreName).toEqual(expected.genreFacet);
        },
      ),
      { numRuns: 300 },
    );
  });
});
