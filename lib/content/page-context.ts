/**
 * The store content script's context, in place of WXT's ContentScriptContext (wxt.config.ts points
 * the content script's build here): everything the script adds ends with its signal. WXT's also
 * announces every start to the page (a window message and a document event, so that an older copy
 * of the script steps down during development reloads) and watches the location through events
 * dispatched on the page's window; a store page needs neither, and they were a fifth of the
 * first-screen script (issue #51). The location is watched here without telling the page.
 */
import { browser } from 'wxt/browser';

type Listener = (event: Event) => void;

interface NavigationLike {
  addEventListener(
    type: 'navigate',
    listener: (event: { destination: { url: string } }) => void,
    options: { signal: AbortSignal },
  ): void;
}

export class ContentScriptContext {
  private readonly controller = new AbortController();
  private readonly locationListeners: (() => void)[] = [];

  /** WXT's virtual entrypoint passes the script's name and options; neither is needed here. */
  constructor(..._definition: unknown[]) {}

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** Invalid once aborted, or once the extension was reloaded or removed under the page. */
  get isValid(): boolean {
    if (browser.runtime?.id == null) this.abort('The extension was reloaded or removed');
    return !this.signal.aborted;
  }

  abort(reason?: unknown): void {
    this.controller.abort(reason);
  }

  onInvalidated(listener: () => void): () => void {
    this.signal.addEventListener('abort', listener);
    return () => this.signal.removeEventListener('abort', listener);
  }

  requestIdleCallback(callback: IdleRequestCallback, options?: IdleRequestOptions): void {
    const id = requestIdleCallback((deadline) => {
      if (!this.signal.aborted) callback(deadline);
    }, options);
    this.onInvalidated(() => cancelIdleCallback(id));
  }

  /** A listener that ends with the context; 'wxt:locationchange' is a same-document navigation. */
  addEventListener(
    target: EventTarget,
    type: string,
    handler: Listener,
    options?: AddEventListenerOptions,
  ): void {
    if (type === 'wxt:locationchange') this.onLocationChange(() => handler(new Event(type)));
    else target.addEventListener(type, handler, { ...options, signal: this.signal });
  }

  /**
   * Calls `listener` when the address changes without a page load (pushState, a tab of the page):
   * the Navigation API's navigate event where there is one (Chromium), else a look every second
   * (Firefox ESR 140 has no Navigation API), as WXT's watcher does.
   */
  private onLocationChange(listener: () => void): void {
    this.locationListeners.push(listener);
    if (this.locationListeners.length > 1) return;
    let last = location.href;
    const changed = (next: string) => {
      if (next === last) return;
      last = next;
      for (const each of this.locationListeners) each();
    };
    const navigation = (globalThis as { navigation?: NavigationLike }).navigation;
    if (typeof navigation?.addEventListener === 'function') {
      navigation.addEventListener('navigate', (event) => changed(event.destination.url), {
        signal: this.signal,
      });
      return;
    }
    const id = setInterval(() => {
      if (this.isValid) changed(location.href);
    }, 1_000);
    this.onInvalidated(() => clearInterval(id));
  }
}
