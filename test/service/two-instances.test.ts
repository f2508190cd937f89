/**
 * Two store instances on one PostgreSQL database, as behind a reverse proxy: whatever one
 * instance starts, the other continues. (SQLite is one process's embedded database: this runs in
 * the suite's PostgreSQL run only.)
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oauthClientId } from '../../lib/contract/extension-identity.ts';
import { signInWithPassword } from '../../server/accounts/password-sign-in.ts';
import { startTestStore, type TestStore } from '../helpers/store.ts';
import { testEngine } from '../helpers/test-database.ts';
import { discover, signIn } from '../helpers/tokens.ts';

let a: TestStore;
let b: TestStore;

beforeAll(async () => {
  if (testEngine !== 'postgres') return;
  a = await startTestStore({ scale: 400, listen: true });
  b = await startTestStore({ listen: true, sharing: a });
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const cartUrl = (origin: string, query: Record<string, string>) =>
  `${origin}/cart/1/?${new URLSearchParams({ sourceType: 'test', ...query })}`;

describe.skipIf(testEngine !== 'postgres')('two instances on one PostgreSQL database', () => {
  it('refreshes through B a token signed in through A, and B accepts the new access token', async () => {
    const tokens = await signIn(a.listenUrl, 'dj2', 'dj2');
    const { token_endpoint } = await discover(a.baseUrl);
    const refreshed = await fetch(new URL(new URL(token_endpoint as string).pathname, b.listenUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: tokens.refreshToken,
        client_id: oauthClientId,
      }),
    });
    expect(refreshed.status, await refreshed.clone().text()).toBe(200);
    const body = (await refreshed.json()) as { access_token: string; refresh_token: string };
    expect(body.refresh_token).not.toBe(tokens.refreshToken);
    const cart = await fetch(cartUrl(b.listenUrl, {}), { headers: bearer(body.access_token) });
    expect(cart.status).toBe(200);
    // The old refresh token was rotated by B: A refuses it too.
    const reused = await fetch(new URL(new URL(token_endpoint as string).pathname, a.listenUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: tokens.refreshToken,
        client_id: oauthClientId,
      }),
    });
    expect(reused.status).toBe(400);
  });

  it('lands 50 concurrent adds split across A and B exactly once each; the same add twice leaves one item', async () => {
    const { accessToken } = await signIn(a.listenUrl, 'dj2', 'dj2');
    const rows = await a.ctx.db.all<{ id: number }>(
      `SELECT id FROM tracks WHERE sale_type = 'purchase' ORDER BY id LIMIT 50`,
    );
    expect(rows).toHaveLength(50);
    const add = (origin: string, id: number) =>
      fetch(
        cartUrl(origin, {
          name: 'split',
          items: JSON.stringify([{ id, type: 'track', audioFormat: 'mp3' }]),
        }),
        {
          method: 'POST',
          headers: bearer(accessToken),
        },
      );
    const responses = await Promise.all(
      rows.map((row, i) => add(i % 2 === 0 ? a.listenUrl : b.listenUrl, row.id)),
    );
    expect(responses.map((response) => response.status)).toEqual(rows.map(() => 200));
    const twice = await Promise.all([
      add(a.listenUrl, rows[0]?.id as number),
      add(b.listenUrl, rows[0]?.id as number),
    ]);
    expect(twice.map((response) => response.status)).toEqual([200, 200]);
    const cart = (await (
      await fetch(cartUrl(b.listenUrl, { name: 'split' }), { headers: bearer(accessToken) })
    ).json()) as {
      results: { items: { id: number }[] };
    };
    expect(cart.results.items.map((item) => item.id).sort((x, y) => x - y)).toEqual(
      rows.map((row) => row.id),
    );
  });

  it('holds the password-attempt limit across both instances', async () => {
    const limits = { windowSeconds: 600, perAccount: 4, perAddress: 100 };
    const attempt = (store: TestStore) =>
      signInWithPassword(store.ctx.db, { username: 'demo', password: 'wrong', address: '192.0.2.7' }, limits);
    const outcomes = await Promise.all(Array.from({ length: 10 }, (_, i) => attempt(i % 2 === 0 ? a : b)));
    expect(outcomes.filter((outcome) => outcome.outcome === 'refused')).toHaveLength(4);
    expect(outcomes.filter((outcome) => outcome.outcome === 'throttled')).toHaveLength(6);
  });

  it('serves through B a download link made by A', async () => {
    const { accessToken } = await signIn(a.listenUrl, 'demo', 'demo');
    const library = (await (
      await fetch(`${a.listenUrl}/order/1/downloads`, { headers: bearer(accessToken) })
    ).json()) as { results: { id: number }[] };
    const first = library.results[0]?.id as number;
    const started = await fetch(`${a.listenUrl}/order/1/downloads?downloadIds=${first}`, {
      method: 'POST',
      headers: bearer(accessToken),
    });
    expect(started.status).toBe(200);
    const [link] = ((await started.json()) as { results: { url: string }[] }).results;
    const url = new URL(link?.url as string);
    const file = await fetch(`${b.listenUrl}${url.pathname}${url.search}`);
    expect(file.status).toBe(200);
    expect((await file.arrayBuffer()).byteLength).toBeGreaterThan(1000);
  });

  it('answers 503 in the envelope when a query runs past the statement timeout', async () => {
    const slow = await startTestStore({ listen: true, sharing: a, dbOptions: { statementTimeoutMs: 300 } });
    const blocker = new pg.Client({ connectionString: a.dbPath });
    try {
      const { accessToken } = await signIn(a.listenUrl, 'dj2', 'dj2');
      const [track] = await a.ctx.db.all<{ id: number }>(
        `SELECT id FROM tracks WHERE sale_type = 'purchase' ORDER BY id DESC LIMIT 1`,
      );
      const items = JSON.stringify([{ id: track?.id, type: 'track', audioFormat: 'mp3' }]);
      expect(
        (
          await fetch(cartUrl(a.listenUrl, { name: 'held', items }), {
            method: 'POST',
            headers: bearer(accessToken),
          })
        ).status,
      ).toBe(200);
      // Another session holds the cart's row: the add waits for it, past the timeout.
      await blocker.connect();
      await blocker.query('BEGIN');
      await blocker.query(`SELECT id FROM carts WHERE name = 'held' FOR UPDATE`);
      const response = await fetch(cartUrl(slow.listenUrl, { name: 'held', items }), {
        method: 'POST',
        headers: bearer(accessToken),
      });
      expect(response.status).toBe(503);
      expect(await response.json()).toMatchObject({ metadata: { error: 'unavailable' }, results: null });
    } finally {
      await blocker.end();
      await slow.close();
    }
  });
});
