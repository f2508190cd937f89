/**
 * Drift tests: every rule the store and the extension share lives once in lib/contract/, and here
 * generated inputs (10,000 per rule with CRATE_PROPERTY_RUNS=full, 1,000 by default; Unicode edge
 * cases included) go through both sides' real entry points, which must give the same answer.
 * The store answers over Fastify's inject, reached through the extension's own API client
 * (lib/background/api-client.ts) wherever there is one; the extension answers through the check
 * that guards it (the background's message schemas, the popup's cart-name check, the content
 * script's link parser, the saved-file name rule).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../lib/background/api-client.ts';
import { audioFormats } from '../../lib/contract/audio-formats.ts';
import { cartNameIssue, defaultCartName } from '../../lib/contract/cart-name.ts';
import { parseCatalogUrl } from '../../lib/contract/catalog-url.ts';
import { itemKey } from '../../lib/contract/item-key.ts';
import { safeFilename } from '../../lib/contract/safe-filename.ts';
import { cartPageUrl, type PageKind, pageUrl } from '../../lib/contract/store-urls.ts';
import { bpmText, keyText, trackDisplayTitle } from '../../lib/contract/track-display.ts';
import { protocol } from '../../lib/protocol/messages.ts';
import { StoreError } from '../../lib/protocol/store-error.ts';
import { propertyRuns } from '../helpers/property-runs.ts';
import { startTestStore, type TestStore } from '../helpers/store.ts';
import { signIn } from '../helpers/tokens.ts';

const runs = propertyRuns(10_000);
const timeout = 300_000;

/**
 * Characters where rules drift: C0 and C1 controls (U+0085 NEXT LINE), DEL, separators a regex's
 * `\s` knows, invisible and bidirectional marks, lone surrogates, astral characters, combining
 * marks, characters that mean something in a URL or a path, and plain letters.
 */
const edgeCharacters = [
  '\u0000',
  '\t',
  '\n',
  '\u001f',
  '\u007f',
  '\u0080',
  '\u0085',
  '\u009f',
  '\u00a0',
  '\u00ad',
  '\u1680',
  '\u2028',
  '\u2029',
  '\u200b',
  '\u202e',
  '\u3000',
  '\ufeff',
  '\ufffd',
  '\ud800',
  '\udfff',
  '😀',
  '𝄞',
  'e\u0301',
  'é',
  'ß',
  ' ',
  '.',
  '%',
  '&',
  '=',
  '+',
  '#',
  '?',
  '/',
  '\\',
  ':',
  '*',
  '"',
  '<',
  "'",
  '(',
  '!',
  '~',
  'a',
  'Z',
  '0',
  '-',
];

/** Strings made to hit the rules' edges: edge characters, any code point, graphemes, boundary lengths. */
const edgyString = (maxLength: number) =>
  fc.oneof(
    fc.string({ unit: fc.constantFrom(...edgeCharacters), maxLength }),
    fc.string({ unit: 'binary', maxLength }),
    fc.string({ unit: 'grapheme', maxLength }),
    fc.string({ unit: fc.constantFrom(...edgeCharacters), minLength: Math.max(0, maxLength - 8), maxLength }),
  );

let store: TestStore;

/** The extension's fetch, answered by the store in-process (Fastify inject) instead of a socket. */
const injectFetch: typeof fetch = async (input, init) => {
  const url = new URL(input instanceof Request ? input.url : String(input));
  const response = await store.app.inject({
    method: (init?.method ?? 'GET') as 'GET',
    url: `${url.pathname}${url.search}`,
    headers: Object.fromEntries(new Headers(init?.headers)),
  });
  const headers = new Headers();
  for (const [name, value] of Object.entries(response.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : String(value));
  }
  const body =
    response.statusCode === 204 || response.statusCode === 304 ? null : new Uint8Array(response.rawPayload);
  return new Response(body, { status: response.statusCode, headers });
};

let api: ReturnType<typeof createApiClient>;

beforeAll(async () => {
  store = await startTestStore({ scale: 300, listen: true });
  const { accessToken } = await signIn(store.baseUrl, 'dj2', 'dj2');
  api = createApiClient({
    storeUrl: store.baseUrl,
    sourceType: 'drift-test',
    fetch: injectFetch,
    maxAttempts: 1,
    auth: { accessToken: async () => accessToken, renewAccessToken: async () => accessToken },
  });
}, 120_000);
afterAll(() => store?.close());

/** True when the store accepted the call, false when it refused `parameter` with a 400. */
async function storeAccepts(parameter: string, call: () => Promise<unknown>): Promise<boolean> {
  try {
    await call();
    return true;
  } catch (error) {
    if (error instanceof StoreError && error.kind === 'badRequest' && error.parameter === parameter) {
      return false;
    }
    throw error;
  }
}

describe('the cart-name rule', () => {
  it('U+0085 (NEXT LINE) is refused by both sides', async () => {
    const name = 'crate\u0085';
    expect(protocol.viewCart.payload.safeParse({ name }).success).toBe(false);
    expect(cartNameIssue(name)).not.toBeNull();
    expect(await storeAccepts('name', () => api.cartSummary({ name }))).toBe(false);
  });

  it(
    'the store accepts exactly the names the background and the popup accept',
    async () => {
      await fc.assert(
        fc.asyncProperty(edgyString(70), async (name) => {
          const background = protocol.viewCart.payload.safeParse({ name }).success;
          const popup = cartNameIssue(name) === null;
          const stored = await storeAccepts('name', () => api.cartSummary({ name }));
          expect({ name, popup, stored }).toEqual({ name, popup: background, stored: background });
        }),
        { numRuns: runs },
      );
    },
    timeout,
  );
});

describe('the audio formats', () => {
  it('the store sells the formats the extension has always known, in their order, then FLAC', async () => {
    expect((await api.viewCart()).audioFormats).toEqual([...audioFormats, 'flac']);
  });

  it(
    'the store takes a cart format exactly when the background would send it and the store sells it',
    async () => {
      // Format ids are open-ended (issue #49): the background sends any well-formed id, and the
      // store's own list decides.
      const sold: string[] = (await api.viewCart()).audioFormats;
      const format = fc.oneof(
        fc.constantFrom(...audioFormats),
        fc.constantFrom(...audioFormats).map((name) => name.toUpperCase()),
        fc.constantFrom(...audioFormats).chain((name) => edgyString(3).map((extra) => `${name}${extra}`)),
        fc.constantFrom('flac', 'ogg', 'mp4', 'm4a', 'alac', 'wave', 'aif', ''),
        edgyString(6),
      );
      await fc.assert(
        fc.asyncProperty(format, async (audioFormat) => {
          const background =
            protocol.setCartFormat.payload.safeParse({ audioFormat }).success && sold.includes(audioFormat);
          const stored = await storeAccepts('audioFormat', () =>
            api.setCartFormat(audioFormat as (typeof audioFormats)[number]),
          );
          expect({ audioFormat, stored }).toEqual({ audioFormat, stored: background });
        }),
        { numRuns: runs },
      );
    },
    timeout,
  );
});

describe('the store URL shapes', () => {
  const kinds: PageKind[] = ['track', 'release'];

  it('the cart page the popup opens for checkout is served by the store', async () => {
    const response = await store.app.inject({ method: 'GET', url: cartPageUrl });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
  });

  it(
    'a catalog URL the store builds names, for the content script, the item the store serves there',
    async () => {
      const items = await Promise.all(
        kinds.map(async (kind) => ({
          kind,
          ...((await store.ctx.db.get<{ id: number; slug: string }>(
            `SELECT id, slug FROM ${kind}s ORDER BY id LIMIT 1`,
          )) as { id: number; slug: string }),
        })),
      );
      const link = fc.record({
        item: fc.constantFrom(...items),
        slug: fc.option(edgyString(24), { freq: 4, nil: undefined }),
      });
      await fc.assert(
        fc.asyncProperty(link, async ({ item, slug = item.slug }) => {
          const path = pageUrl(item.kind, { slug, id: item.id });
          const response = await store.app.inject({ method: 'GET', url: path });
          // The store serves the item there, or sends the browser to its canonical URL.
          const served =
            response.statusCode === 200
              ? path
              : response.statusCode === 301
                ? String(response.headers.location)
                : null;
          expect(served, `${path} answered ${response.statusCode}`).not.toBeNull();
          expect(served).toBe(pageUrl(item.kind, { slug: item.slug, id: item.id }));
          const seen = parseCatalogUrl(path, store.baseUrl, `${store.baseUrl}/`);
          expect({ path, seen }).toEqual({ path, seen: { type: item.kind, id: item.id } });
        }),
        { numRuns: runs },
      );
    },
    timeout,
  );
});

describe('safe file names', () => {
  it(
    'the extension saves a download under exactly the name the store gave it',
    async () => {
      const promo = (await store.ctx.db.get<{ id: number }>(
        "SELECT id FROM tracks WHERE sale_type = 'promotion' ORDER BY id LIMIT 1",
      )) as { id: number };
      const names = fc.record({ name: edgyString(40), mixName: edgyString(20) });
      // PostgreSQL's text cannot hold NUL at all, so no catalog there can name a track with one.
      const storable = (text: string) =>
        store.ctx.db.engine === 'postgres' ? text.replaceAll('\u0000', '') : text;
      await fc.assert(
        fc.asyncProperty(names, async ({ name, mixName }) => {
          await store.ctx.db.run(
            'UPDATE tracks SET name = ?, mix_name = ? WHERE id = ?',
            storable(name),
            storable(mixName),
            promo.id,
          );
          const { filename } = await api.promoDownload(promo.id);
          expect(filename.length).toBeGreaterThan(0);
          expect({ name, mixName, saved: safeFilename(filename) }).toEqual({
            name,
            mixName,
            saved: filename,
          });
        }),
        { numRuns: runs },
      );
    },
    timeout,
  );
});

describe('the default cart, item keys and track titles (lib/contract/)', () => {
  const tracksAndReleases = async (limit: number) => {
    const ids = await store.ctx.db.all<{ id: number }>(
      `SELECT t.id FROM tracks t JOIN releases r ON r.id = t.id ORDER BY t.id LIMIT ${limit}`,
    );
    return ids.map(({ id }) => id);
  };

  it('a request naming no cart acts on the cart the extension calls the default', async () => {
    expect((await api.cartSummary()).name).toBe(defaultCartName);
    expect((await api.cartSummary({ name: defaultCartName })).name).toBe(defaultCartName);
  });

  it('the store keys cart items as the extension does: a track and a release of one id are two items', async () => {
    const [id] = await tracksAndReleases(1);
    if (id === undefined) throw new Error('The test catalog has no track and release sharing an id.');
    const name = 'drift-keys';
    await api.emptyCart({ name });
    const items = [
      { id, type: 'track' as const, audioFormat: 'mp3' as const },
      { id, type: 'release' as const, audioFormat: 'mp3' as const },
    ];
    await api.addToCart(items, { name, alreadyPurchasedOverride: true });
    const { cart } = await api.viewCart({ name });
    expect(new Set(cart.items.map(itemKey))).toEqual(new Set(items.map(itemKey)));
    await api.emptyCart({ name });
  });

  it("a track's title in the cart, on its page and its BPM and key there read as the extension writes them", async () => {
    const ids = await store.ctx.db.all<{ id: number }>('SELECT id FROM tracks ORDER BY id LIMIT 25');
    const name = 'drift-titles';
    await api.emptyCart({ name });
    await api.addToCart(
      ids.map(({ id }) => ({ id, type: 'track' as const, audioFormat: 'mp3' as const })),
      { name, alreadyPurchasedOverride: true },
    );
    // Tracks not for sale (promotional ones) are not added: the rest are compared.
    const { cart } = await api.viewCart({ name });
    expect(cart.items.length).toBeGreaterThan(10);
    for (const item of cart.items) {
      const { track } = await api.catalogPage('track', item.id);
      expect(item.name).toBe(trackDisplayTitle(track));
      const page = await store.app.inject({ method: 'GET', url: pageUrl('track', track) });
      expect(page.body).toContain(`<title>${escapeHtml(trackDisplayTitle(track))}`);
      const listing = await store.app.inject({ method: 'GET', url: pageUrl('release', track.release) });
      expect(listing.body).toContain(`>${bpmText(track.bpm)}<`);
      expect(listing.body).toContain(`>${escapeHtml(keyText(track.key))}<`);
    }
    await api.emptyCart({ name });
  });
});

const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
