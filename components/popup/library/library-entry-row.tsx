import { i18n } from '#i18n';
import { formatLabel } from '../../../lib/contract/audio-formats.ts';
import type { KeyNotation } from '../../../lib/contract/musical-key.ts';
import type { LibraryEntry } from '../../../lib/contract/wire.ts';
import {
  type DownloadState,
  entryArtists,
  entryStatus,
  entryTrackTitle,
} from '../../../lib/popup/library/entry-download.ts';
import type { CacheScope } from '../../../lib/storage/popup-cache.ts';
import { PreviewButton } from '../track-rows/preview-button.tsx';
import { TrackFactsLine, TrackThumb } from '../track-rows/track-view.tsx';
import { RowWaveform } from './row-waveform.tsx';

/** Every library row's height in CSS pixels (the list places rows by it). */
export const libraryRowHeight = 56;

/** Whether the entry's file is on this computer; nothing while the worker has not said yet. */
function HereTag({ here, pending }: { here: boolean | undefined; pending: boolean }) {
  // Busy while the worker is asked: the popup's first frame (the last view, with its tags) stays
  // until the tags are in, so that their coming moves no text (lib/popup/last-view.ts).
  if (here === undefined) return pending ? <span aria-busy="true" /> : null;
  return (
    <>
      <span class={here ? 'here' : 'not-here'}>
        {here ? i18n.t('popup.library.onThisComputer') : i18n.t('popup.library.notOnThisComputer')}
      </span>
      {' · '}
    </>
  );
}

interface EntryRowProps {
  scope: CacheScope | null;
  entry: LibraryEntry | undefined;
  index: number;
  state: DownloadState | undefined;
  here: boolean | undefined;
  /** Whether the worker has not answered what is on this computer yet. */
  herePending?: boolean;
  notation: KeyNotation;
  onDownload: (entry: LibraryEntry) => void;
}

/** One library entry: preview, artwork, title, artists, format, here or not, status, waveform, download. */
export function LibraryEntryRow({
  scope,
  entry,
  index,
  state,
  here,
  herePending = false,
  notation,
  onDownload,
}: EntryRowProps) {
  if (!entry)
    return (
      <div class="row-placeholder" aria-busy="true">
        {i18n.t('popup.library.loadingRow')}
      </div>
    );
  const title = entryTrackTitle(entry);
  return (
    <div class="library-entry">
      <PreviewButton trackId={entry.track.id} sampleUrl={entry.track.sampleUrl} title={title} />
      <TrackThumb image={entry.track.image} />
      <div class="item-text">
        {/* The Element Timing API reports when the first entry was painted (bench/popup.ts). */}
        <span
          class="item-title"
          title={title}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: focusable so a truncated title can be read in full from the keyboard
          tabIndex={0}
          elementtiming={index === 0 ? 'library-first-entry' : undefined}
        >
          {title}
        </span>
        <span class="item-sub">
          {entryArtists(entry)} · <span class="tag">{formatLabel(entry.audioFormat)}</span>{' '}
          <HereTag here={here} pending={herePending} />
          <span class={state?.kind === 'failed' ? 'problem' : 'status'}>{entryStatus(entry, state)}</span>
        </span>
        <TrackFactsLine facts={entry.track} notation={notation} />
      </div>
      <RowWaveform scope={scope} trackId={entry.track.id} />
      <button
        type="button"
        aria-label={i18n.t('popup.library.downloadItem', [title])}
        disabled={state?.kind === 'saving'}
        onClick={() => onDownload(entry)}
      >
        {i18n.t('popup.library.download')}
      </button>
    </div>
  );
}
