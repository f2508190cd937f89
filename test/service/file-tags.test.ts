import { type IAudioMetadata, parseBuffer } from 'music-metadata';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DownloadLink, envelopeOf, type Release, type Track } from '../../lib/contract/wire.ts';
import { startTestStore, type TestStore } from '../helpers/store.ts';
import { signIn } from '../helpers/tokens.ts';

/**
 * Purchased files read back by an independent reader (music-metadata): every tag in every format,
 * compared with the catalog API's records, and the embedded cover with the release's image.
 */

let store: TestStore;
let token: string;

const Links = envelopeOf(z.array(DownloadLink));

async function getJson(path: string) {
  const response = await fetch(`${store.baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status, path).toBe(200);
  return (await response.json()) as { results: unknown };
}

beforeAll(async () => {
  // Short tracks: tags are the subject here; full-length files are file-serving.test.ts's.
  store = await startTestStore({ scale: 300, listen: true, trackSeconds: 6 });
  token = (await signIn(store.baseUrl, 'demo', 'demo')).accessToken;
});
afterAll(() => store?.close());

/** A library entry of demo's in the format, downloaded through a signed link like a browser would. */
async function download(format: 'mp3' | 'wav' | 'aiff') {
  const row = await store.ctx.db.get<{ id: number; track_id: number }>(
    `SELECT d.id, d.track_id FROM downloads d JOIN users u ON u.id = d.user_id
      WHERE u.username = 'demo' AND d.audio_format = ? ORDER BY d.id LIMIT 1`,
    format,
  );
  expect(row, `demo owns a ${format} file`).toBeDefined();
  const initiate = await fetch(`${store.baseUrl}/order/1/downloads?downloadIds=${row?.id}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
  const [link] = Links.parse(await initiate.json()).results;
  const file = await fetch(link?.url as string);
  expect(file.status).toBe(200);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const { track } = (await getJson(`/catalog/3/platform/track?id=${row?.track_id}`)).results as {
    track: Track;
  };
  const { release } = (await getJson(`/catalog/3/platform/release?id=${track.release.id}`)).results as {
    release: Release;
  };
  const cover = new Uint8Array(await (await fetch(release.image?.uri as string)).arrayBuffer());
  const metadata = await parseBuffer(
    bytes,
    { mimeType: file.headers.get('content-type') ?? '' },
    { duration: true },
  );
  return { bytes, track, release, cover, metadata };
}

/** Every field of the set, as music-metadata maps it, against the API's records. */
function expectEveryTag({ metadata, track, release, cover }: Awaited<ReturnType<typeof download>>) {
  const { common } = metadata;
  const artists = track.artists.map((artist) => artist.name);
  expect(common.title).toBe(`${track.name} (${track.mixName})`);
  expect(common.subtitle).toEqual([track.mixName]);
  expect(common.artist).toBe(artists.join(', '));
  expect(common.artists).toEqual(artists);
  expect(common.remixer ?? []).toEqual(track.remixers.map((artist) => artist.name));
  expect(common.album).toBe(release.name);
  expect(common.label).toEqual([release.label.name]);
  expect(common.catalognumber).toEqual([release.catalogNumber]);
  expect(common.date).toBe(release.publishDate.slice(0, 10));
  expect(common.year).toBe(Number(release.publishDate.slice(0, 4)));
  expect(common.track).toEqual({ no: release.trackIds.indexOf(track.id) + 1, of: release.trackIds.length });
  expect(common.bpm).toBe(track.bpm);
  const [note, mode] = track.key.split(' ');
  expect(common.key).toBe(`${note}${mode === 'Minor' ? 'm' : ''}`);
  expect(common.genre).toEqual([track.genre.name]);
  expect(common.isrc).toEqual([track.isrc]);
  expect(common.picture).toHaveLength(1);
  const [picture] = common.picture ?? [];
  expect(picture?.format).toBe('image/jpeg');
  expect(picture?.type).toBe('Cover (front)');
  expect(Buffer.compare(Buffer.from(picture?.data ?? []), Buffer.from(cover))).toBe(0);
  // The native tag is ID3v2.4 in every format.
  expect(Object.keys(metadata.native)).toContain('ID3v2.4');
}

function expectAudio(metadata: IAudioMetadata, lengthMs: number) {
  expect(metadata.format.sampleRate).toBe(44_100);
  expect(metadata.format.numberOfChannels).toBe(2);
  expect(metadata.format.duration).toBeGreaterThanOrEqual(lengthMs / 1000 - 0.001);
  // An MP3 is padded to whole frames: up to one frame (26 ms) longer.
  expect(metadata.format.duration).toBeLessThan(lengthMs / 1000 + 0.1);
}

describe('purchased files carry every tag and the cover, read by music-metadata', () => {
  it('MP3: ID3v2.4 with APIC in front of 320 kbps MPEG audio', async () => {
    const file = await download('mp3');
    expect(file.metadata.format.container).toBe('MPEG');
    expect(file.metadata.format.codec).toBe('MPEG 1 Layer 3');
    expect(file.metadata.format.bitrate).toBe(320_000);
    expectAudio(file.metadata, file.track.lengthMs);
    expectEveryTag(file);
  });

  it('WAV: an id3 chunk with the same frames, and LIST/INFO with the basic fields', async () => {
    const file = await download('wav');
    expect(file.metadata.format.container).toBe('WAVE');
    expect(file.metadata.format.bitsPerSample).toBe(16);
    expect(file.metadata.format.lossless).toBe(true);
    expectAudio(file.metadata, file.track.lengthMs);
    expectEveryTag(file);
    const { track, release } = file;
    const info = Object.fromEntries((file.metadata.native.exif ?? []).map((tag) => [tag.id, tag.value]));
    expect(info).toEqual({
      INAM: `${track.name} (${track.mixName})`,
      IART: track.artists.map((artist) => artist.name).join(', '),
      IPRD: release.name,
      IGNR: track.genre.name,
      ICRD: release.publishDate.slice(0, 10),
      ITRK: String(release.trackIds.indexOf(track.id) + 1),
    });
  });

  it('AIFF: an ID3 chunk with the same frames', async () => {
    const file = await download('aiff');
    expect(file.metadata.format.container).toBe('AIFF');
    expect(file.metadata.format.bitsPerSample).toBe(16);
    expectAudio(file.metadata, file.track.lengthMs);
    expectEveryTag(file);
  });
});
