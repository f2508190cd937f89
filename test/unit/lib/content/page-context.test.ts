// @vitest-environment happy-dom
/**
 * The store content script's own context (in place of WXT's): it tells the page nothing when it
 * starts, its listeners end with it, and a same-document navigation reaches 'wxt:locationchange'
 * listeners, by a look every second where there is no Navigation API (Firefox ESR).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ContentScriptContext } from '../../../../lib/content/page-context.ts';

describe('the content script context', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    history.replaceState(null, '', '/chart/top-100/1');
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('posts nothing to the page and dispatches nothing on its document when it starts', () => {
    const posted = vi.spyOn(window, 'postMessage');
    const dispatched = vi.spyOn(document, 'dispatchEvent');
    const context = new ContentScriptContext();
    expect(posted).not.toHaveBeenCalled();
    expect(dispatched).not.toHaveBeenCalled();
    context.abort();
  });

  it('ends its listeners with it', () => {
    const context = new ContentScriptContext();
    const heard = vi.fn();
    context.addEventListener(document, 'visibilitychange', heard);
    document.dispatchEvent(new Event('visibilitychange'));
    context.abort();
    document.dispatchEvent(new Event('visibilitychange'));
    expect(heard).toHaveBeenCalledTimes(1);
    expect(context.signal.aborted).toBe(true);
  });

  it('hears a pushState navigation within a second, once, and nothing once aborted', () => {
    const context = new ContentScriptContext();
    const moved = vi.fn();
    context.addEventListener(window, 'wxt:locationchange', moved);
    history.pushState(null, '', '/chart/top-100/1?tab=releases');
    vi.advanceTimersByTime(1_000);
    expect(moved).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(3_000);
    expect(moved).toHaveBeenCalledTimes(1);
    context.abort();
    history.pushState(null, '', '/release/x/2');
    vi.advanceTimersByTime(2_000);
    expect(moved).toHaveBeenCalledTimes(1);
  });
});
