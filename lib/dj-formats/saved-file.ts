/**
 * What every crate writer is given: a library entry with its saved file, and the facts about a
 * track the formats spell alike (its audio, length, key and comment).
 */
import { id3Key, parseKey } from '../contract/musical-key.ts';
import type { TrackAnalysis } from '../contract/track-analysis.ts';
import { artistsAndTitle } from '../contract/track-display.ts';
import type { AudioFormat, LibraryEntry } from '../contract/wire.ts';

/** What only a track's release record knows. */
export interface ReleaseFacts {
  catalogNumber: string;
  /** The track's place on its release, from 1. */
  trackNumber: number;
}

/**
 * A library entry with its saved file: `path` as the template named it, `location` absolute,
 * `bytes` its size when the browser's downloads record says, and its release's facts when the
 * catalog answered.
 */
export interface SavedEntry {
  entry: LibraryEntry;
  path: string;
  location: string;
  bytes?: number | null;
  release?: ReleaseFacts;
  /** The store's beat grid and cues of the track, when it has them (docs/analysis.md). */
  analysis?: TrackAnalysis;
}

/**
 * What the store's files are (docs/api.md): 44.1 kHz stereo, MP3 at 320 kbps, 16-bit WAV, AIFF and
 * FLAC. FLAC's bitrate depends on the music: `kbps` is absent and bitrateOf takes its average from
 * the file's size. A format the store added that Crate does not know is absent: writers leave its
 * bitrate out, and DJ software reads it from the file.
 */
export const fileAudio: Readonly<Partial<Record<AudioFormat, { kbps?: number; sampleRate: number }>>> = {
  mp3: { kbps: 320, sampleRate: 44_100 },
  wav: { kbps: 1411, sampleRate: 44_100 },
  aiff: { kbps: 1411, sampleRate: 44_100 },
  flac: { sampleRate: 44_100 },
};

/** A file's bitrate in kbps: its format's, or a FLAC's average (its size over its length), when known. */
export function bitrateOf(entry: LibraryEntry, bytes: number | null | undefined): number | undefined {
  const audio = fileAudio[entry.audioFormat];
  if (audio?.kbps !== undefined) return audio.kbps;
  if (!audio || !bytes || entry.track.lengthMs <= 0) return undefined;
  return Math.round((bytes * 8) / entry.track.lengthMs);
}

/** "Artist - Title (Mix)", as the export dialog and an M3U8 name a track. */
export const entryArtistsAndTitle = (entry: LibraryEntry) => artistsAndTitle(entry.track);

export const seconds = (entry: LibraryEntry) => Math.round(entry.track.lengthMs / 1000);

/** The key in standard notation ("F#m"), as rekordbox shows it; the store's text if unreadable. */
export const tonality = (key: string) => {
  const parsed = parseKey(key);
  return parsed ? id3Key(parsed) : key;
};

/** The store (its host) and the catalog number, as the comment DJ software shows beside a track. */
export const commentOf = (store: string, release: ReleaseFacts | undefined) =>
  release?.catalogNumber ? `${store} · ${release.catalogNumber}` : store;
