import { afterAll, beforeAll, expect, it } from 'vitest';
import { createUser } from '../../server/accounts/users.ts';
import { startTestStore, type TestStore, testPasswordCost } from '../helpers/store.ts';
import { refresh, signIn } from '../helpers/tokens.ts';

/** Tokens, codes, passwords and cookies never reach the log, wherever a request carries them. */

const lines: string[] = [];
let store: TestStore;

beforeAll(async () => {
  store = await startTestStore({
    scale: 100,
    listen: true,
    logLevel: 'info',
    logStream: { write: (line: string) => lines.push(line) },
  });
});
afterAll(() => store?.close());

it('logs requests without any secret they carry', async () => {
  const secretPassword = 'password-secret-0123456789';
  await createUser(store.ctx.db, 'logged', secretPassword, testPasswordCost);
  // The whole OAuth flow: the login form's password, the code, the verifier, the tokens.
  const tokens = await signIn(store.baseUrl, 'logged', secretPassword);
  // The website's sign-in form, password in the body, and again in a query string.
  const page = await fetch(`${store.baseUrl}/sign-in`);
  const csrf = /crate_csrf=([^;]+)/.exec(page.headers.get('set-cookie') ?? '')?.[1] as string;
  await fetch(`${store.baseUrl}/sign-in?password=${secretPassword}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `crate_csrf=${csrf}` },
    body: new URLSearchParams({ username: 'logged', password: secretPassword, csrf }),
    redirect: 'manual',
  });
  const renewed = await refresh(store.baseUrl, tokens.refreshToken);
  const { accessToken } = renewed;
  await fetch(`${store.baseUrl}/order/1/downloads?access_token=${accessToken}`);
  await fetch(`${store.baseUrl}/cart/1/?sourceType=x&ACCESS_TOKEN=${accessToken}`);
  await fetch(`${store.baseUrl}/cart/1/?sourceType=x`, {
    headers: { authorization: `Bearer ${accessToken}` },
  });
  await fetch(`${store.baseUrl}/cart/1/?sourceType=x`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `access_token=${accessToken}&items=x`,
  });
  await fetch(`${store.baseUrl}/cart`, {
    headers: { cookie: 'crate_session=cookie-secret-value-0123456789' },
  });
  await fetch(`${store.baseUrl}/oauth/authorize?code=code-secret-value-0123456789&state=x`);
  await fetch(`${store.baseUrl}/downloads/file/1?expires=1&sig=signature-secret-0123456789`);

  const log = lines.join('');
  expect(log).toContain('/order/1/downloads');
  expect(log).toContain('[redacted]');
  for (const secret of [
    secretPassword,
    csrf,
    tokens.accessToken,
    tokens.refreshToken,
    accessToken,
    renewed.refreshToken,
    'cookie-secret-value-0123456789',
    'code-secret-value-0123456789',
    'signature-secret-0123456789',
  ]) {
    expect(log).not.toContain(secret);
  }
  expect(log).not.toMatch(/password=(?!\[redacted\])/);
  expect(log).not.toMatch(/[?&]code=(?!\[redacted\])/);
});
