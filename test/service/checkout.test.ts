import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type CartItemInput, envelopeOf, PurchasedCrate } from '../../lib/contract/wire.ts';
import { addItems, loadCart } from '../../server/cart/cart-store.ts';
import { ApiError } from '../../server/http/api-error.ts';
import { checkoutCart } from '../../server/orders/checkout.ts';
import { ownedTrackIds } from '../../server/orders/ownership.ts';
import { startTestStore, type TestStore } from '../helpers/store.ts';
import { signIn } from '../helpers/tokens.ts';

let store: TestStore;
let userId: number; // dj2: owns nothing at first

const db = () => store.ctx.db;
const library = async () =>
  await db().all<{
    track_id: number;
    audio_format: string;
    source: string;
    order_id: number;
    status: string;
  }>(
    'SELECT track_id, audio_format, source, order_id, status FROM downloads WHERE user_id = ? ORDER BY id',
    userId,
  );
const unownedTracks = async (n: number) =>
  await db().all<{ id: number; price_cents: number }>(
    `SELECT id, price_cents FROM tracks WHERE sale_type = 'purchase'
        AND id NOT IN (SELECT track_id FROM downloads) ORDER BY id DESC LIMIT ?`,
    n,
  );
const multiTrackRelease = async () =>
  (await db().get<{ id: number; price_cents: number }>(
    `SELECT r.id, r.price_cents FROM releases r WHERE r.price_cents > 0
        AND (SELECT count(*) FROM tracks t WHERE t.release_id = r.id) >= 3
        AND NOT EXISTS (SELECT 1 FROM tracks t JOIN downloads d ON d.track_id = t.id WHERE t.release_id = r.id)
      ORDER BY r.id LIMIT 1`,
  )) as { id: number; price_cents: number };
const releaseTrackIds = async (releaseId: number) =>
  (
    await db().all<{ id: number }>(
      'SELECT id FROM tracks WHERE release_id = ? ORDER BY track_number',
      releaseId,
    )
  ).map((row) => row.id);
const fill = async (name: string, items: CartItemInput[]) =>
  await addItems(store.ctx, userId, name, items, true);

beforeAll(async () => {
  store = await startTestStore({ scale: 400, listen: true });
  userId = (await db().get<{ id: number }>(`SELECT id FROM users WHERE username = 'dj2'`))?.id as number;
});
afterAll(() => store?.close());

describe('checkout', () => {
  it('moves the cart into an order and the library, at the cart’s prices, and empties the cart', async () => {
    const [first, second] = await unownedTracks(2);
    const release = await multiTrackRelease();
    await fill('default', [
      { id: first?.id as number, type: 'track', audioFormat: 'mp3' },
      { id: second?.id as number, type: 'track', audioFormat: 'wav' },
      { id: release.id, type: 'release', audioFormat: 'aiff' },
    ]);
    const cartTotal = (await loadCart(store.ctx, userId, 'default')).result.total;

    const order = await checkoutCart(store.ctx, userId, 'default');

    const tracksOfRelease = await releaseTrackIds(release.id);
    const expectedCents =
      (first?.price_cents as number) +
      (second?.price_cents as number) +
      100 +
      release.price_cents +
      100 * tracksOfRelease.length;
    expect(order.total).toEqual({ value: expectedCents / 100, currency: 'USD' });
    expect(order.total).toEqual(cartTotal);
    expect(order.items.map((item) => [item.type, item.id, item.audioFormat])).toEqual([
      ['track', first?.id, 'mp3'],
      ['track', second?.id, 'wav'],
      ['release', release.id, 'aiff'],
    ]);
    expect(
      await db().get(
        'SELECT user_id, cart_name, total_cents, currency FROM orders WHERE id = ?',
        order.orderId,
      ),
    ).toEqual({
      user_id: userId,
      cart_name: 'default',
      total_cents: expectedCents,
      currency: 'USD',
    });
    expect(
      (
        await db().get<{ n: number }>(
          'SELECT count(*) AS n FROM order_items WHERE order_id = ?',
          order.orderId,
        )
      )?.n,
    ).toBe(3);

    expect(await library()).toEqual([
      {
        track_id: first?.id,
        audio_format: 'mp3',
        source: 'purchase',
        order_id: order.orderId,
        status: 'available',
      },
      {
        track_id: second?.id,
        audio_format: 'wav',
        source: 'purchase',
        order_id: order.orderId,
        status: 'available',
      },
      ...tracksOfRelease.map((trackId) => ({
        track_id: trackId,
        audio_format: 'aiff',
        source: 'purchase',
        order_id: order.orderId,
        status: 'available',
      })),
    ]);
    expect((await loadCart(store.ctx, userId, 'default')).result.items).toEqual([]);
    expect(
      [...(await ownedTrackIds(db(), userId, [first?.id as number, ...tracksOfRelease, 999_999]))].sort(),
    ).toEqual([first?.id as number, ...tracksOfRelease].sort());
  });

  it('keeps one library entry when a track is bought again in the same format, adds one in another', async () => {
    const [track] = await library();
    const before = (await library()).length;
    await fill('again', [{ id: track?.track_id as number, type: 'track', audioFormat: 'mp3' }]);
    await checkoutCart(store.ctx, userId, 'again');
    expect((await library()).length).toBe(before);
    await fill('again', [{ id: track?.track_id as number, type: 'track', audioFormat: 'wav' }]);
    await checkoutCart(store.ctx, userId, 'again');
    expect((await library()).length).toBe(before + 1);
  });

  it('refuses an empty or unknown cart with 409 emptyCart and changes nothing', async () => {
    const orders = (await db().get<{ n: number }>('SELECT count(*) AS n FROM orders'))?.n;
    for (const name of ['default', 'never-used']) {
      try {
        await checkoutCart(store.ctx, userId, name);
        expect.unreachable('checkout of an empty cart');
      } catch (error) {
        expect(error).toBeInstanceOf(ApiError);
        expect([(error as ApiError).status, (error as ApiError).code]).toEqual([409, 'emptyCart']);
      }
    }
    expect((await db().get<{ n: number }>('SELECT count(*) AS n FROM orders'))?.n).toBe(orders);
  });

  it('owns nothing for a user without purchases', async () => {
    expect((await ownedTrackIds(db(), userId + 1000, [1, 2, 3])).size).toBe(0);
    expect((await ownedTrackIds(db(), userId, [])).size).toBe(0);
  });
});

describe('a named cart, once paid, stays a crate (GET /order/1/crates)', () => {
  const crates = async () => {
    const token = (await signIn(store.baseUrl, 'dj2', 'dj2')).accessToken;
    const response = await store.app.inject({
      method: 'GET',
      url: '/order/1/crates',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(200);
    return envelopeOf(z.array(PurchasedCrate)).parse(response.json()).results;
  };

  it('keeps its name and its items in the cart’s order, the default cart none', async () => {
    const tracks = await unownedTracks(4);
    const [a, b, c, d] = tracks.map((track) => track.id) as [number, number, number, number];
    // Added in an order that is not the ids': the crate keeps the cart's.
    await fill('Frank Silva - Cold Vision', [
      { id: c, type: 'track', audioFormat: 'flac' },
      { id: a, type: 'track', audioFormat: 'mp3' },
      { id: b, type: 'track', audioFormat: 'wav' },
    ]);
    await checkoutCart(store.ctx, userId, 'Frank Silva - Cold Vision');
    await fill('default', [{ id: d, type: 'track', audioFormat: 'mp3' }]);
    await checkoutCart(store.ctx, userId, 'default');
    const [crate, ...others] = await crates();
    expect(others.map((other) => other.name)).not.toContain('default');
    expect(crate?.name).toBe('Frank Silva - Cold Vision');
    expect(crate?.items.map((item) => [item.id, item.audioFormat])).toEqual([
      [c, 'flac'],
      [a, 'mp3'],
      [b, 'wav'],
    ]);
    expect(crate?.items.every((item) => item.name.length > 0 && item.price.value > 0)).toBe(true);
    expect((await loadCart(store.ctx, userId, 'Frank Silva - Cold Vision')).result.items).toEqual([]);
  });

  it('adds what the same name buys a week later after the first, each item once, most recent crate first', async () => {
    const [first, again, later] = (await unownedTracks(3)).map((track) => track.id) as [
      number,
      number,
      number,
    ];
    await fill('Saturday', [{ id: first, type: 'track', audioFormat: 'mp3' }]);
    await checkoutCart(store.ctx, userId, 'Saturday');
    await fill('Sunday', [{ id: later, type: 'track', audioFormat: 'mp3' }]);
    await checkoutCart(store.ctx, userId, 'Sunday');
    await fill('Saturday', [
      { id: again, type: 'track', audioFormat: 'aiff' },
      { id: first, type: 'track', audioFormat: 'wav' },
    ]);
    await checkoutCart(store.ctx, userId, 'Saturday');
    const found = await crates();
    expect(found[0]?.name).toBe('Saturday');
    expect(found[0]?.items.map((item) => item.id)).toEqual([first, again]);
    expect(found.map((crate) => crate.name)).toContain('Sunday');
  });

  it('is refused without a token, in the store’s envelope', async () => {
    const response = await store.app.inject({ method: 'GET', url: '/order/1/crates' });
    expect(response.statusCode).toBe(401);
    expect(response.json().results).toBeNull();
  });
});
