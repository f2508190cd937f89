/**
 * Feature: previews on the store's pages. One audio element for the whole page (created on the
 * first play, so a page nobody listens on pays nothing), told to stop when another store tab or
 * the popup starts one (lib/previews/preview-player.ts says how, and why not through storage),
 * and stopped on navigation: leaving the page, back / forward, and the store's pushState tab
 * switches (the Navigation API's navigate event, where the browser has it).
 */
import { browser } from 'wxt/browser';
import { samplePath } from '../contract/store-urls.ts';
import {
  createPreviewPlayer,
  isPreviewStarted,
  type PreviewPlayer,
  previewChannelName,
} from '../previews/preview-player.ts';

/** Set on a preview control, holding its track id: the page's one click listener finds it by this. */
export const previewTrackAttribute = 'data-preview-track';

export interface PagePreviews {
  player(): PreviewPlayer | null;
  /** Plays or pauses `trackId`'s preview (creating the player on the first use). */
  toggle(trackId: number): void;
  /** Calls `listener` once the player exists (it is made lazily). */
  onPlayer(listener: (player: PreviewPlayer) => void): void;
}

export function createPagePreviews(storeOrigin: string, { signal }: { signal: AbortSignal }): PagePreviews {
  let player: PreviewPlayer | null = null;
  const waiting: ((player: PreviewPlayer) => void)[] = [];

  /**
   * The player and everything that stops it, made on the first play: a page nobody listens on
   * registers nothing (and its start-up pays nothing), and one with nothing playing needs no stop.
   */
  function create(): PreviewPlayer {
    let channel: BroadcastChannel | null = null;
    try {
      channel = new BroadcastChannel(previewChannelName);
    } catch {
      // No channel here: previews still play one at a time within the page and against the popup.
    }
    const made = createPreviewPlayer(new Audio(), { announce: () => channel?.postMessage('started') });
    const stop = () => made.stop();
    // Another tab (the page's own scripts share this origin's channel: all they can do is stop
    // a preview) or the popup started a preview: this page's stops.
    if (channel) channel.onmessage = stop;
    const fromPopup = (message: unknown, sender: { id?: string; tab?: unknown }) => {
      if (isPreviewStarted(message, sender, browser.runtime.id)) stop();
    };
    browser.runtime.onMessage.addListener(fromPopup);
    const navigation = (globalThis as { navigation?: EventTarget }).navigation;
    navigation?.addEventListener('navigate', stop);
    window.addEventListener('pagehide', stop);
    window.addEventListener('popstate', stop);
    signal.addEventListener('abort', () => {
      stop();
      channel?.close();
      browser.runtime.onMessage.removeListener(fromPopup);
      navigation?.removeEventListener('navigate', stop);
      window.removeEventListener('pagehide', stop);
      window.removeEventListener('popstate', stop);
    });
    for (const listener of waiting.splice(0)) listener(made);
    return made;
  }

  return {
    player: () => player,
    toggle(trackId) {
      if (signal.aborted) return;
      player ??= create();
      player.toggle(trackId, new URL(samplePath(trackId), storeOrigin).href);
    },
    onPlayer(listener) {
      if (player) listener(player);
      else waiting.push(listener);
    },
  };
}
