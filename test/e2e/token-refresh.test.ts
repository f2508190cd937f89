import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AccountPanelPage } from '../../components/popup/account/account-panel.page.ts';
import { freePort } from '../helpers/free-port.ts';
import { startTestStore, type TestStore } from '../helpers/store.ts';
import { pointAtStore } from './connect.ts';
import { type ExtensionHarness, launchExtension, readAccessToken, sendFromPage } from './extension.ts';

// A store of its own whose access tokens live five seconds, and whose clock (Date only, in this
// process, where the store runs) the tests move past that: the extension's own clock still calls
// the token fresh, so the store's 401 is what makes it renew (the expiry the worker reads itself
// is test/unit/lib/background/auth/auth-session.test.ts's).
const accessTokenTtlSeconds = 5;
const pastTheTokensLife = () => vi.setSystemTime(Date.now() + (accessTokenTtlSeconds + 1) * 1000);
let store: TestStore;
let storeUrl: string;
let extension: ExtensionHarness;
let popup: AccountPanelPage<Page>;

beforeAll(async () => {
  const port = await freePort();
  storeUrl = `http://127.0.0.1:${port}`;
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  store = await startTestStore({ scale: 300, config: { baseUrl: storeUrl, accessTokenTtlSeconds } });
  await store.app.listen({ port, host: '127.0.0.1' });

  extension = await launchExtension();
  await pointAtStore(extension, storeUrl);
  popup = new AccountPanelPage(await extension.openPage('popup.html'));
  await popup.signIn('demo', 'demo');
  await popup.signedInAs.waitFor();
});

afterAll(async () => {
  vi.useRealTimers();
  await extension?.close();
  await store?.close();
});

describe('an expired access token', () => {
  it('is renewed through the refresh token, and the call succeeds', async () => {
    const first = await readAccessToken(await extension.worker());
    expect(await sendFromPage(popup.page, 'viewCart')).toMatchObject({ ok: true });

    pastTheTokensLife();
    expect(await store.ctx.auth.verifyAccessToken(first as string)).toBeNull();

    expect(await sendFromPage(popup.page, 'viewCart')).toMatchObject({
      ok: true,
      value: { cart: { name: 'default' } },
    });
    const renewed = await readAccessToken(await extension.worker());
    expect(renewed).not.toBe(first);
    expect(await store.ctx.auth.verifyAccessToken(renewed as string)).toMatchObject({ username: 'demo' });
  });

  it('is renewed after the worker was stopped too', async () => {
    pastTheTokensLife();
    await extension.stopWorker();
    expect(await sendFromPage(popup.page, 'viewCart')).toMatchObject({ ok: true });
    expect(await extension.workerWasRestarted()).toBe(true);
  });
});

describe('a store that stopped', () => {
  it('is named in the popup, and cart calls say the store is not answering', async () => {
    // Chromium keeps connections alive, which close() would wait out: cut them.
    const closed = store.app.close();
    store.app.server.closeAllConnections();
    await closed;
    await popup.page.reload();
    const problem = `The store at ${storeUrl} is not answering. Is it running?`;
    await popup.alert.filter({ hasText: problem }).first().waitFor();
    expect(await sendFromPage(popup.page, 'viewCart')).toMatchObject({
      ok: false,
      error: { kind: 'storeDown', message: problem },
    });
  });
});
