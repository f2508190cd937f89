import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultCartLimits } from '../../lib/contract/cart-limits.ts';
import { ErrorEnvelope } from '../../lib/contract/wire.ts';
import { signInWithPassword } from '../../server/accounts/password-sign-in.ts';
import { createUser } from '../../server/accounts/users.ts';
import { buildApp, defaultConfig } from '../../server/app.ts';
import { startTestStore, type TestStore, testPasswordCost } from '../helpers/store.ts';
import { signIn } from '../helpers/tokens.ts';

/** Bounds on what one user can make the store hold, and password limits that no spelling escapes. */

let store: TestStore;
let token: string;
let userId: number;
let trackIds: number[];

beforeAll(async () => {
  store = await startTestStore({
    scale: 300,
    listen: true,
    config: { cartLimits: { cartsPerUser: 4, itemsPerCart: 5 } },
  });
  token = (await signIn(store.baseUrl, 'dj2', 'dj2')).accessToken;
  userId = (await store.ctx.db.get<{ id: number }>("SELECT id FROM users WHERE username = 'dj2'"))
    ?.id as number;
  trackIds = (
    await store.ctx.db.all<{ id: number }>(
      "SELECT id FROM tracks WHERE sale_type = 'purchase' ORDER BY id LIMIT 300",
    )
  ).map((row) => row.id);
});
afterAll(() => store?.close());

const add = (name: string, ids: number[]) =>
  store.app.inject({
    method: 'POST',
    url: '/cart/1/',
    headers: { authorization: `Bearer ${token}` },
    query: {
      sourceType: 'test',
      name,
      items: JSON.stringify(ids.map((id) => ({ id, type: 'track', audioFormat: 'mp3' }))),
    },
  });
const cartRows = async () =>
  (await store.ctx.db.get<{ n: number }>('SELECT count(*) AS n FROM carts WHERE user_id = ?', userId))?.n;
const itemRows = async () =>
  (await store.ctx.db.get<{ n: number }>('SELECT count(*) AS n FROM cart_items'))?.n;

describe('cart bounds', () => {
  it('defaults to 100 carts per user and 1,000 items per cart', () => {
    expect(defaultConfig().cartLimits).toEqual({ cartsPerUser: 100, itemsPerCart: 1000 });
    expect(defaultConfig().cartLimits).toEqual(defaultCartLimits);
  });

  it('refuses a cart past the carts limit with a 409 naming the limit, and changes nothing', async () => {
    for (const name of ['a', 'b', 'c', 'd'])
      expect((await add(name, [trackIds[0] as number])).statusCode).toBe(200);
    const before = [await cartRows(), await itemRows()];
    const response = await add('e', [trackIds[1] as number]);
    expect(response.statusCode).toBe(409);
    const error = ErrorEnvelope.parse(response.json()).metadata;
    expect(error).toMatchObject({ error: 'tooManyCarts', parameter: 'name' });
    expect(error.message).toContain('4 carts');
    expect([await cartRows(), await itemRows()]).toEqual(before);
    // Adding to an existing cart still works.
    expect((await add('a', [trackIds[1] as number])).statusCode).toBe(200);
  });

  it('forgets an emptied cart, so emptying one makes room for another', async () => {
    await store.app.inject({
      method: 'DELETE',
      url: '/cart/1/?sourceType=test&name=d',
      headers: { authorization: `Bearer ${token}` },
    });
    expect((await add('e', [trackIds[2] as number])).statusCode).toBe(200);
    expect(await cartRows()).toBe(4);
  });

  it('refuses items past the items limit with a 409 naming the limit, and adds none of the call', async () => {
    const fresh = trackIds.slice(10, 20);
    const before = await itemRows();
    const response = await add('a', fresh);
    expect(response.statusCode).toBe(409);
    const error = ErrorEnvelope.parse(response.json()).metadata;
    expect(error).toMatchObject({ error: 'cartFull', parameter: 'items' });
    expect(error.message).toContain('5 items');
    expect(await itemRows()).toBe(before);
  });
});

describe('the cart page', () => {
  it('stays small however many carts and items the user holds', async () => {
    const db = store.ctx.db;
    const demo = (await db.get<{ id: number }>("SELECT id FROM users WHERE username = 'demo'"))?.id as number;
    // Straight into the database: 100 carts of 300 items each, past what the page may show.
    await db.transaction(async () => {
      await db.run('DELETE FROM carts WHERE user_id = ?', demo);
      for (let cart = 0; cart < 100; cart++) {
        const id = (
          await db.get<{ id: number }>(
            "INSERT INTO carts (user_id, name, created_at, updated_at) VALUES (?, ?, '', '') RETURNING id",
            demo,
            cart === 0 ? 'default' : `crate ${cart}`,
          )
        )?.id;
        for (const [seq, trackId] of trackIds.entries()) {
          await db.run(
            "INSERT INTO cart_items (cart_id, item_type, item_id, audio_format, added_seq) VALUES (?, 'track', ?, 'mp3', ?)",
            id as number,
            trackId,
            seq + 1,
          );
        }
      }
    });
    const page = await store.app.inject({ url: '/sign-in' });
    const csrf = page.cookies.find((cookie) => cookie.name === 'crate_csrf')?.value as string;
    const signedIn = await store.app.inject({
      method: 'POST',
      url: '/sign-in',
      cookies: { crate_csrf: csrf },
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ username: 'demo', password: 'demo', csrf }).toString(),
    });
    const session = signedIn.cookies.find((cookie) => cookie.name === 'crate_session')?.value as string;
    const cart = await store.app.inject({ url: '/cart', cookies: { crate_session: session } });
    expect(cart.statusCode).toBe(200);
    // 30,000 items; the page shows 3 carts of 100 and a line for each other cart.
    expect(cart.body.length).toBeLessThan(400_000);
    expect(cart.body.match(/class="cart-item"/g)?.length).toBe(300);
    expect(cart.body).toContain(`Showing the first 100 of ${trackIds.length} items`);
    expect(cart.body.match(/href="\/cart\?cart=/g)?.length).toBe(97);
    const chosen = await store.app.inject({
      url: '/cart?cart=crate%2050',
      cookies: { crate_session: session },
    });
    expect(chosen.body.indexOf('data-cart-name="crate 50"')).toBeGreaterThan(0);
    expect(chosen.body.indexOf('data-cart-name="crate 50"')).toBeLessThan(
      chosen.body.indexOf('data-cart-name="default"'),
    );
  });
});

describe('password limits', () => {
  const limits = { windowSeconds: 600, perAccount: 3, perAddress: 100 };

  it('count one account whatever the spelling of its name', async () => {
    const address = '192.0.2.44';
    for (const spelling of ['DEMO', ' demo ', '\uFF44\uFF45\uFF4D\uFF4F']) {
      expect(
        await signInWithPassword(store.ctx.db, { username: spelling, password: 'wrong', address }, limits),
      ).toEqual({
        outcome: 'refused',
      });
    }
    const result = await signInWithPassword(
      store.ctx.db,
      { username: 'Demo', password: 'demo', address },
      limits,
    );
    expect(result.outcome).toBe('throttled');
  });

  it('keep their count in the database, across a restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'crate-limits-'));
    const dbPath = join(dir, 'store.db');
    try {
      const first = await buildApp({ dbPath, config: { signInLimits: limits } });
      await createUser(first.ctx.db, 'someone', 'right', testPasswordCost);
      for (const spelling of ['someone', 'SOMEONE', 'Someone ']) {
        await signInWithPassword(
          first.ctx.db,
          { username: spelling, password: 'x', address: '192.0.2.9' },
          limits,
        );
      }
      await first.app.close();
      const second = await buildApp({ dbPath, config: { signInLimits: limits } });
      const result = await signInWithPassword(
        second.ctx.db,
        { username: 'someone', password: 'right', address: '192.0.2.9' },
        limits,
      );
      await second.app.close();
      expect(result.outcome).toBe('throttled');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('hold on the website sign-in form whatever the case of the name', async () => {
    const page = await store.app.inject({ url: '/sign-in' });
    const csrf = page.cookies.find((cookie) => cookie.name === 'crate_csrf')?.value as string;
    const attempt = (username: string) =>
      store.app.inject({
        method: 'POST',
        url: '/sign-in',
        remoteAddress: '192.0.2.77',
        cookies: { crate_csrf: csrf },
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ username, password: 'wrong', csrf }).toString(),
      });
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await attempt(i % 2 ? 'DJ2' : 'Dj2')).statusCode);
    // The default allows 10 per account and address, whatever the spelling.
    expect(statuses.filter((status) => status === 401)).toHaveLength(10);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });
});
