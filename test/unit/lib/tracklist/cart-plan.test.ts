import { describe, expect, it } from 'vitest';
import type { Track } from '../../../../lib/contract/wire.ts';
import type { MarkedTracklistLine, TracklistMarks } from '../../../../lib/protocol/messages.ts';
import { cartPlan, suggestedCartName } from '../../../../lib/tracklist/cart-plan.ts';

const track = (id: number) => ({ id }) as Track;
const none: TracklistMarks = { owned: false, ownedFormats: [], collection: null, carts: [] };
const line = (
  number: number,
  outcome: MarkedTracklistLine['outcome'],
  tracks: Track[] = [],
  marks: TracklistMarks | null = null,
): MarkedTracklistLine => ({
  number,
  text: `line ${number}`,
  read: { kind: 'blank' },
  outcome,
  tracks,
  searchUrl: null,
  marks,
});

describe('cartPlan', () => {
  it('adds each found track the DJ has neither here nor in the collection, once, and says why the rest stay out', () => {
    const plan = cartPlan([
      line(1, 'notRead'),
      line(2, 'track', [track(10)], none),
      line(3, 'track', [track(11)], { ...none, owned: true, ownedFormats: ['wav'] }),
      line(4, 'track', [track(12)], { ...none, collection: 'rekordbox' }),
      line(5, 'otherMixes', [track(13), track(14)]),
      line(6, 'notFound'),
      line(7, 'unreleased'),
      line(8, 'track', [track(10)], none),
      line(9, 'track', [track(15)], { ...none, carts: ['Friday'] }),
      line(10, 'track', [track(16)], { ...none, owned: true }),
    ]);
    expect(plan.trackIds).toEqual([10, 15]);
    expect(plan.leftOut.map(({ number, why }) => [number, why])).toEqual([
      [3, 'owned'],
      [4, 'inCollection'],
      [5, 'otherMixes'],
      [6, 'notFound'],
      [7, 'unreleased'],
      [8, 'repeated'],
      [10, 'owned'],
    ]);
  });
});

describe('suggestedCartName', () => {
  it.each<[string | null, string[], string]>([
    ['Friday set', ['01. Bicep - Glue'], 'Friday set'],
    [null, ['Tracklist:', '', '01. Bicep & Lane 8 - Glue (Extended Mix)'], 'Bicep, Lane 8 - Glue'],
    [null, ['Hour one', 'no tracks here'], 'Hour one'],
    [null, [`${'x'.repeat(100)} - y`], 'x'.repeat(64)],
    ['  ', ['Bicep - Glue'], 'Bicep - Glue'],
  ])('%s, %j: %s', (source, lines, name) => {
    expect(suggestedCartName(source, lines)).toBe(name);
  });
});
