/**
 * The play control beside a track row's buttons: one small button per row, and one click listener
 * for the whole page (delegation through the shadow roots' composed path), never one per row.
 * Space toggles it as it is a real button. While it plays, it shows its progress as a ring
 * (`--progress`, set through the CSSOM, which the store's CSP allows). A track whose preview
 * fails to load shows a disabled dash from then on, never a button that does nothing.
 */
import { i18n } from '#i18n';
import { type PagePreviews, previewTrackAttribute } from '../../lib/content/page-previews.ts';
import type { PreviewPlayer, PreviewState } from '../../lib/previews/preview-player.ts';

export interface PreviewControls {
  /** The control for a track row, or null for anything else. */
  node(item: { type: string; id: number; title: string }): HTMLElement | null;
}

const playText = '▶';
const pauseText = '❚❚';

function draw(button: HTMLButtonElement, title: string, player: PreviewPlayer, trackId: number): void {
  if (player.unavailable(trackId)) {
    button.disabled = true;
    button.textContent = '–';
    button.setAttribute('aria-label', i18n.t('content.noPreviewOf', [title]));
    button.title = i18n.t('content.noPreview');
    button.removeAttribute('data-state');
    button.style.removeProperty('--progress');
    return;
  }
  const { state } = player;
  const mine = state.trackId === trackId;
  const playing = mine && state.playing;
  const text = playing ? pauseText : playText;
  if (button.textContent !== text) button.textContent = text;
  button.setAttribute('aria-label', i18n.t(playing ? 'content.pause' : 'content.play', [title]));
  if (mine) {
    button.dataset.state = playing ? 'playing' : 'paused';
    button.style.setProperty('--progress', `${Math.round(state.progress * 360)}deg`);
  } else {
    button.removeAttribute('data-state');
    button.style.removeProperty('--progress');
  }
}

export function createPreviewControls(
  previews: PagePreviews,
  { signal }: { signal: AbortSignal },
  /** Whether an event is the person's own; tests replace it, as they cannot make trusted events. */
  isTrusted: (event: Event) => boolean = (event) => event.isTrusted,
): PreviewControls {
  /** The controls of each track (a track can be on a page twice), for redrawing only those that changed. */
  const controls = new Map<number, Set<{ button: HTMLButtonElement; title: string }>>();

  function redraw(player: PreviewPlayer, trackId: number | null): void {
    if (trackId === null) return;
    for (const control of controls.get(trackId) ?? []) {
      if (control.button.isConnected) draw(control.button, control.title, player, trackId);
    }
  }
  previews.onPlayer((player) => {
    const unsubscribe = player.subscribe((previous: PreviewState) => {
      redraw(player, previous.trackId);
      if (player.state.trackId !== previous.trackId) redraw(player, player.state.trackId);
    });
    signal.addEventListener('abort', unsubscribe);
  });

  // The person's own clicks only (and Space, which clicks a focused button): a page's .click() does nothing.
  const onClick = (event: Event) => {
    if (!isTrusted(event)) return;
    const target = event.composedPath()[0];
    const button = target instanceof Element ? target.closest(`[${previewTrackAttribute}]`) : null;
    const trackId = Number(button?.getAttribute(previewTrackAttribute));
    if (!Number.isSafeInteger(trackId) || trackId <= 0) return;
    previews.toggle(trackId);
  };
  document.addEventListener('click', onClick, { capture: true });
  signal.addEventListener('abort', () => document.removeEventListener('click', onClick, { capture: true }));

  return {
    node({ type, id, title }) {
      if (type !== 'track') return null;
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'preview';
      button.setAttribute(previewTrackAttribute, String(id));
      button.textContent = playText;
      button.setAttribute('aria-label', i18n.t('content.play', [title]));
      const known = controls.get(id) ?? new Set();
      controls.set(id, known.add({ button, title }));
      const player = previews.player();
      if (player) draw(button, title, player, id);
      return button;
    },
  };
}
