/**
 * The tracklist page's store calls (components/tracklist/): the lines matched by the store in as
 * few calls as it takes (tracklist-parts.ts), and each matched track marked with what the DJ has
 * of it: owned here and in which formats (the pages' cache of the library), in the DJ's collection
 * (the collection index), in one of the remembered carts (asked of the store).
 */
import { itemKey } from '../../contract/item-key.ts';
import type { TracklistLineMatch } from '../../contract/tracklist-match.ts';
import type { Track } from '../../contract/wire.ts';
import type { MarkedTracklistLine, TracklistMarks } from '../../protocol/messages.ts';
import { storeEntry } from '../../storage/cart-state.ts';
import { collectionLookup } from '../../storage/collection-index.ts';
import {
  cartNamesSetting,
  cartStateItem,
  collectionIndexItem,
  storeUrlSetting,
} from '../../storage/items.ts';
import type { CartService } from '../cart/cart-service.ts';
import { recordingOfTrack } from '../collection/collection-check.ts';
import type { WorkerContext } from '../worker-context.ts';
import { tracklistParts } from './tracklist-parts.ts';

/** Carts looked into for "already in a cart": the most recently used. */
const cartsLooked = 10;

/** A part of blank lines only: the store refuses it as empty, and there is nothing to ask. */
const blankPart = (part: readonly string[]): TracklistLineMatch[] =>
  part.map((text, i) => ({
    number: i + 1,
    text,
    read: { kind: 'blank' },
    outcome: 'notRead',
    tracks: [],
    searchUrl: null,
  }));

/** Every line's match, numbered through the whole list. */
async function matchAll(worker: WorkerContext, lines: readonly string[]): Promise<TracklistLineMatch[]> {
  const api = await worker.api();
  const matched: TracklistLineMatch[] = [];
  for (const part of tracklistParts(lines)) {
    const answers = part.every((line) => line === '')
      ? blankPart(part)
      : await api.matchTracklist(part.join('\n'));
    for (const answer of answers) matched.push({ ...answer, number: matched.length + 1 });
  }
  return matched;
}

/** The carts (by name) holding each track, among the remembered carts; none when signed out. */
async function cartsByTrack(worker: WorkerContext, cart: CartService): Promise<Map<number, string[]>> {
  const holding = new Map<number, string[]>();
  if (!(await worker.signedIn())) return holding;
  for (const name of (await cartNamesSetting.getValue()).slice(0, cartsLooked)) {
    // A remembered cart the store no longer has is simply not looked into.
    const view = await cart.view({ name }).catch(() => null);
    for (const item of view?.cart.items ?? []) {
      if (item.type === 'track') holding.set(item.id, [...(holding.get(item.id) ?? []), name]);
    }
  }
  return holding;
}

/** A tracklist matched and marked. */
export async function matchTracklist(
  worker: WorkerContext,
  cart: CartService,
  lines: readonly string[],
): Promise<MarkedTracklistLine[]> {
  const matched = await matchAll(worker, lines);
  const [storeUrl, state, index] = await Promise.all([
    storeUrlSetting.getValue(),
    cartStateItem.getValue(),
    collectionIndexItem.getValue(),
  ]);
  const cached = storeEntry(state, storeUrl);
  const owned = new Set(cached?.ownedTracks);
  const inCollection = collectionLookup(index);
  const carts = matched.some((line) => line.outcome === 'track')
    ? await cartsByTrack(worker, cart)
    : new Map();
  const marksOf = (track: Track): TracklistMarks => ({
    owned: owned.has(track.id),
    ownedFormats: cached?.ownedFormats?.[itemKey({ type: 'track', id: track.id })] ?? [],
    collection: inCollection(recordingOfTrack(track)),
    carts: carts.get(track.id) ?? [],
  });
  return matched.map((line) => ({
    ...line,
    marks: line.outcome === 'track' && line.tracks[0] ? marksOf(line.tracks[0]) : null,
  }));
}
