import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  DownloadLink,
  ErrorEnvelope,
  envelopeOf,
  LibraryEntry,
  PagingMetadata,
} from '../../lib/contract/wire.ts';
import { loadTracks } from '../../server/catalog/records.ts';
import { attachmentDisposition } from '../../server/downloads/filename.ts';
import { downloadLink } from '../../server/downloads/links.ts';
import { freePort } from '../helpers/free-port.ts';
import { startTestStore, type TestStore } from '../helpers/store.ts';
import { signIn } from '../helpers/tokens.ts';

let store: TestStore;
let baseUrl: string;
let demoToken: string;
let dj2Token: string;

const Library = envelopeOf(z.array(LibraryEntry), PagingMetadata);
const Links = envelopeOf(z.array(DownloadLink));

async function call(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  query: Record<string, string> = {},
  token: string | null = demoToken,
) {
  const response = await store.app.inject({
    method,
    url,
    query,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: response.statusCode, headers: response.headers, body: response.json() };
}

const fetchLink = (url: string) =>
  store.app.inject({ method: 'GET', url: new URL(url).pathname + new URL(url).search });

const db = () => store.ctx.db;
const userId = async (username: string) =>
  (await db().get<{ id: number }>('SELECT id FROM users WHERE username = ?', username))?.id as number;
const libraryRows = async (username: string) =>
  await db().all<{ id: number; status: string; last_initiated_at: string | null; audio_format: string }>(
    'SELECT id, status, last_initiated_at, audio_format FROM downloads WHERE user_id = ? ORDER BY purchased_at DESC, id DESC',
    await userId(username),
  );
const expectBadParameter = (response: { status: number; body: unknown }, parameter: string) => {
  expect(response.status).toBe(400);
  expect(ErrorEnvelope.parse(response.body).metadata.parameter).toBe(parameter);
};

beforeAll(async () => {
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  store = await startTestStore({ scale: 400, config: { baseUrl } });
  await store.app.listen({ port, host: '127.0.0.1' });
  demoToken = (await signIn(baseUrl, 'demo', 'demo')).accessToken;
  dj2Token = (await signIn(baseUrl, 'dj2', 'dj2')).accessToken;
});
afterAll(() => store?.close());

describe('listing the library', () => {
  it("lists demo's purchases newest first, with full track records", async () => {
    const response = await call('GET', '/order/1/downloads', { perPage: '150' });
    expect(response.status).toBe(200);
    const { metadata, results } = Library.parse(response.body);
    const rows = await libraryRows('demo');
    expect(rows.length).toBeGreaterThanOrEqual(10);
    expect(metadata).toEqual({ page: 1, perPage: 150, count: rows.length, totalPages: 1 });
    expect(results.map((entry) => entry.id)).toEqual(rows.map((row) => row.id));
    const purchased = results.map((entry) => entry.purchasedAt);
    expect([...purchased].sort().reverse()).toEqual(purchased);
    expect(new Set(results.map((entry) => entry.audioFormat))).toEqual(
      new Set(['mp3', 'wav', 'aiff', 'flac']),
    );
    expect(results[0]?.track.sampleUrl).toMatch(new RegExp(`^${baseUrl}/samples/[0-9]+\\.mp3$`));
  });

  it('pages with the shared paging metadata; past the end is an empty page', async () => {
    const count = (await libraryRows('demo')).length;
    const all = (await libraryRows('demo')).map((row) => row.id);
    const second = Library.parse((await call('GET', '/order/1/downloads', { page: '2', perPage: '3' })).body);
    expect(second.metadata).toEqual({ page: 2, perPage: 3, count, totalPages: Math.ceil(count / 3) });
    expect(second.results.map((entry) => entry.id)).toEqual(all.slice(3, 6));
    const beyond = Library.parse((await call('GET', '/order/1/downloads', { page: '99' })).body);
    expect(beyond.results).toEqual([]);
    expect(beyond.metadata.count).toBe(count);
    const fresh = Library.parse((await call('GET', '/order/1/downloads', {}, dj2Token)).body);
    expect(fresh.metadata).toEqual({ page: 1, perPage: 25, count: 0, totalPages: 0 });
  });

  it('refuses bad parameters naming the parameter, and calls without a token', async () => {
    expectBadParameter(await call('GET', '/order/1/downloads', { perPage: '0' }), 'perPage');
    expectBadParameter(await call('GET', '/order/1/downloads', { perPage: '151' }), 'perPage');
    expectBadParameter(await call('GET', '/order/1/downloads', { page: '-1' }), 'page');
    expectBadParameter(await call('GET', '/order/1/downloads', { status: 'x' }), 'status');
    expectBadParameter(await call('POST', '/order/1/downloads', { downloadIds: 'abc' }), 'downloadIds');
    expectBadParameter(await call('POST', '/order/1/downloads', { downloadIds: '1,,2' }), 'downloadIds');
    expectBadParameter(await call('POST', '/order/1/downloads'), 'downloadIds');
    expectBadParameter(await call('POST', '/order/1/promo-downloads', { trackId: 'abc' }), 'trackId');
    expectBadParameter(await call('POST', '/order/1/promo-downloads'), 'trackId');
    for (const [method, url] of [
      ['GET', '/order/1/downloads'],
      ['POST', '/order/1/downloads'],
      ['POST', '/order/1/promo-downloads'],
    ] as const) {
      const response = await call(method, url, { downloadIds: '1', trackId: '1' }, null);
      expect(response.status).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
    }
    expect((await call('GET', '/order/1/downloads', {}, 'not-a-token')).status).toBe(401);
    const wrongMethod = await call('PUT', '/order/1/downloads');
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.allow).toContain('POST');
  });
});

describe('initiating downloads', () => {
  it('marks the entries downloaded and returns signed links on the store origin', async () => {
    const [first, second] = (await libraryRows('demo')).filter((row) => row.status === 'available');
    const ids = [first?.id, second?.id] as number[];
    const before = Date.now();
    const response = await call('POST', '/order/1/downloads', { downloadIds: ids.join(',') });
    expect(response.status).toBe(200);
    const links = Links.parse(response.body).results;
    expect(links.map((link) => link.downloadId)).toEqual(ids);
    for (const link of links) {
      expect(link.url.startsWith(`${baseUrl}/downloads/file/${link.downloadId}?`)).toBe(true);
      const expires = Date.parse(link.expiresAt);
      expect(expires).toBeGreaterThanOrEqual(before + 899_000);
      expect(expires).toBeLessThanOrEqual(Date.now() + 900_000);
      expect(link.filename).toMatch(/^.+ - .+ \(.+\)\.(mp3|wav|aiff)$/);
    }
    const marked = (await libraryRows('demo')).filter((row) => ids.includes(row.id));
    expect(marked.every((row) => row.status === 'downloaded' && row.last_initiated_at !== null)).toBe(true);

    const downloaded = Library.parse(
      (await call('GET', '/order/1/downloads', { status: 'downloaded' })).body,
    );
    expect(downloaded.results.map((entry) => entry.id).sort()).toEqual(
      (await libraryRows('demo'))
        .filter((row) => row.status === 'downloaded')
        .map((row) => row.id)
        .sort(),
    );
    expect(downloaded.results.every((entry) => entry.status === 'downloaded' && entry.lastInitiatedAt)).toBe(
      true,
    );
    const available = Library.parse((await call('GET', '/order/1/downloads', { status: 'available' })).body);
    expect(available.metadata.count + downloaded.metadata.count).toBe((await libraryRows('demo')).length);
    expect(available.results.every((entry) => entry.status === 'available' && !entry.lastInitiatedAt)).toBe(
      true,
    );
  });

  it("answers 404 for someone else's or an unknown id, and marks none of the ids", async () => {
    const own = (await libraryRows('demo')).find((row) => row.status === 'available');
    const foreign = await call('POST', '/order/1/downloads', { downloadIds: String(own?.id) }, dj2Token);
    expect(foreign.status).toBe(404);
    const mixed = await call('POST', '/order/1/downloads', { downloadIds: `${own?.id},999999` });
    expect(mixed.status).toBe(404);
    expect(ErrorEnvelope.parse(mixed.body).metadata.message).toContain('999999');
    expect((await libraryRows('demo')).find((row) => row.id === own?.id)?.status).toBe('available');
  });
});

describe('promotional downloads', () => {
  const promoTrack = async () =>
    (
      await db().get<{ id: number }>(
        `SELECT id FROM tracks WHERE sale_type = 'promotion' ORDER BY id LIMIT 1`,
      )
    )?.id as number;

  it('adds a free track to the library once and returns its link', async () => {
    const trackId = await promoTrack();
    const first = await call('POST', '/order/1/promo-downloads', { trackId: String(trackId) }, dj2Token);
    expect(first.status).toBe(200);
    const link = envelopeOf(DownloadLink).parse(first.body).results;
    expect(link.filename.endsWith('.mp3')).toBe(true);
    const again = await call('POST', '/order/1/promo-downloads', { trackId: String(trackId) }, dj2Token);
    expect(envelopeOf(DownloadLink).parse(again.body).results.downloadId).toBe(link.downloadId);
    const library = Library.parse((await call('GET', '/order/1/downloads', {}, dj2Token)).body);
    expect(library.results.map((entry) => [entry.track.id, entry.track.saleType, entry.status])).toEqual([
      [trackId, 'promotion', 'downloaded'],
    ]);
    const wav = await call(
      'POST',
      '/order/1/promo-downloads',
      { trackId: String(trackId), audioFormat: 'wav' },
      dj2Token,
    );
    expect(envelopeOf(DownloadLink).parse(wav.body).results.filename.endsWith('.wav')).toBe(true);
    expectBadParameter(
      await call(
        'POST',
        '/order/1/promo-downloads',
        { trackId: String(trackId), audioFormat: 'ogg' },
        dj2Token,
      ),
      'audioFormat',
    );
  });

  it('refuses a track for sale with 403 notPromotional, and an unknown track with 404', async () => {
    const sold = (
      await db().get<{ id: number }>(`SELECT id FROM tracks WHERE sale_type = 'purchase' LIMIT 1`)
    )?.id;
    const refused = await call('POST', '/order/1/promo-downloads', { trackId: String(sold) }, dj2Token);
    expect(refused.status).toBe(403);
    expect(ErrorEnvelope.parse(refused.body).metadata.error).toBe('notPromotional');
    expect((await call('POST', '/order/1/promo-downloads', { trackId: '99999999' }, dj2Token)).status).toBe(
      404,
    );
  });
});

describe('download links', () => {
  const magic = { mp3: 'ID3', wav: 'RIFF', aiff: 'FORM' } as const;
  const contentTypes = { mp3: 'audio/mpeg', wav: 'audio/wav', aiff: 'audio/aiff' } as const;

  it('serve a real file in the entry’s format, with its size and an attachment file name', async () => {
    const rows = await libraryRows('demo');
    for (const format of ['mp3', 'wav', 'aiff'] as const) {
      const row = rows.find((candidate) => candidate.audio_format === format);
      const [link] = Links.parse(
        (await call('POST', '/order/1/downloads', { downloadIds: String(row?.id) })).body,
      ).results;
      const response = await fetchLink(link?.url as string);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe(contentTypes[format]);
      expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
      expect(response.rawPayload.subarray(0, magic[format].length).toString('latin1')).toBe(magic[format]);
      expect(response.rawPayload.length).toBeGreaterThan(100_000);
      expect(response.headers['content-disposition']).toBe(attachmentDisposition(link?.filename as string));
      expect(response.headers['content-disposition']).toMatch(
        /^attachment; filename="[^"]+\.(mp3|wav|aiff)"/,
      );
    }
  });

  it('name files "Artists - Title (Mix).ext", ASCII in filename and UTF-8 in filename*', async () => {
    expect(attachmentDisposition('Chloé & Zoë - Café (Original Mix).mp3')).toBe(
      `attachment; filename="Chloe & Zoe - Cafe (Original Mix).mp3"; filename*=UTF-8''Chlo%C3%A9%20%26%20Zo%C3%AB%20-%20Caf%C3%A9%20%28Original%20Mix%29.mp3`,
    );
    const [track] = [...(await loadTracks(store.ctx, [1])).values()];
    const link = downloadLink(
      store.ctx,
      { id: 1, audio_format: 'wav' },
      { ...(track as NonNullable<typeof track>), name: 'AC/DC: "Live"?', mixName: 'Dub <Mix>' },
    );
    expect(link.filename.endsWith(' - ACDC Live (Dub Mix).wav')).toBe(true);
  });

  it('refuse tampered, expired and unknown links with 4xx, never 500', async () => {
    const row = (await libraryRows('demo'))[0];
    const [link] = Links.parse(
      (await call('POST', '/order/1/downloads', { downloadIds: String(row?.id) })).body,
    ).results;
    const url = new URL(link?.url as string);
    const sig = url.searchParams.get('sig') as string;
    const variants: [string, (u: URL) => void, number][] = [
      [
        'signature changed',
        (u) => u.searchParams.set('sig', `${sig.slice(0, -2)}${sig.endsWith('AA') ? 'BB' : 'AA'}`),
        403,
      ],
      ['signature missing', (u) => u.searchParams.delete('sig'), 403],
      ['signature garbage', (u) => u.searchParams.set('sig', '!!!'), 403],
      [
        'expiry moved',
        (u) => u.searchParams.set('expires', String(Number(u.searchParams.get('expires')) + 3600)),
        403,
      ],
      ['expiry not a number', (u) => u.searchParams.set('expires', 'soon'), 403],
      ['other download', (u) => (u.pathname = `/downloads/file/${(row?.id as number) + 1}`), 403],
      ['not an id', (u) => (u.pathname = '/downloads/file/abc'), 404],
    ];
    for (const [what, change, status] of variants) {
      const tampered = new URL(url);
      change(tampered);
      const response = await fetchLink(tampered.toString());
      expect(response.statusCode, what).toBe(status);
      expect(ErrorEnvelope.parse(response.json()).metadata.error, what).toBeTruthy();
    }

    const [track] = [...(await loadTracks(store.ctx, [1])).values()];
    const anHourAgo = Date.now() - 3_600_000;
    const expired = downloadLink(
      store.ctx,
      { id: row?.id as number, audio_format: 'mp3' },
      track as NonNullable<typeof track>,
      anHourAgo,
    );
    const gone = await fetchLink(expired.url);
    expect(gone.statusCode).toBe(410);
    expect(ErrorEnvelope.parse(gone.json()).metadata.error).toBe('linkExpired');

    const unknown = downloadLink(
      store.ctx,
      { id: 999_999, audio_format: 'mp3' },
      track as NonNullable<typeof track>,
    );
    expect((await fetchLink(unknown.url)).statusCode).toBe(404);
  });
});

describe('samples', () => {
  it('serve a short public MP3 preview at the track record’s sampleUrl', async () => {
    const [track] = [...(await loadTracks(store.ctx, [3])).values()];
    const response = await fetchLink(track?.sampleUrl as string);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('audio/mpeg');
    expect(response.rawPayload.subarray(0, 3).toString()).toBe('ID3');
    expect(response.headers['cache-control']).toContain('public');
    expect((await store.app.inject({ url: '/samples/99999999.mp3' })).statusCode).toBe(404);
    expect((await store.app.inject({ url: '/samples/abc.wav' })).statusCode).toBe(404);
  });
});
