import { describe, expect, it } from 'vitest';
import { collectionKeys } from '../../../../lib/contract/recording-match.ts';
import type { AudioFormat, CartItem, ItemType } from '../../../../lib/contract/wire.ts';
import { findCartOverlap, paidTwiceText } from '../../../../lib/popup/cart-overlap.ts';
import type { CatalogFacts } from '../../../../lib/protocol/messages.ts';
import {
  type CollectionIndex,
  collectionLookup,
  encodeKeys,
} from '../../../../lib/storage/collection-index.ts';

const usd = (value: number) => ({ value, currency: 'USD' });
const fee = { wav: usd(1), aiff: usd(1) };

const item = (type: ItemType, id: number, price: number, audioFormat: AudioFormat = 'mp3'): CartItem => ({
  id,
  type,
  audioFormat,
  name: `${type} ${id}`,
  artists: [],
  price: usd(price),
});

/** Track 1 and 2 on release 10 (tracks 1, 2, 3 at $1.49), track 5 on release 20. */
const catalog: Record<string, CatalogFacts> = {
  'track:1': { id: 1, type: 'track', fee, releaseId: 10 },
  'track:2': { id: 2, type: 'track', fee, releaseId: 10 },
  'track:5': { id: 5, type: 'track', fee, releaseId: 20 },
  'release:10': {
    id: 10,
    type: 'release',
    fee: { wav: usd(3), aiff: usd(3) },
    tracks: [1, 2, 3].map((id) => ({ id, price: usd(1.49), fee })),
  },
};
const factsOf = (cartItem: CartItem) => catalog[`${cartItem.type}:${cartItem.id}`];

type Owned = Record<string, readonly AudioFormat[] | null>;
const ownedBy = (owned: Owned) => (type: ItemType, id: number) => {
  const key = `${type}:${id}`;
  return key in owned ? (owned[key] as readonly AudioFormat[] | null) : [];
};

const total = (items: CartItem[]) => usd(items.reduce((sum, each) => sum + each.price.value, 0));

const cases: {
  name: string;
  items: CartItem[];
  owned: Owned;
  flagged: Record<string, number>;
  totalWithout: number | null;
}[] = [
  {
    name: 'nothing owned, nothing twice',
    items: [item('track', 1, 1.49), item('track', 5, 1.49)],
    owned: {},
    flagged: {},
    totalWithout: null,
  },
  {
    name: 'a track owned in the format it is in the cart as',
    items: [item('track', 1, 1.49), item('track', 5, 1.49)],
    owned: { 'track:1': ['mp3'] },
    flagged: { 'track:1': 1.49 },
    totalWithout: 1.49,
  },
  {
    name: 'a track owned in another format is an upgrade, not paid twice',
    items: [item('track', 1, 2.49, 'wav')],
    owned: { 'track:1': ['mp3'] },
    flagged: {},
    totalWithout: null,
  },
  {
    name: 'a track owned in formats not known counts as owned',
    items: [item('track', 1, 2.49, 'wav')],
    owned: { 'track:1': null },
    flagged: { 'track:1': 2.49 },
    totalWithout: 0,
  },
  {
    name: 'a track whose release is in the cart too',
    items: [item('release', 10, 3.99), item('track', 2, 1.49), item('track', 5, 1.49)],
    owned: {},
    flagged: { 'track:2': 1.49 },
    totalWithout: 5.48,
  },
  {
    name: 'a release holding two owned tracks pays their prices twice',
    items: [item('release', 10, 3.99)],
    owned: { 'track:1': ['mp3'], 'track:3': ['mp3', 'wav'] },
    flagged: { 'release:10': 2.98 },
    totalWithout: 1.01,
  },
  {
    name: 'a WAV release holding a track owned as WAV: its price with the fee',
    items: [item('release', 10, 6.99, 'wav')],
    owned: { 'track:1': ['wav'], 'track:2': ['mp3'] },
    flagged: { 'release:10': 2.49 },
    totalWithout: 4.5,
  },
  {
    name: 'a release owned whole in its format: its whole price',
    items: [item('release', 10, 3.99), item('track', 5, 1.49)],
    owned: { 'release:10': ['mp3'], 'track:1': ['mp3'], 'track:2': ['mp3'], 'track:3': ['mp3'] },
    flagged: { 'release:10': 3.99 },
    totalWithout: 1.49,
  },
];

describe('what the cart would pay twice', () => {
  it.each(cases)('$name', ({ items, owned, flagged, totalWithout }) => {
    const overlap = findCartOverlap(items, total(items), factsOf, ownedBy(owned));
    expect(Object.fromEntries([...overlap.flags].map(([key, flag]) => [key, flag.amount.value]))).toEqual(
      flagged,
    );
    expect(overlap.totalWithout?.value ?? null).toBe(totalWithout);
  });

  it('flags nothing it cannot know yet: items whose catalog facts are not looked up', () => {
    const items = [item('release', 10, 3.99), item('track', 2, 1.49)];
    const overlap = findCartOverlap(items, total(items), () => undefined, ownedBy({ 'track:1': ['mp3'] }));
    expect(overlap.flags.size).toBe(0);
    expect(overlap.totalWithout).toBeNull();
  });

  it('says why, and how much, in words', () => {
    const items = [item('release', 10, 3.99), item('track', 2, 1.49)];
    const overlap = findCartOverlap(items, total(items), factsOf, ownedBy({}));
    const flag = overlap.flags.get('track:2');
    expect(flag?.reason).toBe('Its release "release 10" is in the cart too.');
    expect(flag && paidTwiceText(flag)).toBe('Pays twice: $1.49');
  });
});

describe("what the cart pays for again that is in the DJ's collection", () => {
  /** rekordbox holds "Artist 1 – Track 1" (no ISRC); track 2 is another mix of the same title. */
  const index: CollectionIndex = {
    sources: [
      {
        id: 'rekordbox:export.xml',
        kind: 'rekordbox',
        name: 'rekordbox',
        tracks: 2,
        importedAt: '2026-11-25T12:00:00.000Z',
        keys: encodeKeys([
          ...collectionKeys({ artists: 'Artist 1', title: 'Track 1', mix: 'Original Mix' }),
          ...collectionKeys({ artists: 'Artist 2', title: 'Track 2', mix: 'Dub' }),
        ]),
      },
    ],
  };
  const recording = (id: number, mix: string) => ({
    artists: [`Artist ${id}`],
    title: `Track ${id}`,
    mix,
    isrc: `US-XXX-26-0000${id}`,
  });
  const withRecordings: Record<string, CatalogFacts> = {
    ...catalog,
    'track:1': { ...(catalog['track:1'] as CatalogFacts), recording: recording(1, '') },
    'track:2': { ...(catalog['track:2'] as CatalogFacts), recording: recording(2, 'Extended Mix') },
    'track:5': { ...(catalog['track:5'] as CatalogFacts), recording: recording(5, '') },
  };
  const factsWith = (cartItem: CartItem) => withRecordings[`${cartItem.type}:${cartItem.id}`];

  it('flags a track held there like one paid twice, and the total leaves it out', () => {
    const items = [item('track', 1, 1.49), item('track', 2, 1.49), item('track', 5, 1.99)];
    const overlap = findCartOverlap(items, total(items), factsWith, ownedBy({}), collectionLookup(index));
    expect([...overlap.flags.keys()]).toEqual(['track:1']);
    const flag = overlap.flags.get('track:1');
    expect(flag?.reason).toBe('In your rekordbox collection.');
    expect(flag && paidTwiceText(flag)).toBe('Pays twice: $1.49');
    expect(overlap.totalWithout?.value).toBe(3.48);
  });

  it('leaves a track bought here to its owned question, and a release in the cart says it once', () => {
    const upgrade = [item('track', 1, 2.49, 'wav')];
    expect(
      findCartOverlap(
        upgrade,
        total(upgrade),
        factsWith,
        ownedBy({ 'track:1': ['mp3'] }),
        collectionLookup(index),
      ).flags.size,
    ).toBe(0);
    const withRelease = [item('release', 10, 3.99), item('track', 1, 1.49)];
    const overlap = findCartOverlap(
      withRelease,
      total(withRelease),
      factsWith,
      ownedBy({}),
      collectionLookup(index),
    );
    expect(overlap.flags.get('track:1')?.reason).toBe('Its release "release 10" is in the cart too.');
    expect(overlap.totalWithout?.value).toBe(3.99);
  });

  it('flags nothing without an imported collection, or before the facts name the recording', () => {
    const items = [item('track', 1, 1.49)];
    expect(
      findCartOverlap(items, total(items), factsWith, ownedBy({}), collectionLookup(null)).flags.size,
    ).toBe(0);
    expect(
      findCartOverlap(items, total(items), factsOf, ownedBy({}), collectionLookup(index)).flags.size,
    ).toBe(0);
  });
});
