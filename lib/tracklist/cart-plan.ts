/**
 * What the tracklist page puts in a cart: every track found as the same recording that the DJ has
 * neither bought here nor in their collection, once; every other line with why it stays out.
 * Other mixes are never chosen for the DJ. The page words the reasons (components/tracklist/).
 */
import { maxCartNameLength } from '../contract/cart-name.ts';
import { parseTracklistLine } from '../contract/tracklist-line.ts';
import type { MarkedTracklistLine } from '../protocol/messages.ts';

export type LeftOut = 'owned' | 'inCollection' | 'otherMixes' | 'notFound' | 'unreleased' | 'repeated';

export interface CartPlan {
  /** The tracks to add, in the list's order. */
  trackIds: number[];
  leftOut: { number: number; text: string; why: LeftOut }[];
}

function whyLeftOut(line: MarkedTracklistLine, planned: ReadonlySet<number>): LeftOut | null {
  if (line.outcome === 'otherMixes' || line.outcome === 'notFound' || line.outcome === 'unreleased')
    return line.outcome;
  const track = line.tracks[0];
  if (line.outcome !== 'track' || !track) return null;
  if (line.marks?.owned || (line.marks?.ownedFormats.length ?? 0) > 0) return 'owned';
  if (line.marks?.collection) return 'inCollection';
  return planned.has(track.id) ? 'repeated' : null;
}

export function cartPlan(lines: readonly MarkedTracklistLine[]): CartPlan {
  const trackIds: number[] = [];
  const planned = new Set<number>();
  const leftOut: CartPlan['leftOut'] = [];
  for (const line of lines) {
    const why = whyLeftOut(line, planned);
    const track = line.tracks[0];
    if (why !== null) leftOut.push({ number: line.number, text: line.text, why });
    else if (line.outcome === 'track' && track) {
      trackIds.push(track.id);
      planned.add(track.id);
    }
  }
  return { trackIds, leftOut };
}

/**
 * The cart's first name: the file's (or playlist's), else the first track line's "Artist - Title",
 * else the first line's text; cut to what the store takes.
 */
export function suggestedCartName(sourceName: string | null, lines: readonly string[]): string {
  const first = lines.map((line) => line.trim()).find(Boolean) ?? '';
  const firstTrack = lines.map(parseTracklistLine).find((line) => line.kind === 'track');
  const name =
    sourceName?.trim() ||
    (firstTrack?.kind === 'track' ? `${firstTrack.artists.join(', ')} - ${firstTrack.title}` : first);
  return name
    .replace(/\p{Cc}+/gu, ' ')
    .trim()
    .slice(0, maxCartNameLength)
    .trim();
}
