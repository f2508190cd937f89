/**
 * The worker's side of unit tests: a signed-in session and a store answering by method and path
 * (`routes`), every request recorded. For the popup's side, see popup-fixtures.ts.
 */
import { vi } from 'vitest';
import type { AuthService } from '../../lib/background/auth/auth-service.ts';
import { defaultCartName } from '../../lib/contract/cart-name.ts';
import { storeUrl } from './popup-fixtures.ts';

/** A cart summary of `items` tracks. */
export const summary = (items: number, name = defaultCartName) => ({
  name,
  counts: { items, tracks: items, releases: 0 },
  total: { value: items, currency: 'USD' },
});

/** A session that says whoever `signedIn()` says is signed in; sign-in and sign-out are spies. */
export function fakeAuth(signedIn: () => boolean = () => true) {
  const grant = { refreshToken: 'r', storeUrl, username: 'demo' };
  return {
    session: { accessToken: async () => 'token', renewAccessToken: async () => 'token' },
    currentGrant: async () => (signedIn() ? grant : null),
    signIn: vi.fn(async () => grant),
    signOut: vi.fn(async () => undefined),
    storeProblem: async () => null,
  } satisfies AuthService;
}

/** A store answer: its results, or a failure with the store's error envelope. */
export type Answer = unknown | { status: number; error: string; message: string };
const isFailure = (answer: Answer): answer is { status: number; error: string; message: string } =>
  typeof answer === 'object' && answer !== null && 'status' in answer && 'error' in answer;

/** An answer whose envelope carries this metadata (a cart's `cartVersion`, say). */
class WithMetadata {
  constructor(
    readonly results: unknown,
    readonly metadata: Record<string, unknown>,
  ) {}
}
export const withMetadata = (results: unknown, metadata: Record<string, unknown>) =>
  new WithMetadata(results, metadata);

/** A 304: the version the request named is current. */
export const notModifiedAnswer = Symbol('304');

/**
 * Stubs fetch with a store answering `routes['GET /cart/1/']` and the like (a summary request is
 * `GET /cart/1/ summary`); an unknown route is a 404. Returns the requests in order.
 */
export function fakeStore(
  routes: Record<string, (url: URL, headers: Record<string, string>) => Answer>,
): string[] {
  const requests: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input);
      const key = `${init?.method ?? 'GET'} ${url.pathname}${url.searchParams.has('summary') ? ' summary' : ''}`;
      requests.push(key);
      const route = routes[key] ?? routes[key.replace(/ summary$/, '')];
      const headers = (init?.headers ?? {}) as Record<string, string>;
      const answer: Answer = route
        ? await route(url, headers)
        : { status: 404, error: 'notFound', message: 'Not found.' };
      if (answer === notModifiedAnswer) return new Response(null, { status: 304 });
      if (answer instanceof WithMetadata) return Response.json(answer);
      if (isFailure(answer))
        return Response.json(
          { metadata: { error: answer.error, message: answer.message }, results: null },
          { status: answer.status },
        );
      return Response.json({ metadata: { page: 1, perPage: 150, count: 1, totalPages: 1 }, results: answer });
    }),
  );
  return requests;
}
