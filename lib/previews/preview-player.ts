/**
 * Track previews (the Track record's `sampleUrl`): one playing at a time across the store's tabs
 * and the popup, without waking the background worker. Each context (a store page, the popup)
 * has one shared audio element, so within it a new preview stops the last one; between contexts:
 *
 * - store tab to store tab: a BroadcastChannel (`previewChannelName`) of the store's origin, which
 *   reaches the content scripts of the store's other tabs and no extension context;
 * - popup to store tabs: `tabs.sendMessage` to each store tab (`previewStartedMessage`), which only
 *   content scripts receive, never the worker;
 * - store tab to popup: nothing to send, as the popup closes (and its audio with it) as soon as a
 *   page takes the focus, in Chromium and Firefox alike.
 *
 * Not a storage.local key watched with storage.onChanged: the worker watches storage.local (the
 * pages' cart state, the store URL), so every write there would wake it, once per play.
 *
 * Shared by the content script and the popup, so it stays small and free of zod.
 */

/** What the popup sends the store tabs' content scripts when it starts a preview. */
export const previewStartedMessage = { crate: 'previewStarted' } as const;

/** The BroadcastChannel the store tabs' content scripts tell each other on. */
export const previewChannelName = 'crate:preview';

/**
 * Whether a runtime message is the popup's "a preview started": our own extension's page (no tab:
 * not a content script), exactly that shape. Anything else is not acted on.
 */
export function isPreviewStarted(
  message: unknown,
  sender: { id?: string; tab?: unknown },
  extensionId: string,
): boolean {
  return (
    sender.id === extensionId &&
    sender.tab === undefined &&
    typeof message === 'object' &&
    message !== null &&
    Object.keys(message).length === 1 &&
    (message as { crate?: unknown }).crate === previewStartedMessage.crate
  );
}

/** The parts of an HTMLAudioElement the player uses (tests hand it a fake). */
export interface PreviewAudio {
  src: string;
  currentTime: number;
  readonly duration: number;
  readonly paused: boolean;
  play(): Promise<void>;
  pause(): void;
  load(): void;
  removeAttribute(name: string): void;
  addEventListener(type: string, listener: () => void): void;
}

export interface PreviewState {
  /** The track loaded in the player (playing or paused), or null. */
  trackId: number | null;
  playing: boolean;
  /** How far through the preview, 0 to 1. */
  progress: number;
}

export interface PreviewPlayer {
  /** Plays `trackId`'s preview from `url`, or pauses / resumes it when it is the one loaded. */
  toggle(trackId: number, url: string): void;
  /** Stops and unloads whatever plays (navigation, another context started one). */
  stop(): void;
  readonly state: PreviewState;
  /** Whether the track's preview failed to load: it shows a dash, not a button. */
  unavailable(trackId: number): boolean;
  /** Calls `listener` with the state before the change after every change; returns unsubscribe. */
  subscribe(listener: (previous: PreviewState) => void): () => void;
}

const idle: PreviewState = { trackId: null, playing: false, progress: 0 };

export function createPreviewPlayer(audio: PreviewAudio, { announce }: { announce(): void }): PreviewPlayer {
  let state = idle;
  const failed = new Set<number>();
  const listeners = new Set<(previous: PreviewState) => void>();

  function set(next: PreviewState): void {
    const previous = state;
    if (
      previous.trackId === next.trackId &&
      previous.playing === next.playing &&
      previous.progress === next.progress
    )
      return;
    state = next;
    for (const listener of listeners) listener(previous);
  }

  function stop(): void {
    if (state.trackId === null) return;
    set(idle);
    audio.pause();
    // Unloaded, so the browser stops fetching the rest of the file.
    audio.removeAttribute('src');
    audio.load();
  }

  const progressOf = () =>
    Number.isFinite(audio.duration) && audio.duration > 0
      ? Math.min(1, audio.currentTime / audio.duration)
      : 0;

  audio.addEventListener('playing', () => {
    if (state.trackId !== null) set({ ...state, playing: true });
  });
  audio.addEventListener('pause', () => {
    if (state.trackId !== null) set({ ...state, playing: false });
  });
  audio.addEventListener('timeupdate', () => {
    if (state.trackId !== null) set({ ...state, progress: progressOf() });
  });
  audio.addEventListener('ended', () => {
    if (state.trackId !== null) set({ ...state, playing: false, progress: 0 });
  });
  audio.addEventListener('error', () => {
    // An unloaded player reports no error of its own; a track's missing file does.
    if (state.trackId === null) return;
    failed.add(state.trackId);
    stop();
  });

  function start(trackId: number, url: string): void {
    set({ trackId, playing: false, progress: 0 });
    audio.src = url;
    audio.currentTime = 0;
    announce();
    resume(trackId);
  }

  function resume(trackId: number): void {
    audio.play().catch((error: unknown) => {
      // Replaced by another track before it started (AbortError): that one's events follow.
      if ((error as { name?: string } | null)?.name === 'AbortError' || state.trackId !== trackId) return;
      if ((error as { name?: string } | null)?.name === 'NotSupportedError') {
        failed.add(trackId);
        stop();
      } else set({ ...state, playing: false });
    });
  }

  return {
    toggle(trackId, url) {
      if (failed.has(trackId)) return;
      if (state.trackId !== trackId) return start(trackId, url);
      if (audio.paused) {
        announce();
        resume(trackId);
      } else audio.pause();
    },
    stop,
    get state() {
      return state;
    },
    unavailable: (trackId) => failed.has(trackId),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
