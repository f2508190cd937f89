/**
 * A crate's library entries as the stick writer's tracks (lib/usb-stick/stick-export.ts): names
 * from the library, tempo, grid and cues from the store's analysis, the detail waveform and the
 * audio fetched when the writer reaches the track. The store's fetches are given (the worker's
 * messages in the page, models in the tests).
 */
import { i18n } from '#i18n';
import { safeFilename } from '../contract/safe-filename.ts';
import type { TrackAnalysis, WaveformDetail } from '../contract/track-analysis.ts';
import { artistsAndTitle, artistsLine, trackDisplayTitle } from '../contract/track-display.ts';
import type { LibraryEntry } from '../contract/wire.ts';
import type { StickExportTrack } from '../dj-formats/rekordbox-device/stick-export.ts';
import { isStickFileType } from '../dj-formats/rekordbox-device/stick-library.ts';
import { fileAudio, tonality } from '../dj-formats/saved-file.ts';

export interface StickSources {
  waveform(trackId: number): Promise<WaveformDetail>;
  /** A signed link to the entry's file (it expires in minutes: asked for when the track is written). */
  audioLink(entryId: number): Promise<string>;
  fetch(url: string): Promise<Response>;
  /** The cover at this address as a JPEG for the players, or undefined when there is none. */
  artwork(uri: string): Promise<Uint8Array | undefined>;
}

/** Base64 as bytes (the store's waveforms). */
export function base64Bytes(base64: string): Uint8Array {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** A response's body, chunk by chunk; a refused or empty answer is an error naming the status. */
async function* bodyOf(response: Response): AsyncIterable<Uint8Array> {
  if (!response.ok || !response.body)
    throw new Error(i18n.t('stick.audioRefused', [String(response.status)]));
  const reader = response.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    reader.releaseLock();
  }
}

/** One entry with its analysis as a track for the stick. */
export function stickTrackOf(
  entry: LibraryEntry,
  analysis: TrackAnalysis,
  sources: StickSources,
  trackNumber = 0,
): StickExportTrack {
  const { track } = entry;
  const audio = fileAudio[entry.audioFormat];
  const fileType = entry.audioFormat;
  // stick-run.ts leaves out, with a reason, the formats Pioneer players do not play.
  if (!isStickFileType(fileType) || !audio) throw new Error(`Not a stick file type: ${fileType}.`);
  const year = Number.parseInt(track.publishDate.slice(0, 4), 10);
  return {
    title: trackDisplayTitle(track),
    artist: artistsLine(track),
    album: track.release.name,
    label: track.label.name,
    genre: track.genre.name,
    key: track.key ? tonality(track.key) : '',
    year: Number.isFinite(year) ? year : 0,
    trackNumber,
    fileType,
    // FLAC's varies with the music; 0 where rekordbox would write the file's average (docs/dj-formats.md).
    bitrateKbps: audio.kbps ?? 0,
    sampleRate: audio.sampleRate,
    sampleDepth: 16,
    fileName: safeFilename(artistsAndTitle(track)) || `track ${track.id}`,
    analysis,
    waveformDetail: async () => base64Bytes((await sources.waveform(track.id)).data),
    ...(track.image ? { artwork: () => sources.artwork(track.image?.uri ?? '') } : {}),
    audio: async function* () {
      yield* bodyOf(await sources.fetch(await sources.audioLink(entry.id)));
    },
  };
}
