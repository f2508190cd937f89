import { describe, expect, it } from 'vitest';
import {
  createPreviewPlayer,
  isPreviewStarted,
  type PreviewAudio,
  previewStartedMessage,
} from '../../../../lib/previews/preview-player.ts';

/** An audio element that plays when told, and fires the events a browser would. */
class FakeAudio implements PreviewAudio {
  src = '';
  currentTime = 0;
  duration = Number.NaN;
  paused = true;
  loads = 0;
  playResult: Error | null = null;
  private readonly listeners = new Map<string, (() => void)[]>();

  addEventListener(type: string, listener: () => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  fire(type: string) {
    for (const listener of this.listeners.get(type) ?? []) listener();
  }
  play() {
    if (this.playResult) return Promise.reject(this.playResult);
    this.paused = false;
    this.fire('playing');
    return Promise.resolve();
  }
  pause() {
    if (this.paused) return;
    this.paused = true;
    this.fire('pause');
  }
  load() {
    this.loads++;
  }
  removeAttribute(name: string) {
    if (name === 'src') this.src = '';
  }
}

function setUp() {
  const audio = new FakeAudio();
  let announced = 0;
  const player = createPreviewPlayer(audio, { announce: () => announced++ });
  return { audio, player, announced: () => announced };
}

describe('preview player', () => {
  it('plays a track, pauses and resumes it, and tells the other contexts each time it starts', () => {
    const { audio, player, announced } = setUp();
    player.toggle(7, 'http://store/samples/7.mp3');
    expect(audio.src).toBe('http://store/samples/7.mp3');
    expect(player.state).toEqual({ trackId: 7, playing: true, progress: 0 });
    expect(announced()).toBe(1);
    player.toggle(7, 'http://store/samples/7.mp3');
    expect(player.state.playing).toBe(false);
    player.toggle(7, 'http://store/samples/7.mp3');
    expect(player.state.playing).toBe(true);
    expect(announced()).toBe(2);
  });

  it('plays one track at a time: another track replaces the one loaded', () => {
    const { audio, player } = setUp();
    player.toggle(7, 'http://store/samples/7.mp3');
    player.toggle(8, 'http://store/samples/8.mp3');
    expect(audio.src).toBe('http://store/samples/8.mp3');
    expect(player.state.trackId).toBe(8);
  });

  it('reports progress from the time played, and starts over after the end', () => {
    const { audio, player } = setUp();
    player.toggle(7, 'u');
    audio.duration = 30;
    audio.currentTime = 7.5;
    audio.fire('timeupdate');
    expect(player.state.progress).toBe(0.25);
    audio.paused = true;
    audio.fire('ended');
    expect(player.state).toEqual({ trackId: 7, playing: false, progress: 0 });
  });

  it('stops and unloads when told (navigation, another context started one), notifying once', () => {
    const { audio, player } = setUp();
    const seen: (number | null)[] = [];
    player.subscribe((previous) => seen.push(previous.trackId));
    player.toggle(7, 'u');
    player.stop();
    expect(player.state).toEqual({ trackId: null, playing: false, progress: 0 });
    expect(audio.paused).toBe(true);
    expect(audio.src).toBe('');
    expect(audio.loads).toBe(1);
    player.stop();
    expect(audio.loads).toBe(1);
    expect(seen.at(-1)).toBe(7);
  });

  it('marks a track whose preview fails to load as unavailable, and never tries it again', () => {
    const { audio, player } = setUp();
    player.toggle(7, 'u');
    audio.fire('error');
    expect(player.unavailable(7)).toBe(true);
    expect(player.state.trackId).toBeNull();
    player.toggle(7, 'u');
    expect(player.state.trackId).toBeNull();
    // An error while nothing is loaded (the unload itself) marks nothing.
    audio.fire('error');
    expect(player.unavailable(8)).toBe(false);
  });

  it('shows paused when the browser refuses to play (autoplay policy)', async () => {
    const { audio, player } = setUp();
    audio.playResult = Object.assign(new Error('no'), { name: 'NotAllowedError' });
    player.toggle(7, 'u');
    await Promise.resolve();
    await Promise.resolve();
    expect(player.state).toEqual({ trackId: 7, playing: false, progress: 0 });
    expect(player.unavailable(7)).toBe(false);
  });
});

describe('the popup\'s "a preview started" message', () => {
  const extensionId = 'crate-id';
  it('is taken only from our own extension page, in exactly its shape', () => {
    expect(isPreviewStarted(previewStartedMessage, { id: extensionId }, extensionId)).toBe(true);
    expect(isPreviewStarted({ ...previewStartedMessage }, { id: 'other' }, extensionId)).toBe(false);
    // A content script (it has a tab) is not the popup.
    expect(isPreviewStarted(previewStartedMessage, { id: extensionId, tab: {} }, extensionId)).toBe(false);
    expect(isPreviewStarted({ crate: 'previewStarted', x: 1 }, { id: extensionId }, extensionId)).toBe(false);
    expect(isPreviewStarted('previewStarted', { id: extensionId }, extensionId)).toBe(false);
    expect(isPreviewStarted(null, { id: extensionId }, extensionId)).toBe(false);
  });
});
