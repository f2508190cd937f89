import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createAuthSession, type TokenStore } from '../../../../../lib/background/auth/auth-session.ts';
import { RefreshRefusedError, type TokenSet } from '../../../../../lib/background/auth/oauth-client.ts';
import { StoreError } from '../../../../../lib/protocol/store-error.ts';
import type { AccessToken } from '../../../../../lib/storage/access-token.ts';
import type { Grant } from '../../../../../lib/storage/refresh-token-vault.ts';

const storeUrl = 'http://127.0.0.1:8813';
const start = Date.parse('2030-01-01T00:00:00Z');
const callers = 50;

/**
 * A session whose every storage access and refresh is a task the fast-check scheduler releases in
 * an order of its choosing, so a run explores one interleaving of all the callers.
 */
function scheduledSession(s: fc.Scheduler, refreshAnswer: (grant: Grant) => TokenSet | Error) {
  const clock = { now: start };
  let access: AccessToken | null = { token: 'access-0', renewAt: start + 1_000, storeUrl };
  let grant: Grant | null = { refreshToken: 'refresh-0', storeUrl, username: 'demo' };
  const log: string[] = [];
  const refreshes: string[] = [];
  const tokens: TokenStore = {
    readAccessToken: s.scheduleFunction(async () => access),
    writeAccessToken: s.scheduleFunction(async (token: AccessToken) => {
      log.push(`access ${token.token}`);
      access = token;
    }),
    readGrant: s.scheduleFunction(async () => grant),
    writeGrant: s.scheduleFunction(async (next: Grant) => {
      log.push(`grant ${next.refreshToken}`);
      grant = next;
    }),
    signOut: s.scheduleFunction(async (notice: string | null) => {
      log.push(`signOut ${notice}`);
      access = null;
      grant = null;
    }),
  };
  const session = createAuthSession({
    tokens,
    storeUrl: async () => storeUrl,
    now: () => clock.now,
    refresh: s.scheduleFunction(async (current: Grant) => {
      refreshes.push(current.refreshToken);
      const answer = refreshAnswer(current);
      if (answer instanceof Error) throw answer;
      return answer;
    }),
  });
  // The moment the token expires is itself a task, so calls land on both sides of it.
  const expiry = s.schedule(Promise.resolve()).then(() => {
    clock.now = start + 2_000;
  });
  const calls = Array.from({ length: callers }, () =>
    s
      .schedule(Promise.resolve())
      .then(() => session.accessToken())
      .then(
        (token) => token,
        (error: unknown) => error,
      ),
  );
  return { session, log, refreshes, expiry, calls };
}

describe('single-flight refresh', () => {
  it('makes exactly one refresh for 50 concurrent calls around an expiry, in any interleaving', async () => {
    await fc.assert(
      fc.asyncProperty(fc.scheduler(), async (s) => {
        const run = scheduledSession(s, () => ({
          accessToken: 'access-1',
          refreshToken: 'refresh-1',
          expiresIn: 600,
        }));
        await s.waitIdle();
        const results = await Promise.all(run.calls);
        // One more call after everything settled is past the expiry: it must not refresh again.
        const last = run.session.accessToken();
        await s.waitIdle();
        expect(await last).toBe('access-1');

        expect(run.refreshes).toEqual(['refresh-0']);
        for (const result of results) expect(['access-0', 'access-1']).toContain(result);
        // The rotated refresh token is stored before the access token that came with it.
        expect(run.log).toEqual(['grant refresh-1', 'access access-1']);
      }),
      { numRuns: 200 },
    );
  });

  it('signs out once when the store refuses the refresh token, and every caller hears it', async () => {
    await fc.assert(
      fc.asyncProperty(fc.scheduler(), async (s) => {
        const run = scheduledSession(s, () => new RefreshRefusedError('invalid_grant'));
        await s.waitIdle();
        const results = await Promise.all(run.calls);
        const last = run.session.accessToken().catch((error: unknown) => error);
        await s.waitIdle();
        const outcomes = [...results, await last];

        expect(run.refreshes).toEqual(['refresh-0']);
        expect(run.log).toEqual(['signOut The store ended your session. Sign in again.']);
        const refused = outcomes.filter((outcome) => outcome instanceof StoreError);
        expect(refused.length).toBeGreaterThan(0);
        for (const outcome of refused) expect((outcome as StoreError).kind).toBe('signedOut');
      }),
      { numRuns: 100 },
    );
  });

  it('renews a token the store rejected, once for all the callers that saw it rejected', async () => {
    await fc.assert(
      fc.asyncProperty(fc.scheduler(), async (s) => {
        let issued = 0;
        const run = scheduledSession(s, () => ({
          accessToken: `access-${++issued}`,
          refreshToken: `refresh-${issued}`,
          expiresIn: 600,
        }));
        const rejected = Array.from({ length: 10 }, () => run.session.renewAccessToken('access-0'));
        await s.waitIdle();
        await Promise.all(run.calls);
        const renewed = await Promise.all(rejected);
        expect(new Set(renewed)).toEqual(new Set(['access-1']));
        expect(run.refreshes).toEqual(['refresh-0']);
      }),
      { numRuns: 100 },
    );
  });

  it('keeps the session when the refresh fails for a reason other than refusal', async () => {
    await fc.assert(
      fc.asyncProperty(fc.scheduler(), async (s) => {
        const run = scheduledSession(
          s,
          () => new StoreError({ kind: 'storeDown', message: 'The store is not answering.' }),
        );
        await s.waitIdle();
        await Promise.all(run.calls);
        expect(run.log).toEqual([]);
      }),
      { numRuns: 50 },
    );
  });
});
