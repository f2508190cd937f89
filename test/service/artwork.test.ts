import jpeg from 'jpeg-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorEnvelope, type Release, type Track } from '../../lib/contract/wire.ts';
import { startTestStore, type TestStore } from '../helpers/store.ts';

let store: TestStore;

beforeAll(async () => {
  store = await startTestStore({ scale: 300 });
});
afterAll(() => store?.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  store.app.inject({ method: 'GET', url: url.replace(store.baseUrl, ''), headers });

async function record<T>(page: 'release' | 'track', id: number): Promise<T> {
  const response = await get(`/catalog/3/platform/${page}?id=${id}`);
  expect(response.statusCode).toBe(200);
  return (response.json() as { results: Record<string, T> }).results[page] as T;
}

const releaseIds = async () =>
  (await store.ctx.db.all<{ id: number }>('SELECT id FROM releases ORDER BY id LIMIT 4')).map(
    (row) => row.id,
  );

describe('release cover art', () => {
  it('is on every release and its tracks: image {uri, width, height} of at least 500x500', async () => {
    for (const id of await releaseIds()) {
      const release = await record<Release>('release', id);
      expect(release.image).toEqual({
        uri: `${store.baseUrl}/images/release/${id}.jpg`,
        width: expect.any(Number),
        height: expect.any(Number),
      });
      expect(release.image?.width).toBeGreaterThanOrEqual(500);
      expect(release.image?.height).toBeGreaterThanOrEqual(500);
      const track = await record<Track>('track', release.trackIds[0] as number);
      expect(track.image).toEqual(release.image);
    }
  });

  it('serves a real JPEG of the stated size with cache headers, revalidated by ETag', async () => {
    const [id] = await releaseIds();
    const release = await record<Release>('release', id as number);
    const response = await get(release.image?.uri as string);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/jpeg');
    expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
    expect(response.headers['cache-control']).toMatch(/^public, max-age=[1-9][0-9]*$/);
    const etag = response.headers.etag as string;
    expect(etag).toMatch(/^"[^"]+"$/);
    const image = jpeg.decode(response.rawPayload, { useTArray: true });
    expect([image.width, image.height]).toEqual([release.image?.width, release.image?.height]);
    // Not a flat colour: a pattern and lettering.
    const greys = new Set<number>();
    for (let i = 0; i < image.data.length; i += 4 * 97) greys.add(image.data[i] as number);
    expect(greys.size).toBeGreaterThan(20);

    const again = await get(release.image?.uri as string);
    expect(Buffer.compare(again.rawPayload, response.rawPayload)).toBe(0);
    expect(again.headers.etag).toBe(etag);
    const revalidated = await get(release.image?.uri as string, { 'if-none-match': etag });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.rawPayload.length).toBe(0);
  });

  it('is distinct per release', async () => {
    const pictures = await Promise.all(
      (await releaseIds()).map(async (id) =>
        (await get(`/images/release/${id}.jpg`)).rawPayload.toString('base64'),
      ),
    );
    expect(new Set(pictures).size).toBe(pictures.length);
  });

  it('has thumbnails for the website, and answers unknown releases and sizes with 404 in the envelope', async () => {
    const [id] = await releaseIds();
    const thumbnail = await get(`/images/release/${id}-88.jpg`);
    expect(thumbnail.statusCode).toBe(200);
    const decoded = jpeg.decode(thumbnail.rawPayload, { useTArray: true });
    expect([decoded.width, decoded.height]).toEqual([88, 88]);
    for (const url of [
      '/images/release/99999999.jpg',
      '/images/release/0.jpg',
      '/images/release/abc.jpg',
      `/images/release/${id}.png`,
      `/images/release/${id}-123.jpg`,
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(ErrorEnvelope.parse(response.json()).metadata.error, url).toBe('notFound');
    }
    const post = await store.app.inject({ method: 'POST', url: `/images/release/${id}.jpg` });
    expect(post.statusCode).toBe(405);
  });
});

describe('covers on the website', () => {
  const images = (html: string) => [...html.matchAll(/<img ([^>]*)>/g)].map((match) => match[1] as string);
  const attribute = (tag: string, name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(tag)?.[1];

  it('release tiles and track rows show small lazy pictures of a stated size that the store serves', async () => {
    const home = await get('/');
    expect(home.statusCode).toBe(200);
    const tags = images(home.body);
    const tiles = tags.filter((tag) => /\/images\/release\/[0-9]+-250\.jpg/.test(tag));
    const rows = tags.filter((tag) => /\/images\/release\/[0-9]+-88\.jpg/.test(tag));
    expect(tiles.length).toBeGreaterThan(3);
    expect(rows.length).toBeGreaterThan(3);
    const sized = (list: string[], size: string) => list.map((tag): [string, string] => [tag, size]);
    for (const [tag, size] of [...sized(tiles, '250'), ...sized(rows, '88')]) {
      expect(attribute(tag, 'width')).toBe(size);
      expect(attribute(tag, 'height')).toBe(size);
      expect(attribute(tag, 'loading')).toBe('lazy');
      // Decorative (the title is beside it): an empty alt, which HTML may write as a bare attribute.
      expect(tag).toMatch(/\balt(="")?[\s/]/);
    }
    for (const tag of [tiles[0], rows[0]]) {
      const picture = await get(attribute(tag as string, 'src') as string);
      expect(picture.statusCode).toBe(200);
      expect(picture.headers['content-type']).toBe('image/jpeg');
    }
  });

  it('a release page shows the full cover at the top', async () => {
    const [id] = await releaseIds();
    const release = await record<Release>('release', id as number);
    const page = await get(`/release/${release.slug}/${release.id}`);
    expect(page.statusCode).toBe(200);
    const hero = images(page.body).find((tag) => tag.includes(`/images/release/${id}.jpg`));
    expect(hero).toBeDefined();
    expect(attribute(hero as string, 'width')).toBe(String(release.image?.width));
    expect(attribute(hero as string, 'loading')).toBe('eager');
  });
});
