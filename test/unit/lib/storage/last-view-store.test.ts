// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetLastViews, readLastView, writeLastView } from '../../../../lib/storage/last-view-store.ts';

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('the last-view store', () => {
  it('keeps one view per tab, the latest written', () => {
    expect(readLastView('cart')).toBeNull();
    writeLastView('cart', '<p>4 items</p>');
    writeLastView('library', '<p>10,000 entries</p>');
    writeLastView('cart', '<p>5 items</p>');
    expect(readLastView('cart')).toBe('<p>5 items</p>');
    expect(readLastView('library')).toBe('<p>10,000 entries</p>');
    expect(localStorage.getItem('crate:last-view:cart')).toBe('<p>5 items</p>');
  });

  it('reads a refused storage as nothing kept, and writes to a full one without failing', () => {
    const refuse = (name: string) => () => {
      throw new DOMException('refused', name);
    };
    vi.stubGlobal('localStorage', {
      getItem: refuse('SecurityError'),
      setItem: refuse('QuotaExceededError'),
      removeItem: refuse('SecurityError'),
    });
    expect(readLastView('cart')).toBeNull();
    expect(() => writeLastView('cart', '<p>5 items</p>')).not.toThrow();
    expect(() => forgetLastViews()).not.toThrow();
  });

  it('forgets every tab and nothing else', () => {
    writeLastView('cart', '<p>cart</p>');
    writeLastView('new', '<p>new</p>');
    localStorage.setItem('other', 'stays');
    forgetLastViews();
    expect(readLastView('cart')).toBeNull();
    expect(readLastView('new')).toBeNull();
    expect(localStorage.getItem('other')).toBe('stays');
  });
});
