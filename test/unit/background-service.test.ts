import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { AuthService } from '../../lib/background/auth-service.ts';
import { createBackgroundService } from '../../lib/background/background-service.ts';
import { cartCountItem, storeUrlSetting } from '../../lib/storage/items.ts';

const storeUrl = 'http://127.0.0.1:8787';
const summary = (items: number, name = 'default') => ({
  name,
  counts: { items, tracks: items, releases: 0 },
  total: { value: items * 1.49, currency: 'USD' },
});

const auth = {
  session: { accessToken: async () => 'token', renewAccessToken: async () => 'token' },
  currentGrant: async () => ({ refreshToken: 'r', storeUrl, username: 'demo' }),
  signIn: vi.fn(),
  signOut: vi.fn(async () => undefined),
  storeProblem: async () => null,
} satisfies AuthService;

let badge: string[];
let answers: unknown[];

beforeEach(() => {
  fakeBrowser.reset();
  badge = [];
  answers = [];
  vi.spyOn(fakeBrowser.action, 'setBadgeText').mockImplementation(async ({ text }) => {
    badge.push(text ?? '');
  });
  vi.spyOn(fakeBrowser.action, 'setBadgeBackgroundColor').mockResolvedValue();
  // Whole-cart reads are the page cache's (lib/background/cart-state-sync.ts): an empty cart, off the queue.
  const cartRead = (url: string, init?: RequestInit) =>
    (init?.method ?? 'GET') === 'GET' && new URL(url).pathname === '/cart/1/' && !url.includes('summary=');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) =>
      Response.json({
        metadata: {},
        results: cartRead(url, init) ? { ...summary(0), items: [] } : answers.shift(),
      }),
    ),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the cart badge', () => {
  it('shows the default cart count after every cart change', async () => {
    const service = createBackgroundService(auth);
    answers.push(
      { added: [], warnings: [], cart: summary(3) },
      { warnings: [], cart: summary(2) },
      { warnings: [], cart: summary(0) },
    );
    await service.handlers.addToCart(
      { items: [{ id: 1, type: 'track', audioFormat: 'mp3' }] },
      'storeContentScript',
    );
    await service.handlers.removeFromCart({ items: [{ id: 1, type: 'track' }] }, 'extensionPage');
    await service.handlers.emptyCart({}, 'extensionPage');
    expect(badge).toEqual(['3', '2', '']);
  });

  it('leaves the badge alone for a named cart', async () => {
    const service = createBackgroundService(auth);
    answers.push({ added: [], warnings: [], cart: summary(5, 'friday') });
    await service.handlers.addToCart(
      { name: 'friday', items: [{ id: 1, type: 'track', audioFormat: 'mp3' }] },
      'extensionPage',
    );
    expect(badge).toEqual([]);
  });

  it('comes back from storage when a new worker starts', async () => {
    answers.push(summary(4));
    await createBackgroundService(auth).handlers.cartSummary({}, 'extensionPage');
    badge = [];
    await createBackgroundService(auth).restoreBadge();
    expect(badge).toEqual(['4']);
  });

  it('does not show a count from another store', async () => {
    await cartCountItem.setValue({ storeUrl: 'https://other.example', items: 9 });
    await createBackgroundService(auth).restoreBadge();
    expect(badge).toEqual(['']);
  });

  it('is cleared on sign-out and when the store changes', async () => {
    await cartCountItem.setValue({ storeUrl, items: 2 });
    const service = createBackgroundService(auth);
    await service.handlers.signOut({}, 'extensionPage');
    expect(badge).toEqual(['']);
    expect(await cartCountItem.getValue()).toBeNull();
    await storeUrlSetting.setValue('http://localhost:8813');
    await service.onStoreChanged();
    expect(auth.signOut).toHaveBeenCalledTimes(2);
  });
});
