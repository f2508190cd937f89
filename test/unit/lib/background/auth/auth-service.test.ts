import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createAuthService } from '../../../../../lib/background/auth/auth-service.ts';
import type { TokenStore } from '../../../../../lib/background/auth/auth-session.ts';
import { storeUrlSetting } from '../../../../../lib/storage/items.ts';

const storeUrl = 'http://127.0.0.1:8814';

const metadata = {
  issuer: storeUrl,
  authorization_endpoint: `${storeUrl}/oauth/authorize`,
  token_endpoint: `${storeUrl}/oauth/token`,
  scopes_supported: ['store'],
};

const noTokens: TokenStore = {
  readAccessToken: async () => null,
  writeAccessToken: async () => {},
  readGrant: async () => null,
  writeGrant: async () => {},
  signOut: async () => {},
};

/** A store whose discovery document answers until `down` is set, then refuses connections. */
function storeFetch() {
  const state = { down: false };
  const fetch = (async () => {
    if (state.down) throw new TypeError('fetch failed');
    return new Response(JSON.stringify(metadata), { headers: { 'content-type': 'application/json' } });
  }) as typeof globalThis.fetch;
  return { state, fetch };
}

describe('signing in through the browser window', () => {
  beforeEach(async () => {
    fakeBrowser.reset();
    await storeUrlSetting.setValue(storeUrl);
  });

  it('reads as cancelled when the person closes the window of a store that answers', async () => {
    const store = storeFetch();
    const auth = createAuthService({
      tokens: noTokens,
      fetch: store.fetch,
      redirectUri: () => 'https://example.chromiumapp.org/',
      launchWebAuthFlow: async () => {
        throw new Error('The user did not approve access.');
      },
    });
    await expect(auth.signIn()).rejects.toMatchObject({
      kind: 'forbidden',
      message: 'Sign-in was cancelled.',
    });
  });

  it('says the store is not answering, with its URL, when its page does not load', async () => {
    const store = storeFetch();
    const auth = createAuthService({
      tokens: noTokens,
      fetch: store.fetch,
      isOnline: () => true,
      redirectUri: () => 'https://example.chromiumapp.org/',
      launchWebAuthFlow: async () => {
        store.state.down = true;
        throw new Error('Authorization page could not be loaded.');
      },
    });
    await expect(auth.signIn()).rejects.toMatchObject({
      kind: 'storeDown',
      message: `The store at ${storeUrl} is not answering. Is it running?`,
    });
  });
});
