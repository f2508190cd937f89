/**
 * Adds with the overlap check (overlap.ts) first, from what the worker keeps: the current cart and
 * what is owned (the pages' cart state, cart-state.ts), and releases' track ids
 * (catalog/known-release-tracks.ts). A click on a format button then makes one store call, the
 * add; the catalog is asked only for a release's tracks the worker has never seen, and the store's
 * cart only for a cart that is not the current one. The cart can change elsewhere: the add is made
 * only while the store's cart is at the version the check was made against (If-Match); when it
 * moved on, the cart is read and the check made again, so an overlap is asked about whatever
 * changed the cart. The cart changes go through the cart service, so the badge and the pages'
 * cart state follow them.
 */
import { i18n } from '#i18n';
import type { CartAddResult, CartChangeResult, CartItemInput } from '../../contract/wire.ts';
import type { CheckedAdd, OverlapChoice } from '../../protocol/messages.ts';
import { StoreError } from '../../protocol/store-error.ts';
import type { ApiClient, CartPrecondition, CartTarget } from '../api-client.ts';
import { knownReleaseTracks } from '../catalog/known-release-tracks.ts';
import { type CartStateSources, keptCart } from './cart-state-writer.ts';
import {
  type AddedItem,
  type CartLine,
  choicesFor,
  describeOverlap,
  findOverlap,
  planFor,
  safeChoice,
} from './overlap.ts';

/**
 * The cart service's calls the checked add and the crate import make (cart-service.ts hands them
 * its own): each asks the store and keeps the badge and the pages' cart state in step.
 */
export interface CartCalls {
  add(
    request: CartTarget & CartPrecondition & { items: CartItemInput[]; alreadyPurchasedOverride?: boolean },
  ): Promise<CartAddResult>;
  remove(request: CartTarget & CartPrecondition & { items: CartLine[] }): Promise<CartChangeResult>;
  view(target: CartTarget): ReturnType<ApiClient['viewCart']>;
  summary(target: CartTarget): ReturnType<ApiClient['cartSummary']>;
}

/** What the worker knows of a cart and the library: the cart's lines (at the store's `version`, when known), the owned tracks. */
interface KnownCart {
  lines: CartLine[];
  version?: string;
  ownedTracks: ReadonlySet<number>;
}

/** The current cart from the pages' cart state; another cart (or none kept) from the store. */
async function knownCart(
  cart: Pick<CartCalls, 'view'>,
  name: string | undefined,
  stored?: CartStateSources,
): Promise<KnownCart> {
  const { ownedTracks, lines, version } = await keptCart(name, stored);
  if (lines) return { lines, version, ownedTracks };
  const { cart: read, version: readVersion } = await cart.view({ name });
  return { lines: read.items.map(({ type, id }) => ({ type, id })), version: readVersion, ownedTracks };
}

/**
 * The item as the overlap check sees it. A track needs its release only when the cart holds
 * releases: it is in one of them when that release lists it. A release needs its tracks only when
 * something could overlap them (a track in the cart, a track owned).
 */
async function addedItem(api: ApiClient, item: CartItemInput, known: KnownCart): Promise<AddedItem> {
  if (item.type === 'track') {
    const cartReleases = known.lines.filter((line) => line.type === 'release').map((line) => line.id);
    if (cartReleases.length === 0) return { type: 'track', id: item.id, trackIds: [item.id] };
    const tracks = await knownReleaseTracks(api, cartReleases);
    const releaseId = cartReleases.find((id) => tracks.get(id)?.includes(item.id));
    return { type: 'track', id: item.id, trackIds: [item.id], ...(releaseId ? { releaseId } : {}) };
  }
  const couldOverlap = known.ownedTracks.size > 0 || known.lines.some((line) => line.type === 'track');
  if (!couldOverlap) return { type: 'release', id: item.id, trackIds: [] };
  const trackIds = (await knownReleaseTracks(api, [item.id])).get(item.id);
  if (!trackIds)
    throw new StoreError({
      kind: 'notFound',
      message: i18n.t('storeErrors.releaseUnknown', [String(item.id)]),
    });
  return { type: 'release', id: item.id, trackIds };
}

export interface CheckedAddRequest {
  name?: string;
  item: CartItemInput;
  /** How to settle an overlap the person was already asked about. */
  choice?: OverlapChoice;
}

/** The store refused a change made against a version of the cart that is no longer current. */
const cartChanged = (error: unknown) => error instanceof StoreError && error.code === 'cartChanged';

export async function checkedAdd(
  cart: CartCalls,
  api: ApiClient | Promise<ApiClient>,
  request: CheckedAddRequest,
  stored?: CartStateSources,
): Promise<CheckedAdd> {
  try {
    return await checkedAddOnce(cart, api, request, stored);
  } catch (error) {
    if (!cartChanged(error)) throw error;
    // Changed elsewhere (the store's website, another computer): read it, then check against what it holds.
    await cart.view({ name: request.name });
    return await checkedAddOnce(cart, api, request, stored);
  }
}

async function checkedAddOnce(
  cart: CartCalls,
  api: ApiClient | Promise<ApiClient>,
  { name, item, choice }: CheckedAddRequest,
  stored?: CartStateSources,
): Promise<CheckedAdd> {
  // Both as the worker keeps them (worker-storage.ts): a click reads no storage before its store call.
  const [known, client] = await Promise.all([knownCart(cart, name, stored), api]);
  const added = await addedItem(client, item, known);
  const overlap = findOverlap(added, known.lines, known.ownedTracks);
  // Only the first store call of an add is made against the version checked; what follows it acts on its answer.
  const expectedVersion = known.version === undefined ? {} : { expectedVersion: known.version };
  const add = (items: CartItemInput[], alreadyPurchasedOverride = false, precondition = expectedVersion) =>
    cart.add({
      name,
      items,
      ...(alreadyPurchasedOverride ? { alreadyPurchasedOverride } : {}),
      ...precondition,
    });
  if (overlap === null) return { outcome: 'added', result: await add([item]) };
  const choices = choicesFor(overlap);
  if (choice === undefined || !choices.includes(choice)) {
    return {
      outcome: 'overlap',
      message: describeOverlap(added, overlap),
      choices,
      safeChoice: safeChoice(overlap),
    };
  }
  const plan = planFor(item, item.audioFormat, overlap, choice);
  if (plan.remove.length > 0) await cart.remove({ name, items: plan.remove, ...expectedVersion });
  if (plan.add.length === 0)
    return { outcome: 'added', result: { added: [], warnings: [], cart: await cart.summary({ name }) } };
  const removed = plan.remove.length > 0;
  return {
    outcome: 'added',
    result: await add(plan.add, plan.alreadyPurchasedOverride, removed ? {} : expectedVersion),
  };
}
