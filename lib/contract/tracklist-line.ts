/**
 * What one line of a tracklist says: the tracklist page (extension) shows it as read, and the
 * store's tracklist match reads it the same way, so both sides agree on every line.
 *
 * The lines DJs paste: "Artist - Title (Mix)", "01. Artist - Title [Label]", "[00:12:34] Artist –
 * Title", "Artist feat. X - Title - Extended Mix", "A & B vs. C - Title (D Remix)", and "ID - ID"
 * or "Artist - ID" for an unreleased track. Anything else (a heading, a blank line) is not a track.
 */
import { isMixName, splitArtists, titleParts } from './recording-match.ts';

export type TracklistLine =
  | {
      kind: 'track';
      /** The artists as written, one name each ("A feat. X" and "Title (feat. X)" both give X). */
      artists: string[];
      title: string;
      /** The mix as written; empty when the line names none (the original mix). */
      mix: string;
      /** A trailing "[Label]" that names no mix; not used to match. */
      label: string;
    }
  /** "ID - ID" or "Artist - ID": played before its release, nothing to buy yet. */
  | { kind: 'unreleased'; artists: string[] }
  | { kind: 'blank' }
  /** Text without "Artist - Title": a heading ("Part 2:"), a comment. */
  | { kind: 'notTrack' }
  | { kind: 'tooLong' };

/** Longer than any artist and title: pasted prose or a file read as text. */
export const maxLineLength = 300;

const prefixes = [
  // A timestamp: "[00:12:34]", "(12:34)", "1:02:03 -".
  /^[[(]?\d{1,2}(?::\d{2}){1,2}[\])]?\s*(?:[-–—|:.]\s*)?/,
  // A number: "01.", "1)", "#3", "03:" (not "2 Unlimited": a bare number needs a dot, bracket or #).
  /^(?:#\s*\d{1,3}|\d{1,3}\s*[.):])\s*/,
  // "01 - Artist - Title": a number before a dash, when another dash still parts artist and title.
  /^\d{1,3}\s+[-–—]\s+(?=.+\s[-–—]\s)/,
  // A zero-padded number, as players and CUE sheets write them: "01 Artist - Title".
  /^0\d\s+/,
  // A list bullet.
  /^[-–—*•·>]\s+/,
];

const separator = /\s+[-–—]\s+/;
const trailingLabel = /\s*\[([^[\]]+)\]\s*$/;
const quoted = /^["“”'‘’](.+)["“”'‘’]$/;
/** "ID", "ID2", "???": what tracklists write for a track nobody has named yet. */
const unnamed = /^(?:id\s*\d*|\?+|unknown|untitled id)$/i;

function withoutPrefixes(text: string): string {
  let rest = text;
  for (let changed = true; changed; ) {
    changed = false;
    for (const prefix of prefixes) {
      const next = rest.replace(prefix, '');
      if (next !== rest && next.trim() !== '') {
        rest = next;
        changed = true;
      }
    }
  }
  return rest.trim();
}

/** One line, as it is read. Never throws: any text is some kind of line. */
export function parseTracklistLine(raw: string): TracklistLine {
  // Control characters (a binary file read as text, a stray tab) read as spaces.
  const text = raw.replace(/[\p{Cc}\ufeff\u200b]+/gu, ' ').trim();
  if (text === '') return { kind: 'blank' };
  if (text.length > maxLineLength) return { kind: 'tooLong' };
  const rest = withoutPrefixes(text);
  const parted = separator.exec(rest);
  if (!parted || parted.index === 0 || rest.endsWith(':')) return { kind: 'notTrack' };
  const artistText = rest.slice(0, parted.index).trim();
  let titleText = rest.slice(parted.index + parted[0].length).trim();
  let label = '';
  const labelMatch = trailingLabel.exec(titleText);
  if (labelMatch && labelMatch.index > 0) {
    const inside = (labelMatch[1] as string).trim();
    if (!isMixName(inside) && !/^(?:feat|featuring|ft)\.?\s/i.test(inside)) {
      label = inside;
      titleText = titleText.slice(0, labelMatch.index).trim();
    }
  }
  titleText = titleText.replace(quoted, '$1').trim();
  const parts = titleParts(titleText, '');
  const artists = splitArtists([artistText, ...parts.featured]);
  const title = parts.title.trim().replace(quoted, '$1');
  if (unnamed.test(title)) {
    return { kind: 'unreleased', artists: unnamed.test(artistText) ? [] : artists };
  }
  if (artists.length === 0 || title === '') return { kind: 'notTrack' };
  return { kind: 'track', artists, title, mix: parts.mix.trim(), label };
}

/** Every line of a pasted text (any line ending). */
export const tracklistLines = (text: string): string[] => text.split(/\r\n|\r|\n/);
