/**
 * A tracklist matched against the catalog (POST /catalog/3/tracklist): each line read by the
 * parser the extension shows it with (lib/contract/tracklist-line.ts), its candidates found
 * through the text indexes (track-search.ts), and the recording matcher the extension's collection
 * uses (lib/contract/recording-match.ts) deciding: the same recording, other mixes of it, or
 * nothing. Never a guess: a line matching two recordings equally names the earliest release's.
 */
import { recordingNames } from '../../lib/contract/recording-match.ts';
import { parseTracklistLine, type TracklistLine } from '../../lib/contract/tracklist-line.ts';
import type { TracklistLineMatch, TracklistOutcome } from '../../lib/contract/tracklist-match.ts';
import type { Track } from '../../lib/contract/wire.ts';
import { loadTracks } from '../catalog/records.ts';
import type { StoreContext } from '../context.ts';
import { candidateTracks } from './track-search.ts';

/** Candidates looked at per line: more than any artist has versions of one title. */
const candidatesPerLine = 200;

type TrackLine = Extract<TracklistLine, { kind: 'track' }>;

const namesOfTrack = (track: Track) =>
  recordingNames({
    artists: track.artists.map((artist) => artist.name),
    title: track.name,
    mix: track.mixName,
  });

/** The line's outcome among its candidates, the same recording first. */
function decide(
  line: TrackLine,
  candidates: readonly Track[],
): { outcome: TracklistOutcome; tracks: Track[] } {
  const wanted = recordingNames({ artists: line.artists, title: line.title, mix: line.mix });
  if (wanted === null) return { outcome: 'notFound', tracks: [] };
  const sameWork = candidates.filter((track) => {
    const names = namesOfTrack(track);
    return names !== null && names.artists === wanted.artists && names.title === wanted.title;
  });
  const byAge = (a: Track, b: Track) => a.publishDate.localeCompare(b.publishDate) || a.id - b.id;
  const same = sameWork.filter((track) => namesOfTrack(track)?.mix === wanted.mix).sort(byAge);
  if (same[0]) return { outcome: 'track', tracks: [same[0]] };
  if (sameWork.length > 0) return { outcome: 'otherMixes', tracks: sameWork.sort(byAge) };
  return { outcome: 'notFound', tracks: [] };
}

/** The website's search for a line: its artists and title, as "Artist - Title" (the search reads it so). */
const searchUrl = (ctx: StoreContext, line: TrackLine) =>
  `${ctx.config.baseUrl}/search?q=${encodeURIComponent(`${line.artists.join(', ')} - ${line.title}`)}`;

/** Every line's match, in order; the caller has checked the number of lines. */
export async function matchTracklist(
  ctx: StoreContext,
  texts: readonly string[],
): Promise<TracklistLineMatch[]> {
  const lines = texts.map(parseTracklistLine);
  const candidates = await Promise.all(
    lines.map((line) =>
      line.kind === 'track'
        ? candidateTracks(ctx, { title: line.title, artists: line.artists }, candidatesPerLine)
        : Promise.resolve([]),
    ),
  );
  const records = await loadTracks(ctx, [...new Set(candidates.flat())]);
  return lines.map((read, i) => {
    const base = { number: i + 1, text: (texts[i] ?? '').trim().slice(0, 300), read };
    if (read.kind === 'unreleased') return { ...base, outcome: 'unreleased', tracks: [], searchUrl: null };
    if (read.kind !== 'track') return { ...base, outcome: 'notRead', tracks: [], searchUrl: null };
    const found = (candidates[i] ?? []).flatMap((id) => records.get(id) ?? []);
    const { outcome, tracks } = decide(read, found);
    return { ...base, outcome, tracks, searchUrl: outcome === 'track' ? null : searchUrl(ctx, read) };
  });
}
