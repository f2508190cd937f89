import { parseBuffer } from 'music-metadata';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ErrorEnvelope,
  envelopeOf,
  LibraryEntry,
  PagingMetadata,
  type Track,
} from '../../lib/contract/wire.ts';
import { sampleSeconds } from '../../server/audio/audio-file.ts';
import { loadTracks } from '../../server/catalog/records.ts';
import { downloadLink } from '../../server/downloads/links.ts';
import { startTestStore, type TestStore } from '../helpers/store.ts';
import { signIn } from '../helpers/tokens.ts';

let store: TestStore;
let token: string;

beforeAll(async () => {
  store = await startTestStore({ scale: 300, listen: true });
  token = (await signIn(store.baseUrl, 'demo', 'demo')).accessToken;
});
afterAll(() => store?.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  store.app.inject({ method: 'GET', url: url.replace(store.baseUrl, ''), headers });

const track = async (id: number) => (await loadTracks(store.ctx, [id])).get(id) as Track;

describe('previews at sampleUrl', () => {
  it('are 30-second mono MP3s, public, read back by music-metadata', async () => {
    const response = await get((await track(5)).sampleUrl);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('audio/mpeg');
    expect(response.headers['accept-ranges']).toBe('bytes');
    expect(response.headers['cache-control']).toContain('public');
    expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
    const { format, common } = await parseBuffer(
      response.rawPayload,
      { mimeType: 'audio/mpeg' },
      { duration: true },
    );
    expect(format.codec).toBe('MPEG 1 Layer 3');
    expect(format.numberOfChannels).toBe(1);
    expect(format.sampleRate).toBe(44_100);
    expect(format.bitrate).toBe(128_000);
    expect(format.duration).toBeGreaterThanOrEqual(sampleSeconds);
    expect(format.duration).toBeLessThan(sampleSeconds + 0.1);
    expect(sampleSeconds).toBe(30);
    expect(common.title).toBe(`${(await track(5)).name} (${(await track(5)).mixName})`);
    expect(common.bpm).toBe((await track(5)).bpm);
  });

  it('answer byte ranges with 206 and Content-Range, and unsatisfiable ones with 416 in the envelope', async () => {
    const url = (await track(6)).sampleUrl;
    const whole = (await get(url)).rawPayload;
    const length = whole.length;
    const cases: [string, number, number][] = [
      ['bytes=0-99', 0, 99],
      ['bytes=1000-', 1000, length - 1],
      ['bytes=-500', length - 500, length - 1],
      [`bytes=${length - 10}-${length + 1000}`, length - 10, length - 1],
    ];
    for (const [range, start, end] of cases) {
      const response = await get(url, { range });
      expect(response.statusCode, range).toBe(206);
      expect(response.headers['content-range'], range).toBe(`bytes ${start}-${end}/${length}`);
      expect(Number(response.headers['content-length']), range).toBe(end - start + 1);
      expect(response.headers['content-type']).toBe('audio/mpeg');
      expect(Buffer.compare(response.rawPayload, whole.subarray(start, end + 1)), range).toBe(0);
    }
    for (const range of [`bytes=${length}-`, `bytes=${length + 5}-${length + 10}`, 'bytes=-0']) {
      const response = await get(url, { range });
      expect(response.statusCode, range).toBe(416);
      expect(response.headers['content-range'], range).toBe(`bytes */${length}`);
      expect(ErrorEnvelope.parse(response.json()).metadata.error).toBe('rangeNotSatisfiable');
    }
    // A header that is not one byte range is ignored: the whole file.
    for (const range of ['bytes=0-1,5-9', 'items=0-5', 'bytes=9-2']) {
      const response = await get(url, { range });
      expect(response.statusCode, range).toBe(200);
      expect(response.rawPayload.length, range).toBe(length);
    }
  });

  it('answer an unknown track with 404 in the envelope', async () => {
    for (const url of ['/samples/99999999.mp3', '/samples/abc.mp3', '/samples/5.wav']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(ErrorEnvelope.parse(response.json()).metadata.error).toBe('notFound');
    }
  });
});

const Library = envelopeOf(z.array(LibraryEntry), PagingMetadata);

async function library(status?: string) {
  const response = await store.app.inject({
    method: 'GET',
    url: '/order/1/downloads',
    query: { perPage: '150', ...(status === undefined ? {} : { status }) },
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: response.statusCode, body: response.json() };
}

async function initiate(ids: number[]) {
  const response = await store.app.inject({
    method: 'POST',
    url: '/order/1/downloads',
    query: { downloadIds: ids.join(',') },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.statusCode).toBe(200);
}

describe('library statuses: available, downloaded, re-download', () => {
  it('tell never initiated, initiated with a live link, and initiated with the last link expired', async () => {
    const all = Library.parse((await library()).body).results;
    expect(all.length).toBeGreaterThanOrEqual(4);
    expect(all.every((entry) => entry.status === 'available')).toBe(true);
    const [fresh, stale, alsoStale] = all as [LibraryEntry, LibraryEntry, LibraryEntry];
    await initiate([fresh.id, stale.id, alsoStale.id]);
    // Two were initiated an hour ago: longer than a link lives (15 minutes).
    const anHourAgo = new Date(Date.now() - 3_600_000).toISOString();
    await store.ctx.db.run(
      'UPDATE downloads SET last_initiated_at = ? WHERE id IN (?, ?)',
      anHourAgo,
      stale.id,
      alsoStale.id,
    );
    // The last link of a stale entry has indeed expired.
    const lastLink = downloadLink(
      store.ctx,
      { id: stale.id, audio_format: stale.audioFormat, last_initiated_at: anHourAgo },
      stale.track,
    );
    const expired = await get(lastLink.url);
    expect(expired.statusCode).toBe(410);

    const statuses = new Map(Library.parse((await library()).body).results.map((e) => [e.id, e.status]));
    expect(statuses.get(fresh.id)).toBe('downloaded');
    expect(statuses.get(stale.id)).toBe('re-download');
    expect(statuses.get(alsoStale.id)).toBe('re-download');
    expect([...statuses.values()].filter((status) => status === 'available')).toHaveLength(all.length - 3);

    const ids = async (status: string) => {
      const { metadata, results } = Library.parse((await library(status)).body);
      expect(metadata.count, status).toBe(results.length);
      return results.map((entry) => entry.id).sort((a, b) => a - b);
    };
    const idsWith = (...wanted: string[]) =>
      [...statuses]
        .filter(([, status]) => wanted.includes(status))
        .map(([id]) => id)
        .sort((a, b) => a - b);
    expect(await ids('available')).toEqual(idsWith('available'));
    expect(await ids('downloaded')).toEqual([fresh.id]);
    expect(await ids('re-download')).toEqual(idsWith('re-download'));
    expect(await ids('downloaded,re-download')).toEqual(idsWith('downloaded', 're-download'));
    expect(await ids('available,downloaded,re-download')).toEqual(
      idsWith('available', 'downloaded', 're-download'),
    );
    const entries = Library.parse((await library('re-download')).body).results;
    expect(entries.every((entry) => entry.lastInitiatedAt === anHourAgo)).toBe(true);

    // Initiating again makes a new link: downloaded once more.
    await initiate([stale.id]);
    expect(await ids('re-download')).toEqual([alsoStale.id]);
    expect(await ids('downloaded')).toEqual([fresh.id, stale.id].sort((a, b) => a - b));
  });

  it('refuse an unknown status in the list with 400 naming the parameter', async () => {
    for (const status of ['redownload', 'downloaded,x', '', 'downloaded,,available']) {
      const response = await library(status);
      expect(response.status, status).toBe(400);
      expect(ErrorEnvelope.parse(response.body).metadata.parameter).toBe('status');
    }
  });
});
