import { describe, expect, it } from 'vitest';
import {
  type AddedItem,
  type CartLine,
  choicesFor,
  describeOverlap,
  findOverlap,
  planFor,
  safeChoice,
} from '../../../../../lib/background/cart/overlap.ts';
import type { Overlap, OverlapChoice } from '../../../../../lib/protocol/messages.ts';

// Release 7 holds tracks 1, 2, 3; release 8 holds track 4.
const release7: AddedItem = { type: 'release', id: 7, trackIds: [1, 2, 3] };
const track = (id: number, releaseId: number): AddedItem => ({
  type: 'track',
  id,
  trackIds: [id],
  releaseId,
});
const t = (id: number): CartLine => ({ type: 'track', id });
const r = (id: number): CartLine => ({ type: 'release', id });

describe('finding overlap', () => {
  it.each<[string, AddedItem, CartLine[], number[], Overlap | null]>([
    ['a release sharing nothing', release7, [t(4), r(8)], [4], null],
    ['the same release already in the cart (the store keeps one line)', release7, [r(7)], [], null],
    [
      'a release holding an owned track',
      release7,
      [],
      [2],
      { owned: [2], inCart: [], releaseInCart: null, missing: [1, 3] },
    ],
    [
      'a release holding a track in the cart',
      release7,
      [t(1), r(8)],
      [],
      { owned: [], inCart: [1], releaseInCart: null, missing: [2, 3] },
    ],
    [
      'a release holding owned and carted tracks (owned counts once)',
      release7,
      [t(1), t(2)],
      [2, 3],
      { owned: [2, 3], inCart: [1], releaseInCart: null, missing: [] },
    ],
    ['a track whose release is not in the cart', track(1, 7), [r(8), t(4)], [], null],
    [
      'a track whose release is in the cart',
      track(1, 7),
      [r(7)],
      [],
      { owned: [], inCart: [], releaseInCart: 7, missing: [] },
    ],
    // An owned track is an upgrade or a buy-again, asked by the format buttons: not an overlap.
    ['a track owned', track(1, 7), [], [1], null],
  ])('%s', (_, item, cart, owned, expected) => {
    expect(findOverlap(item, cart, new Set(owned))).toEqual(expected);
  });
});

describe('choosing', () => {
  const ownedOne: Overlap = { owned: [2], inCart: [], releaseInCart: null, missing: [1, 3] };
  const cartedOne: Overlap = { owned: [], inCart: [1], releaseInCart: null, missing: [2, 3] };
  const allCovered: Overlap = { owned: [2, 3], inCart: [1], releaseInCart: null, missing: [] };
  const releaseCarted: Overlap = { owned: [], inCart: [], releaseInCart: 7, missing: [] };

  it.each<[string, Overlap, OverlapChoice[], OverlapChoice]>([
    [
      'an owned track: only the missing ones by default',
      ownedOne,
      ['missingOnly', 'addAnyway', 'cancel'],
      'missingOnly',
    ],
    ['a carted track', cartedOne, ['missingOnly', 'replace', 'addAnyway', 'cancel'], 'missingOnly'],
    [
      'nothing missing, some owned: cancel by default',
      allCovered,
      ['replace', 'addAnyway', 'cancel'],
      'cancel',
    ],
    [
      'a track whose release is carted: replace by default',
      releaseCarted,
      ['replace', 'addAnyway', 'cancel'],
      'replace',
    ],
  ])('%s', (_, overlap, choices, safe) => {
    expect(choicesFor(overlap)).toEqual(choices);
    expect(safeChoice(overlap)).toBe(safe);
    expect(choices).toContain(safe);
  });

  it.each<[string, AddedItem, Overlap, OverlapChoice, ReturnType<typeof planFor>]>([
    [
      'cancel sends nothing',
      release7,
      ownedOne,
      'cancel',
      { remove: [], add: [], alreadyPurchasedOverride: false },
    ],
    [
      'the missing tracks, one by one, in the chosen format',
      release7,
      ownedOne,
      'missingOnly',
      {
        remove: [],
        add: [
          { type: 'track', id: 1, audioFormat: 'wav' },
          { type: 'track', id: 3, audioFormat: 'wav' },
        ],
        alreadyPurchasedOverride: false,
      },
    ],
    [
      'add anyway: the whole release, telling the store the owned tracks are meant',
      release7,
      ownedOne,
      'addAnyway',
      { remove: [], add: [{ type: 'release', id: 7, audioFormat: 'wav' }], alreadyPurchasedOverride: true },
    ],
    [
      'replace: the carted tracks go, the release comes',
      release7,
      cartedOne,
      'replace',
      {
        remove: [t(1)],
        add: [{ type: 'release', id: 7, audioFormat: 'wav' }],
        alreadyPurchasedOverride: false,
      },
    ],
    [
      'replace: the carted release goes, the track comes',
      track(1, 7),
      releaseCarted,
      'replace',
      {
        remove: [r(7)],
        add: [{ type: 'track', id: 1, audioFormat: 'wav' }],
        alreadyPurchasedOverride: false,
      },
    ],
  ])('%s', (_, item, overlap, choice, plan) => {
    expect(planFor(item, 'wav', overlap, choice)).toEqual(plan);
  });

  it('says what overlaps in a sentence', () => {
    expect(describeOverlap(release7, ownedOne)).toBe('This release holds 1 track you own.');
    expect(describeOverlap(release7, allCovered)).toBe(
      'This release holds 2 tracks you own and 1 track already in your cart.',
    );
    expect(describeOverlap(track(1, 7), releaseCarted)).toBe('Its release is already in your cart.');
  });
});
