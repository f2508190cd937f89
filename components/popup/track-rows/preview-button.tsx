/**
 * The popup rows' play control: the track's `sampleUrl` in the popup's one audio element, which
 * tells the store's tabs to stop theirs (lib/previews/preview-player.ts: tabs.sendMessage, which
 * never wakes the worker). The popup's own preview ends with the popup. Space toggles it (a real
 * button); its ring shows the progress; a track without a sample shows a disabled dash.
 */
import { useEffect, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { i18n } from '#i18n';
import {
  createPreviewPlayer,
  type PreviewPlayer,
  type PreviewState,
  previewStartedMessage,
} from '../../../lib/previews/preview-player.ts';

let player: PreviewPlayer | null = null;
/** Rows listening for the player's changes (it is made on the popup's first play). */
const rows = new Set<(previous: PreviewState) => void>();

/** Tells the store's open tabs (only those: their origin is the store's) that the popup plays. */
async function stopStoreTabs(storeOrigin: string): Promise<void> {
  const tabs = await browser.tabs.query({});
  await Promise.allSettled(
    tabs
      .filter((tab) => tab.id !== undefined && tab.url && URL.parse(tab.url)?.origin === storeOrigin)
      .map((tab) => browser.tabs.sendMessage(tab.id as number, previewStartedMessage)),
  );
}

function popupPlayer(storeOrigin: string): PreviewPlayer {
  if (!player) {
    player = createPreviewPlayer(new Audio(), {
      announce: () => void stopStoreTabs(storeOrigin).catch(() => undefined),
    });
    player.subscribe((previous) => {
      for (const row of rows) row(previous);
    });
  }
  return player;
}

/** The player's state as one row sees it: redrawn only when the change is about its track. */
function usePreviewState(trackId: number): PreviewState | null {
  const [state, setState] = useState(player?.state ?? null);
  useEffect(() => {
    const row = (previous: PreviewState) => {
      if (previous.trackId === trackId || player?.state.trackId === trackId) setState(player?.state ?? null);
    };
    rows.add(row);
    return () => rows.delete(row);
  }, [trackId]);
  return state;
}

const usable = (url: string | undefined): url is string => !!url && /^https?:\/\//.test(url);

export function PreviewButton({
  trackId,
  sampleUrl,
  title,
}: {
  trackId: number;
  sampleUrl: string | undefined;
  title: string;
}) {
  const state = usePreviewState(trackId);
  if (!usable(sampleUrl) || player?.unavailable(trackId)) {
    return (
      <button
        type="button"
        class="play"
        disabled
        aria-label={i18n.t('popup.preview.noneOf', [title])}
        title={i18n.t('popup.preview.none')}
      >
        –
      </button>
    );
  }
  const mine = state?.trackId === trackId;
  const playing = mine && state?.playing === true;
  return (
    <button
      type="button"
      class="play"
      data-state={mine ? (playing ? 'playing' : 'paused') : undefined}
      style={mine ? { '--progress': `${Math.round((state?.progress ?? 0) * 360)}deg` } : undefined}
      aria-label={playing ? i18n.t('popup.preview.pause', [title]) : i18n.t('popup.preview.play', [title])}
      onClick={() => popupPlayer(new URL(sampleUrl).origin).toggle(trackId, sampleUrl)}
    >
      {playing ? '❚❚' : '▶'}
    </button>
  );
}
