/**
 * The store content script's context, in place of WXT's ContentScriptContext (wxt.config.ts points
 * the content script's build here): everything the script adds ends with its signal. WXT's also
 * announces every start to the page (a window message and a document event, so that an older copy
 * of the script steps down during development reloads) and watches the location through events
 * dispatched on the page's window; a store page needs neither, and they were about 500 bytes of the
 * gzipped script (issue #51). The location is watched here without telling the page.
 */
type Listener = (event: Event) => void;

interface NavigationLike {
  addEventListener(
    type: 'navigate',
    listener: (event: { destination: { url: string } }) => void,
    options: { signal: AbortSignal },
  ): void;
}

/** WXT's virtual entrypoint constructs it with the script's name and options; neither is needed. */
export class ContentScriptContext {
  private readonly controller = new AbortController();
  private readonly locationListeners: (() => void)[] = [];

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  abort(): void {
    this.controller.abort();
  }

  onInvalidated(listener: () => void): void {
    this.signal.addEventListener('abort', listener);
  }

  requestIdleCallback(callback: IdleRequestCallback, options?: IdleRequestOptions): void {
    const id = requestIdleCallback(callback, options);
    this.onInvalidated(() => cancelIdleCallback(id));
  }

  /** A listener that ends with the context; 'wxt:locationchange' is a same-document navigation. */
  addEventListener(
    target: EventTarget,
    type: string,
    handler: Listener,
    options?: AddEventListenerOptions,
  ): void {
    // The store content script's location listeners take no event.
    if (type === 'wxt:locationchange') this.onLocationChange(handler as () => void);
    else target.addEventListener(type, handler, { ...options, signal: this.signal });
  }

  /**
   * Calls `listener` when the address changes without a page load (pushState, a tab of the page):
   * the Navigation API's navigate event where there is one (Chromium), else a look every second
   * (Firefox ESR 140 has no Navigation API), as WXT's watcher does. Firefox ends a removed or
   * updated extension's content scripts, timers with them.
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
    if (navigation?.addEventListener) {
      navigation.addEventListener('navigate', (event) => changed(event.destination.url), {
        signal: this.signal,
      });
      return;
    }
    const id = setInterval(() => changed(location.href), 1_000);
    this.onInvalidated(() => clearInterval(id));
  }
}
