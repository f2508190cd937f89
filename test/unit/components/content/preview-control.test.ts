// @vitest-environment happy-dom
import { fireEvent, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { createPreviewControls } from '../../../../components/content/preview-control.ts';
import type { PagePreviews } from '../../../../lib/content/page-previews.ts';
import {
  createPreviewPlayer,
  type PreviewAudio,
  type PreviewPlayer,
} from '../../../../lib/previews/preview-player.ts';

/** An audio element that starts playing when told and can be made to fail. */
class FakeAudio implements PreviewAudio {
  src = '';
  currentTime = 0;
  duration = 30;
  paused = true;
  private readonly listeners = new Map<string, (() => void)[]>();
  addEventListener(type: string, listener: () => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  fire(type: string) {
    for (const listener of this.listeners.get(type) ?? []) listener();
  }
  play() {
    this.paused = false;
    this.fire('playing');
    return Promise.resolve();
  }
  pause() {
    if (this.paused) return;
    this.paused = true;
    this.fire('pause');
  }
  load() {}
  removeAttribute() {
    this.src = '';
  }
}

/** The page's previews over a fake audio element, made on the first play like the real ones. */
function fakePreviews(audio: FakeAudio) {
  let player: PreviewPlayer | null = null;
  const waiting: ((made: PreviewPlayer) => void)[] = [];
  const played: number[] = [];
  const previews: PagePreviews = {
    player: () => player,
    toggle(trackId) {
      played.push(trackId);
      if (!player) {
        player = createPreviewPlayer(audio, { announce: () => undefined });
        for (const listener of waiting.splice(0)) listener(player);
      }
      player.toggle(trackId, `http://store/samples/${trackId}.mp3`);
    },
    onPlayer(listener) {
      if (player) listener(player);
      else waiting.push(listener);
    },
  };
  return { previews, played };
}

// Each test's page-wide listener goes with it.
let controller = new AbortController();
afterEach(() => {
  controller.abort();
  controller = new AbortController();
  document.body.replaceChildren();
});

/** A row's control inside a shadow root, as the page has it. */
function mountRow(node: HTMLElement | null) {
  const host = document.createElement('div');
  host.attachShadow({ mode: 'open' }).append(node as HTMLElement);
  document.body.append(host);
  return node as HTMLButtonElement;
}

describe('the play control of a track row', () => {
  it('is made for tracks only: one button per row', () => {
    const { previews } = fakePreviews(new FakeAudio());
    const controls = createPreviewControls(previews, controller, () => true);
    expect(controls.node({ type: 'release', id: 1, title: 'EP' })).toBeNull();
    const button = controls.node({ type: 'track', id: 7, title: 'Strobe' });
    expect(button?.tagName).toBe('BUTTON');
    expect(button?.getAttribute('aria-label')).toBe('Play the preview of "Strobe"');
  });

  it('plays from one page-wide listener through the shadow root, shows progress, and redraws the track it left', () => {
    const audio = new FakeAudio();
    const { previews, played } = fakePreviews(audio);
    const controls = createPreviewControls(previews, controller, () => true);
    const first = mountRow(controls.node({ type: 'track', id: 7, title: 'Strobe' }));
    const second = mountRow(controls.node({ type: 'track', id: 8, title: 'Opus' }));
    fireEvent.click(first);
    expect(played).toEqual([7]);
    expect(first.getAttribute('aria-label')).toBe('Pause the preview of "Strobe"');
    expect(first.dataset.state).toBe('playing');
    audio.currentTime = 15;
    audio.fire('timeupdate');
    expect(first.style.getPropertyValue('--progress')).toBe('180deg');
    fireEvent.click(second);
    expect(first.getAttribute('aria-label')).toBe('Play the preview of "Strobe"');
    expect(first.hasAttribute('data-state')).toBe(false);
    expect(second.dataset.state).toBe('playing');
    expect(screen.queryAllByRole('button')).toHaveLength(0); // inside shadow roots, not the document
  });

  it("ignores clicks that are not the person's own", () => {
    const { previews, played } = fakePreviews(new FakeAudio());
    const controls = createPreviewControls(previews, controller, () => false);
    fireEvent.click(mountRow(controls.node({ type: 'track', id: 7, title: 'Strobe' })));
    expect(played).toEqual([]);
  });

  it('turns into a disabled dash when the preview cannot be loaded', () => {
    const audio = new FakeAudio();
    const { previews } = fakePreviews(audio);
    const controls = createPreviewControls(previews, controller, () => true);
    const button = mountRow(controls.node({ type: 'track', id: 7, title: 'Strobe' }));
    fireEvent.click(button);
    audio.fire('error');
    expect(button.disabled).toBe(true);
    expect(button.textContent).toBe('–');
    expect(button.getAttribute('aria-label')).toBe('No preview of "Strobe"');
  });
});
