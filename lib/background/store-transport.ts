/**
 * How the extension reaches the store API: one call is a URL, a token, a response parsed by the
 * store's own schema, or a StoreError a person can act on (lib/background/api-client.ts builds
 * the typed calls on it).
 *
 * Every attempt has a timeout and the whole call a budget: an MV3 worker is stopped after 30 s of
 * waiting. Only idempotent calls (GET, PUT, DELETE) are retried, only on 429/502/503/504, with
 * exponential backoff or the store's Retry-After. A 401 renews the access token once and repeats
 * the call; nothing else loops.
 */
import type { z } from 'zod';
import { ErrorEnvelope } from '../contract/wire.ts';
import { messages, noAccess, StoreError, signedOut, unreachable } from '../protocol/store-error.ts';

/** Where access tokens come from: the background's auth session (lib/background/auth/auth-session.ts). */
export interface AccessTokenSource {
  /** A token believed valid; throws a `signedOut` StoreError when nobody is signed in. */
  accessToken(): Promise<string>;
  /** A new token after the store refused `rejected`; throws when the session cannot be renewed. */
  renewAccessToken(rejected: string): Promise<string>;
}

export interface ApiClientOptions {
  /** The store's origin, e.g. http://127.0.0.1:8787. */
  storeUrl: string;
  /** Sent as `sourceType` on every cart call. */
  sourceType: string;
  auth?: AccessTokenSource;
  fetch?: typeof fetch;
  /** Longest wait for one attempt. */
  timeoutMs?: number;
  /** Longest wait for a whole call, retries included. */
  budgetMs?: number;
  maxAttempts?: number;
  /** First backoff delay; doubles on every retry, plus up to as much again of jitter. */
  backoffMs?: number;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  random?: () => number;
  isOnline?: () => boolean;
  /**
   * Whether the browser lets the extension reach the store (lib/permissions/host-access.ts): a request
   * it blocked for want of host access fails like a network error, and must not read as a store down.
   */
  hasHostAccess?: () => Promise<boolean>;
}

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface CallOptions {
  authenticated: boolean;
  /** Versions for a conditional request (docs/api.md, "Cart versions"). */
  conditions?: {
    /** Change only while the resource is at this version (a 412 otherwise). */
    ifMatch?: string;
    /** Answer only when the resource is no longer at this version (`notModified` otherwise). */
    ifNoneMatch?: string;
  };
}

/** What a conditional read answers when the version the client holds is current (a 304). */
export const notModified = Symbol('notModified');
export type Query = Record<string, string | number | boolean | undefined | readonly string[]>;

const idempotent = new Set<Method>(['GET', 'PUT', 'DELETE']);
const retryableStatus = new Set([429, 502, 503, 504]);

/** Seconds a Retry-After header asks for (delta-seconds or an HTTP date), or null. */
export function parseRetryAfter(value: string | null, now: number): number | null {
  if (value === null) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return null;
  return Math.max(0, Math.ceil((date - now) / 1000));
}

/** The StoreError a refused call means, with the store's own sentence where it wrote one. */
async function errorFrom(
  response: Response,
  retryAfterSeconds: number | null,
  storeUrl: string,
): Promise<StoreError> {
  const body = ErrorEnvelope.safeParse(await response.json().catch(() => null));
  const store = body.success ? body.data.metadata : undefined;
  const status = response.status;
  const detail = {
    status,
    code: store?.error,
    parameter: store?.parameter,
    ...(retryAfterSeconds === null ? {} : { retryAfterSeconds }),
  };
  const storeSays = (fallback: string) => store?.message ?? fallback;
  switch (status) {
    case 400:
    case 413:
    case 415:
    case 422:
      return new StoreError({ kind: 'badRequest', message: storeSays(messages.badRequest), ...detail });
    case 401:
      return new StoreError({ kind: 'signedOut', message: messages.sessionEnded, ...detail });
    case 403:
      return new StoreError({ kind: 'forbidden', message: storeSays(messages.forbidden), ...detail });
    case 404:
      return new StoreError({ kind: 'notFound', message: storeSays(messages.notFound), ...detail });
    case 409:
      return new StoreError({ kind: 'conflict', message: storeSays(messages.conflict), ...detail });
    // A change made against a version of the cart that moved on (docs/api.md): said in the DJ's
    // language, since the worker retries it and a person sees it only when it happens twice.
    case 412:
      return new StoreError({ kind: 'conflict', message: messages.conflict, ...detail });
    case 429:
      return new StoreError({
        kind: 'rateLimited',
        message: messages.rateLimited(retryAfterSeconds ?? 60),
        ...detail,
      });
    case 502:
    case 503:
    case 504:
      return new StoreError({ kind: 'storeDown', message: messages.storeDown(storeUrl), ...detail });
    default:
      return new StoreError({ kind: 'storeDown', message: messages.storeFailed, ...detail });
  }
}
/** The store URL of `path` with the query's defined values (an array: the parameter repeated). */
function urlFor(storeUrl: string, path: string, query: Query): string {
  const url = new URL(path, `${storeUrl}/`);
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const entry of value) url.searchParams.append(name, entry);
    else url.searchParams.set(name, String(value));
  }
  return url.href;
}

/** The request headers of a call: JSON, the token, the versions of a conditional request. */
function headersFor(
  token: string | undefined,
  conditions: CallOptions['conditions'],
): Record<string, string> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  if (conditions?.ifMatch) headers['if-match'] = `"${conditions.ifMatch}"`;
  if (conditions?.ifNoneMatch) headers['if-none-match'] = `"${conditions.ifNoneMatch}"`;
  return headers;
}

/** One attempt at a request: the response, or the StoreError of a network that did not carry it. */
function attemptWith(
  options: ApiClientOptions &
    Required<Pick<ApiClientOptions, 'fetch' | 'timeoutMs' | 'isOnline'>> & { storeUrl: string },
) {
  const { storeUrl } = options;
  return async (
    method: Method,
    url: string,
    token: string | undefined,
    conditions: CallOptions['conditions'],
  ): Promise<Response> => {
    try {
      return await options.fetch(url, {
        method,
        headers: headersFor(token, conditions),
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'TimeoutError') {
        throw new StoreError({ kind: 'timeout', message: messages.timeout });
      }
      if (options.hasHostAccess && !(await options.hasHostAccess().catch(() => true))) {
        throw noAccess(storeUrl);
      }
      throw unreachable(storeUrl, options.isOnline());
    }
  };
}

export function createStoreTransport(options: ApiClientOptions) {
  const storeUrl = options.storeUrl.replace(/\/+$/, '');
  const fetchImpl = options.fetch ?? ((input, init) => fetch(input, init));
  const timeoutMs = options.timeoutMs ?? 10_000;
  const budgetMs = options.budgetMs ?? 25_000;
  const maxAttempts = options.maxAttempts ?? 3;
  const backoffMs = options.backoffMs ?? 500;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const now = options.now ?? Date.now;
  const random = options.random ?? Math.random;
  const isOnline = options.isOnline ?? (() => globalThis.navigator?.onLine !== false);

  const attempt = attemptWith({ ...options, storeUrl, fetch: fetchImpl, timeoutMs, isOnline });

  /** The answer, or `notModified` when the store says the version named by `ifNoneMatch` is current. */
  async function exchange<S extends z.ZodType>(
    method: Method,
    path: string,
    query: Query,
    schema: S,
    { authenticated, conditions }: CallOptions,
  ): Promise<z.infer<S> | typeof notModified> {
    const deadline = now() + budgetMs;
    let token: string | undefined;
    if (authenticated) {
      if (!options.auth) throw signedOut();
      token = await options.auth.accessToken();
    }
    const url = urlFor(storeUrl, path, query);
    let renewed = false;
    for (let attemptNumber = 1; ; attemptNumber++) {
      const response = await attempt(method, url, token, conditions);
      if (response.status === 401 && token && options.auth && !renewed) {
        // The store refused a token we believed valid (revoked, or the store restarted): renew once.
        renewed = true;
        token = await options.auth.renewAccessToken(token);
        continue;
      }
      if (response.status === 304 && conditions?.ifNoneMatch) return notModified;
      if (!response.ok) {
        const retryAfter = parseRetryAfter(response.headers.get('retry-after'), now());
        if (idempotent.has(method) && retryableStatus.has(response.status) && attemptNumber < maxAttempts) {
          const backoff = backoffMs * 2 ** (attemptNumber - 1) * (1 + random());
          const delay = retryAfter === null ? backoff : retryAfter * 1000;
          // Waiting past the budget would only end with the worker stopped mid-call: fail now.
          if (now() + delay + timeoutMs <= deadline) {
            await response.body?.cancel();
            await sleep(delay);
            continue;
          }
        }
        throw await errorFrom(response, retryAfter, storeUrl);
      }
      const body = await response.json().catch(() => undefined);
      const parsed = schema.safeParse(body);
      if (!parsed.success)
        throw new StoreError({ kind: 'invalidResponse', message: messages.invalidResponse });
      return parsed.data;
    }
  }

  /** A call; a 304 it did not ask for is an answer it cannot read. */
  async function call<S extends z.ZodType>(
    method: Method,
    path: string,
    query: Query,
    schema: S,
    options: CallOptions,
  ): Promise<z.infer<S>> {
    const answer = await exchange(method, path, query, schema, options);
    if (answer === notModified)
      throw new StoreError({ kind: 'invalidResponse', message: messages.invalidResponse });
    return answer;
  }

  return { storeUrl, call, exchange };
}

export type StoreCall = ReturnType<typeof createStoreTransport>['call'];
export type StoreExchange = ReturnType<typeof createStoreTransport>['exchange'];
