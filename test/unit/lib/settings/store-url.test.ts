import { describe, expect, it } from 'vitest';
import { storeMatchPattern } from '../../../../lib/contract/store-hosts.ts';
import { isBuiltInStore, normalizeStoreUrl } from '../../../../lib/settings/store-url.ts';

describe('store URLs', () => {
  it.each([
    ['http://127.0.0.1:8787', 'http://127.0.0.1:8787'],
    [' http://localhost:8813/some/page?x=1 ', 'http://localhost:8813'],
    ['https://store.example.com/', 'https://store.example.com'],
  ])('keeps the origin of %s', (input, storeUrl) => {
    expect(normalizeStoreUrl(input)).toEqual({ ok: true, storeUrl });
  });

  it.each([
    '',
    'store',
    'ftp://store.example.com',
    'http://store.example.com',
    'https://u:p@store.example.com',
  ])('refuses %j', (input) => {
    expect(normalizeStoreUrl(input).ok).toBe(false);
  });

  it('knows which stores the manifest already covers', () => {
    expect(isBuiltInStore('http://127.0.0.1:8787')).toBe(true);
    expect(isBuiltInStore('http://localhost:1234')).toBe(true);
    expect(isBuiltInStore('https://store.example.com')).toBe(false);
    expect(storeMatchPattern('https://store.example.com:8443')).toBe('https://store.example.com/*');
  });
});
