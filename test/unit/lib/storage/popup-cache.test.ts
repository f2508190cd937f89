import { beforeEach, describe, expect, it } from 'vitest';
import { popupCache } from '../../../../lib/storage/popup-cache.ts';

const demo = { storeUrl: 'http://127.0.0.1:8787', username: 'demo' };

beforeEach(() => popupCache.clear());

describe('the popup cache', () => {
  it('returns what was put, with when it was saved', async () => {
    await popupCache.put(demo, 'cart:default', { items: 2 }, 1234);
    expect(await popupCache.get(demo, 'cart:default')).toEqual({ value: { items: 2 }, savedAt: 1234 });
  });

  it('keeps users and stores apart', async () => {
    await popupCache.put(demo, 'cart:default', { items: 2 });
    expect(await popupCache.get({ ...demo, username: 'dj2' }, 'cart:default')).toBeUndefined();
    expect(
      await popupCache.get({ ...demo, storeUrl: 'https://other.example' }, 'cart:default'),
    ).toBeUndefined();
  });

  it('forgets everything on clear', async () => {
    await popupCache.put(demo, 'cart:default', { items: 2 });
    await popupCache.put(null, 'auth', { signedIn: true });
    await popupCache.clear();
    expect(await popupCache.get(demo, 'cart:default')).toBeUndefined();
    expect(await popupCache.get(null, 'auth')).toBeUndefined();
  });
});
