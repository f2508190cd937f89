/**
 * How a track reads wherever a person sees it (the store's pages, the cart, the popup, the page
 * buttons, file names and tags): its title with its mix, its tempo and key, and what a missing or
 * nonsensical tempo or key reads as (a dash, never "NaN", "0" or "null").
 */
import { formatKey, type KeyNotation, parseKey } from './musical-key.ts';

/** "Title (Mix)". */
export const trackDisplayTitle = (track: { name: string; mixName: string }): string =>
  `${track.name} (${track.mixName})`;

/** "Artist, Artist": a track's artists in the store's order. */
export const artistsLine = (track: { artists: { name: string }[] }): string =>
  track.artists.map((artist) => artist.name).join(', ');

/** "Artist, Artist - Title (Mix)": a track named on its own, as a file, a job or a playlist entry. */
export const artistsAndTitle = (track: {
  name: string;
  mixName: string;
  artists: { name: string }[];
}): string => `${artistsLine(track)} - ${trackDisplayTitle(track)}`;

/** What a missing or nonsensical fact reads as. */
export const missingFact = '–';

export const isBpm = (bpm: number | null | undefined): bpm is number =>
  typeof bpm === 'number' && Number.isFinite(bpm) && bpm > 0;

/** "124"; a dash when the tempo is missing or nonsensical (where the label says BPM already). */
export const bpmValue = (bpm: number | null | undefined): string => (isBpm(bpm) ? String(bpm) : missingFact);

/** "124 BPM"; "– BPM" when the tempo is missing or nonsensical. */
export const bpmText = (bpm: number | null | undefined): string => `${bpmValue(bpm)} BPM`;

/** The key in `notation`, or as the store writes it when none is asked for; a dash when missing or unknown. */
export function keyText(key: string | null | undefined, notation?: KeyNotation): string {
  const parsed = parseKey(key);
  if (!parsed) return missingFact;
  return notation ? formatKey(parsed, notation) : (key as string);
}
