import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Cart, CartAddResult, catalogPages, ErrorEnvelope, envelopeOf } from '../../lib/contract/wire.ts';
import { addSoldFormat } from '../helpers/sold-format.ts';
import { startTestStore, type TestStore } from '../helpers/store.ts';
import { signIn } from '../helpers/tokens.ts';

/**
 * The store declares what it sells (issue #49): each catalog item lists its formats with their
 * prices, read from the store's audio_formats table, and the cart refuses a format not in it. A
 * second instance on the same database, started after an `ogg` row is added, shows that a new
 * format is a row, not a release.
 */
let store: TestStore;
let withOgg: TestStore;

const formatRows = async (db: TestStore['ctx']['db']) =>
  await db.all<{ name: string; fee_cents: number }>(
    'SELECT name, fee_cents FROM audio_formats ORDER BY position',
  );

async function cartCall(on: TestStore, method: 'POST' | 'GET', token: string, query: Record<string, string>) {
  const response = await on.app.inject({
    method,
    url: '/cart/1/',
    query: { sourceType: 'test', ...query },
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: response.statusCode, body: response.json() };
}

async function firstPurchasableTrack(on: TestStore) {
  const row = await on.ctx.db.get<{ id: number; price_cents: number }>(
    `SELECT id, price_cents FROM tracks WHERE sale_type = 'purchase'
        AND id NOT IN (SELECT track_id FROM downloads) ORDER BY id LIMIT 1`,
  );
  if (!row) throw new Error('the seeded catalog has no purchasable track');
  return row;
}

beforeAll(async () => {
  store = await startTestStore({ scale: 200, listen: true });
  await addSoldFormat(store, 'ogg', 50);
  withOgg = await startTestStore({ sharing: store });
});
afterAll(async () => {
  await withOgg?.close();
  await store?.close();
});

describe('catalog items carry the formats the store sells', () => {
  it('lists every sold format on a track with its whole price, in the store order', async () => {
    const track = await firstPurchasableTrack(withOgg);
    const response = await withOgg.app.inject({
      method: 'GET',
      url: `/catalog/3/platform/track?id=${track.id}`,
    });
    const { track: record } = catalogPages.track.parse(response.json().results);
    const rows = await formatRows(withOgg.ctx.db);
    expect(rows.map((row) => row.name)).toEqual(['mp3', 'wav', 'aiff', 'flac', 'ogg']);
    expect(record.formats).toEqual(
      rows.map((row) => ({
        format: row.name,
        price: { value: (track.price_cents + row.fee_cents) / 100, currency: record.price.currency },
      })),
    );
  });

  it('prices a release format with the fee once per track', async () => {
    const release = await withOgg.ctx.db.get<{ id: number; price_cents: number; tracks: number }>(
      `SELECT r.id, r.price_cents, count(t.id) AS tracks FROM releases r JOIN tracks t ON t.release_id = r.id
        GROUP BY r.id, r.price_cents HAVING count(t.id) > 1 ORDER BY r.id LIMIT 1`,
    );
    if (!release) throw new Error('the seeded catalog has no release of several tracks');
    const response = await withOgg.app.inject({
      method: 'GET',
      url: `/catalog/3/platform/release?id=${release.id}`,
    });
    const { release: record } = catalogPages.release.parse(response.json().results);
    expect(record.formats?.find((sold) => sold.format === 'ogg')?.price.value).toBeCloseTo(
      (release.price_cents + 50 * Number(release.tracks)) / 100,
    );
  });
});

describe('the cart sells only what the store sells', () => {
  it('refuses a format the store does not sell, naming items, and changes nothing', async () => {
    const { accessToken } = await signIn(store.baseUrl, 'dj2', 'dj2');
    const track = await firstPurchasableTrack(withOgg);
    const before = await cartCall(withOgg, 'GET', accessToken, {});
    const refused = await cartCall(withOgg, 'POST', accessToken, {
      items: JSON.stringify([{ id: track.id, type: 'track', audioFormat: 'opus' }]),
    });
    expect(refused.status).toBe(400);
    const error = ErrorEnvelope.parse(refused.body);
    expect(error.metadata.parameter).toBe('items');
    expect(JSON.stringify(error)).toContain('mp3, wav, aiff, flac, ogg');
    const after = await cartCall(withOgg, 'GET', accessToken, {});
    expect(after.body).toEqual(before.body);
  });

  it('takes a format added to the store list, with no other change', async () => {
    const { accessToken } = await signIn(store.baseUrl, 'dj2', 'dj2');
    const track = await firstPurchasableTrack(withOgg);
    const added = await cartCall(withOgg, 'POST', accessToken, {
      items: JSON.stringify([{ id: track.id, type: 'track', audioFormat: 'ogg' }]),
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(envelopeOf(CartAddResult).parse(added.body).metadata).toMatchObject({
      audioFormats: ['mp3', 'wav', 'aiff', 'flac', 'ogg'],
    });
    const cart = envelopeOf(Cart).parse((await cartCall(withOgg, 'GET', accessToken, {})).body).results;
    expect(cart.items.map((item) => [item.id, item.audioFormat])).toEqual([[track.id, 'ogg']]);
  });
});
