/**
 * A tracklist cut into the parts the store's tracklist match takes: at most 250 lines a call, and
 * a query string short enough for any server's request line (the worker's store calls send their
 * parameters in the URL, store-transport.ts), so a set of a hundred lines is one call.
 */
import { maxLineLength } from '../../contract/tracklist-line.ts';
import { maxTracklistLines } from '../../contract/tracklist-match.ts';

/** Characters of URL-encoded text a call carries at most: well under Node's 16 kB request head. */
export const maxEncodedPart = 12_000;

/** The lines as the store gets them: cut just past the parser's limit, so a long line still reads "too long". */
const sentLine = (line: string) => line.trim().slice(0, maxLineLength + 1);

/** The lines in order, in parts; each part's lines are consecutive. */
export function tracklistParts(lines: readonly string[]): string[][] {
  const parts: string[][] = [];
  let part: string[] = [];
  let encoded = 0;
  for (const line of lines.map(sentLine)) {
    // Each line costs its encoded text and an encoded line end.
    const cost = encodeURIComponent(line).length + 3;
    if (part.length > 0 && (part.length >= maxTracklistLines || encoded + cost > maxEncodedPart)) {
      parts.push(part);
      part = [];
      encoded = 0;
    }
    part.push(line);
    encoded += cost;
  }
  if (part.length > 0) parts.push(part);
  return parts;
}
