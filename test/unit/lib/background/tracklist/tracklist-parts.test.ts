import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { maxEncodedPart, tracklistParts } from '../../../../../lib/background/tracklist/tracklist-parts.ts';
import { maxLineLength } from '../../../../../lib/contract/tracklist-line.ts';
import { maxTracklistLines } from '../../../../../lib/contract/tracklist-match.ts';

describe('tracklistParts', () => {
  it('sends a set of a hundred lines in one call', () => {
    const set = Array.from(
      { length: 100 },
      (_, i) => `${i + 1}. Lane 8 & Bicep – Breathing Nights (Extended Mix) [Label]`,
    );
    expect(tracklistParts(set)).toHaveLength(1);
  });

  it('cuts 5,000 lines into parts the store takes, keeping every line in order', () => {
    const lines = Array.from({ length: 5000 }, (_, i) => `A${i} - T`);
    const parts = tracklistParts(lines);
    expect(parts.every((part) => part.length <= maxTracklistLines)).toBe(true);
    expect(parts.flat()).toEqual(lines);
  });

  it('keeps every part short enough for a URL, whatever the text', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'grapheme', maxLength: 400 }), { maxLength: 300 }), (lines) => {
        const parts = tracklistParts(lines);
        return (
          parts.flat().length === lines.length &&
          parts.every(
            (part) =>
              part.length <= maxTracklistLines &&
              (part.length === 1 || encodeURIComponent(part.join('\n')).length <= maxEncodedPart),
          )
        );
      }),
    );
  });

  it('cuts a long line just past the limit, so the store still reads it as too long', () => {
    const [[line]] = tracklistParts([`Bicep - ${'x'.repeat(5000)}`]) as [[string]];
    expect(line.length).toBe(maxLineLength + 1);
  });
});
