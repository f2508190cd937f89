/**
 * The operator publishes a release on the running store (server/operator): refused without the
 * operator's token, bad input refused in the error envelope with nothing written, and a release
 * published is served at once by the API (caches warmed before included), the artist catalog and
 * the website; on PostgreSQL by a second instance too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorEnvelope } from '../../lib/contract/wire.ts';
import { startTestStore, type TestStore } from '../helpers/store.ts';
import { testEngine } from '../helpers/test-database.ts';

const operatorToken = 'operator-secret-for-tests';
let store: TestStore;

beforeAll(async () => {
  store = await startTestStore({ scale: 400, listen: true, config: { operatorToken } });
});
afterAll(() => store?.close());

const publish = (origin: string, query: Record<string, string>, token: string | null = operatorToken) =>
  fetch(`${origin}/operator/1/releases?${new URLSearchParams(query)}`, {
    method: 'POST',
    headers: token === null ? {} : { authorization: `Bearer ${token}` },
  });

const releaseCount = async () =>
  (await store.ctx.db.get<{ n: number }>('SELECT count(*) AS n FROM releases'))?.n ?? 0;
const json = async <T>(url: string) => (await (await fetch(url)).json()) as T;
const escaped = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

type Page = { results: { releases: { id: number; name: string }[] } };

describe('publishing a release', () => {
  it('refuses a call without the operator token, or with another, in the error envelope; nothing is written', async () => {
    const before = await releaseCount();
    for (const token of [null, 'not-the-token', `${operatorToken}x`]) {
      const response = await publish(store.listenUrl, { artistId: '1' }, token);
      expect(response.status).toBe(401);
      const body = ErrorEnvelope.parse(await response.json());
      expect(body.metadata.error).toBe('operatorOnly');
    }
    expect(await releaseCount()).toBe(before);
  });

  it('is off on a store without an operator token', async () => {
    const closed = await startTestStore({ scale: 50 });
    try {
      const response = await closed.app.inject({
        method: 'POST',
        url: '/operator/1/releases?artistId=1',
        headers: { authorization: 'Bearer anything' },
      });
      expect(response.statusCode).toBe(403);
      expect(ErrorEnvelope.parse(response.json()).metadata.error).toBe('operatorOnly');
    } finally {
      await closed.close();
    }
  });

  it('refuses bad input with a clear message and writes nothing', async () => {
    const before = await releaseCount();
    const cases: [Record<string, string>, number, string][] = [
      [{}, 400, 'artistId'],
      [{ artistId: 'abc' }, 400, 'artistId'],
      [{ artistId: '1', tracks: '0' }, 400, 'tracks'],
      [{ artistId: '1', tracks: '21' }, 400, 'tracks'],
      [{ artistId: '99999999' }, 404, ''],
      [{ labelId: '99999999' }, 404, ''],
      [{ artistId: '1', labelId: '99999999' }, 404, ''],
    ];
    for (const [query, status, parameter] of cases) {
      const response = await publish(store.listenUrl, query);
      expect(response.status, JSON.stringify(query)).toBe(status);
      const body = ErrorEnvelope.parse(await response.json());
      expect(body.metadata.message).not.toMatch(/\n\s+at /);
      if (parameter) expect(body.metadata.parameter).toBe(parameter);
    }
    expect(await releaseCount()).toBe(before);
  });

  it('serves a release published by artist at once: artist and label pages (cached before), artist catalog, website', async () => {
    const artistId = 7;
    const artistPage = `${store.listenUrl}/catalog/3/platform/artist?id=${artistId}`;
    const warmed = await json<Page>(artistPage);
    await json(`${store.listenUrl}/catalog/3/artists?ids=${artistId}&sortBy=publishDate DESC`);

    const response = await publish(store.listenUrl, { artistId: String(artistId), tracks: '2' });
    expect(response.status).toBe(200);
    const { results: release } = (await response.json()) as {
      results: {
        id: number;
        name: string;
        publishDate: string;
        trackIds: number[];
        label: { id: number; slug: string };
        artists: { id: number; slug: string }[];
      };
    };
    expect(release.artists.map((artist) => artist.id)).toEqual([artistId]);
    expect(release.trackIds).toHaveLength(2);
    expect(release.publishDate).toBe(new Date().toISOString().slice(0, 10));

    const after = await json<Page>(artistPage);
    expect(after.results.releases[0]).toMatchObject({ id: release.id, name: release.name });
    expect(after.results.releases.slice(1, warmed.results.releases.length + 1)).toEqual(
      warmed.results.releases.slice(0, 60 - 1),
    );
    const label = await json<Page>(`${store.listenUrl}/catalog/3/platform/label?id=${release.label.id}`);
    expect(label.results.releases[0]?.id).toBe(release.id);

    const artists = await json<{ results: { id: number; lastPublishDate: string }[] }>(
      `${store.listenUrl}/catalog/3/artists?sortBy=${encodeURIComponent('publishDate DESC')}&perPage=1`,
    );
    expect(artists.results[0]).toMatchObject({ id: artistId, lastPublishDate: release.publishDate });

    const track = await fetch(`${store.listenUrl}/catalog/3/platform/track?id=${release.trackIds[0]}`);
    expect(track.status).toBe(200);
    const sample = await fetch(`${store.listenUrl}/samples/${release.trackIds[0]}.mp3`);
    expect(sample.headers.get('content-type')).toBe('audio/mpeg');
    expect((await sample.arrayBuffer()).byteLength).toBe(Number(sample.headers.get('content-length')));

    const artistHtml = await (
      await fetch(`${store.listenUrl}/artist/${release.artists[0]?.slug}/${artistId}`)
    ).text();
    expect(artistHtml).toContain(escaped(release.name));
    const labelHtml = await (
      await fetch(`${store.listenUrl}/label/${release.label.slug}/${release.label.id}`)
    ).text();
    expect(labelHtml).toContain(escaped(release.name));
  });

  it('publishes on a label by its newest release artist, and by both when both are given', async () => {
    const byLabel = (await (await publish(store.listenUrl, { labelId: '3' })).json()) as {
      results: { label: { id: number }; artists: { id: number }[] };
    };
    expect(byLabel.results.label.id).toBe(3);
    expect(byLabel.results.artists).toHaveLength(1);
    const both = (await (
      await publish(store.listenUrl, { labelId: '2', artistId: '5', tracks: '1' })
    ).json()) as {
      results: { label: { id: number }; artists: { id: number }[]; trackIds: number[] };
    };
    expect(both.results).toMatchObject({ label: { id: 2 }, artists: [{ id: 5 }] });
    expect(both.results.trackIds).toHaveLength(1);
  });
});

describe.skipIf(testEngine !== 'postgres')('publishing with two instances on one PostgreSQL database', () => {
  let other: TestStore;
  beforeAll(async () => {
    other = await startTestStore({ listen: true, sharing: store, config: { operatorToken } });
  });
  afterAll(() => other?.close());

  it('serves a release published through A from B at once, though B had the pages cached', async () => {
    const pages = (origin: string) => [
      `${origin}/catalog/3/platform/artist?id=11`,
      `${origin}/catalog/3/platform/label?id=4`,
      `${origin}/catalog/3/artists?ids=11&sortBy=publishDate%20DESC`,
    ];
    for (const url of pages(other.listenUrl)) await json(url);
    for (let round = 0; round < 5; round++) {
      const response = await publish(store.listenUrl, { artistId: '11', labelId: '4', tracks: '1' });
      const { results: release } = (await response.json()) as {
        results: { id: number; publishDate: string };
      };
      const [artist, label, catalog] = (await Promise.all(pages(other.listenUrl).map(json))) as [
        Page,
        Page,
        { results: { lastPublishDate: string }[] },
      ];
      expect(artist.results.releases[0]?.id).toBe(release.id);
      expect(label.results.releases[0]?.id).toBe(release.id);
      expect(catalog.results[0]?.lastPublishDate).toBe(release.publishDate);
    }
  });
});
