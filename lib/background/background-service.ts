/**
 * What the background worker does, as plain functions the entrypoint wires to browser events:
 * answer protocol messages (after the router's sender and payload checks), keep the cart badge
 * current, and sync the cart count periodically while someone is signed in.
 */
import type { Browser } from 'wxt/browser';
import { browser } from 'wxt/browser';
import type { CatalogItemRef } from '../contract/catalog-url.ts';
import type { CartSummary } from '../contract/wire.ts';
import { hasHostAccess } from '../protocol/host-access.ts';
import {
  type AuthState,
  type CartChoice,
  type CatalogFacts,
  Envelope,
  type ReleaseTracks,
} from '../protocol/messages.ts';
import { type Handlers, routeMessage } from '../protocol/receive.ts';
import type { SenderExpectations } from '../protocol/sender-role.ts';
import { StoreError } from '../protocol/store-error.ts';
import { storeEntry } from '../storage/cart-state.ts';
import {
  cartNamesSetting,
  cartStateItem,
  currentCartSetting,
  defaultAudioFormatSetting,
  signInNoticeItem,
  sourceTypeSetting,
  storeUrlSetting,
} from '../storage/items.ts';
import { createApiClient } from './api-client.ts';
import type { AuthService } from './auth-service.ts';
import { clearCartCount, recordCartCount, restoreCartBadge } from './cart-badge.ts';
import { createCartStateSync, withCartState } from './cart-state-sync.ts';
import { checkedAdd, choosePrompt } from './checked-add.ts';
import { collectionSourceOf, notifyInCollection, recordingOfTrack } from './collection/collection-check.ts';
import { importCrate } from './crate-import.ts';
import { downloadFiles } from './download-file.ts';
import { createDownloadService } from './downloads/download-service.ts';
import { jobNamer, releasesOf } from './downloads/library-jobs.ts';
import { notifyAddedToCart, notifyProblem } from './downloads/notifications.ts';
import { createFollowing } from './following/following-service.ts';
import { discover } from './oauth-client.ts';
import { forEachPooled } from './pool.ts';

export const cartSyncAlarm = 'cart-sync';
const cartSyncMinutes = 15;

export function createBackgroundService(auth: AuthService) {
  async function api() {
    const [storeUrl, sourceType] = await Promise.all([
      storeUrlSetting.getValue(),
      sourceTypeSetting.getValue(),
    ]);
    return createApiClient({
      storeUrl,
      sourceType,
      auth: auth.session,
      hasHostAccess: () => hasHostAccess(storeUrl),
    });
  }

  /** The badge counts the current cart (the one page buttons add to); other carts leave it alone. */
  async function afterCartChange(target: { name?: string }, summary: CartSummary): Promise<void> {
    if ((target.name ?? 'default') !== (await currentCartSetting.getValue())) return;
    await recordCartCount(await storeUrlSetting.getValue(), summary.counts.items);
  }

  async function syncCartCount(): Promise<void> {
    if (!(await auth.currentGrant())) return;
    const name = await currentCartSetting.getValue();
    await afterCartChange({ name }, await (await api()).cartSummary({ name }));
  }

  /** The store cannot list carts: every name used goes to the front of the remembered list. */
  async function rememberCart(name: string | undefined): Promise<string[]> {
    const names = await cartNamesSetting.getValue();
    if (name === undefined || names[0] === name) return names;
    const next = [name, ...names.filter((known) => known !== name)];
    await cartNamesSetting.setValue(next);
    return next;
  }

  const catalogLookups = 6;
  /** Catalog records of cart items, a few at a time: the store has no call for many at once. */
  async function catalogFacts(items: { id: number; type: 'track' | 'release' }[]): Promise<CatalogFacts[]> {
    const client = await api();
    const facts: CatalogFacts[] = [];
    await forEachPooled(items, catalogLookups, async (item) => {
      if (item.type === 'track') {
        const { track } = await client.catalogPage('track', item.id);
        facts.push({
          id: track.id,
          type: 'track',
          fee: track.audioFormatFee,
          image: track.image,
          bpm: track.bpm,
          key: track.key,
          sampleUrl: track.sampleUrl,
          releaseId: track.release.id,
          recording: recordingOfTrack(track),
        });
      } else {
        const { release, tracks } = await client.catalogPage('release', item.id);
        facts.push({
          id: release.id,
          type: 'release',
          fee: release.audioFormatFee,
          image: release.image,
          tracks: tracks.map(({ id, price, audioFormatFee }) => ({ id, price, fee: audioFormatFee })),
        });
      }
    });
    return facts;
  }

  /** Each release's track ids (a crate export of a cart); one the catalog does not know is left out. */
  async function releaseTracks(ids: number[]): Promise<ReleaseTracks[]> {
    const client = await api();
    const found = new Map<number, number[]>();
    await forEachPooled(ids, catalogLookups, async (id) => {
      try {
        found.set(id, (await client.catalogPage('release', id)).release.trackIds);
      } catch (error) {
        if (!(error instanceof StoreError && error.kind === 'notFound')) throw error;
      }
    });
    return ids.flatMap((id) => {
      const trackIds = found.get(id);
      return trackIds ? [{ id, trackIds }] : [];
    });
  }

  async function authState(): Promise<AuthState> {
    const [storeUrl, grant, notice] = await Promise.all([
      storeUrlSetting.getValue(),
      auth.currentGrant(),
      signInNoticeItem.getValue(),
    ]);
    return {
      signedIn: grant !== null,
      username: grant?.username ?? null,
      storeUrl,
      storeProblem: await auth.storeProblem(storeUrl),
      notice,
    };
  }

  // The content script's cache: every handler below that changes the cart also updates it.
  const cartState = createCartStateSync({ api, signedIn: async () => (await auth.currentGrant()) !== null });

  async function ownedTracks(): Promise<ReadonlySet<number>> {
    const [storeUrl, all] = await Promise.all([storeUrlSetting.getValue(), cartStateItem.getValue()]);
    return new Set(storeEntry(all, storeUrl)?.ownedTracks);
  }
  const checked = { api, handlers: () => handlers, ownedTracks };
  const collectionSource = (item: CatalogItemRef) => collectionSourceOf(api, item, ownedTracks);

  // Context menu, bulk queue and notifications; "Add to cart" goes through the handler below, so
  // the badge and the pages' cache follow it like any other add.
  const downloads = createDownloadService({
    api,
    signedIn: async () => (await auth.currentGrant()) !== null,
    async addToCart(item) {
      const [name, audioFormat] = await Promise.all([
        currentCartSetting.getValue(),
        defaultAudioFormatSetting.getValue(),
      ]);
      const source = await collectionSource(item);
      if (source !== null) return notifyInCollection(source);
      const outcome = await handlers.addChecked({ name, item: { ...item, audioFormat } }, 'extensionPage');
      if (outcome.outcome === 'overlap') {
        await notifyProblem('Not added: you would pay twice', `${outcome.message} ${choosePrompt}`);
        return;
      }
      const { result } = outcome;
      const [added] = result.added;
      const [warning] = result.warnings;
      if (added) await notifyAddedToCart(added.name, name);
      else if (warning) await notifyProblem('Not added to your cart', warning.message);
    },
    refreshOwned: () => cartState.refresh(),
  });

  const following = createFollowing({ api });

  const handlers: Handlers = withCartState(cartState, {
    getAuthState: authState,
    async signIn({ anotherAccount }) {
      await auth.signIn({ anotherAccount });
      await browser.alarms.create(cartSyncAlarm, { periodInMinutes: cartSyncMinutes });
      // The badge is a courtesy: a failing cart call must not make the sign-in look failed.
      await syncCartCount().catch(() => undefined);
      return authState();
    },
    async checkStore({ storeUrl }) {
      await discover(storeUrl);
      return {};
    },
    async signOut() {
      await browser.alarms.clear(cartSyncAlarm);
      await clearCartCount();
      await auth.signOut();
      return authState();
    },
    async cartSummary(payload) {
      const summary = await (await api()).cartSummary(payload);
      await afterCartChange(payload, summary);
      return summary;
    },
    async viewCart(payload) {
      const view = await (await api()).viewCart(payload);
      await afterCartChange(payload, view.cart);
      return view;
    },
    async addToCart({ items, name, alreadyPurchasedOverride }) {
      const result = await (await api()).addToCart(items, { name, alreadyPurchasedOverride });
      await rememberCart(name);
      await afterCartChange({ name }, result.cart);
      return result;
    },
    addChecked: (payload, role) => checkedAdd(checked, payload, role),
    async setItemFormats({ items, name }) {
      const result = await (await api()).setItemFormats(items, { name });
      await afterCartChange({ name }, result.cart);
      return result;
    },
    async setCartFormat({ audioFormat, name }) {
      const result = await (await api()).setCartFormat(audioFormat, { name });
      await afterCartChange({ name }, result.cart);
      return result;
    },
    async removeFromCart({ items, name }) {
      const result = await (await api()).removeFromCart(items, { name });
      await afterCartChange({ name }, result.cart);
      return result;
    },
    async emptyCart(payload) {
      const result = await (await api()).emptyCart(payload);
      await afterCartChange(payload, result.cart);
      return result;
    },
    async setCurrentCart({ name }): Promise<CartChoice> {
      const names = await rememberCart(name);
      await currentCartSetting.setValue(name);
      // The badge follows the chosen cart; a failing count must not undo the choice.
      await syncCartCount().catch(() => undefined);
      return { current: name, names };
    },
    catalogFacts: ({ items }) => catalogFacts(items),
    releaseTracks: ({ ids }) => releaseTracks(ids),
    async library(query) {
      return (await api()).downloads(query);
    },
    async initiateDownloads({ entries }) {
      const client = await api();
      const namer = await jobNamer(
        client,
        entries.map((entry) => entry.track),
      );
      return downloadFiles(client, entries, (entry) => namer(entry.track, entry.audioFormat, entry.id).path);
    },
    async filenameSample() {
      if (!(await auth.currentGrant())) return null;
      const client = await api();
      const entry = (await client.downloads({ page: 1, perPage: 1 })).results[0];
      if (!entry) return null;
      const release = (await releasesOf(client, [entry.track])).get(entry.track.release.id) ?? null;
      return { entry, release };
    },
    async artists({ page, perPage, search, genreName, sort }) {
      const found = await (await api()).artists({
        page,
        perPage,
        search,
        facets: genreName ? [{ name: 'genreName', value: genreName }] : undefined,
        returnFacets: ['genreName'],
        sortBy: [
          sort === 'name' ? { field: 'name', direction: 'ASC' } : { field: 'publishDate', direction: 'DESC' },
        ],
      });
      return { results: found.results, paging: found.paging, genres: found.facets.genreName ?? [] };
    },
    async purchasesChanged() {
      await cartState.refresh();
      await syncCartCount().catch(() => undefined);
      return {};
    },

    async importCrate({ cartName, crate }) {
      return importCrate(cartName, crate, {
        api: await api(),
        addToCart: (name, items) => handlers.addToCart({ name, items }, 'extensionPage'),
      });
    },
    async promoDownload({ trackId }) {
      return (await api()).promoDownload(trackId);
    },
    ...downloads.handlers,
    ...following.handlers,
  });

  async function senderExpectations(): Promise<SenderExpectations> {
    return {
      extensionId: browser.runtime.id,
      extensionBaseUrl: browser.runtime.getURL('/'),
      storeUrl: await storeUrlSetting.getValue(),
    };
  }

  return {
    handlers,
    cartState,
    downloads,
    /** The collection source holding a track the shortcut adds (collection/collection-check.ts). */
    collectionSource,
    following,

    /**
     * runtime.onMessage listener. Returns undefined at once for messages that are not ours, so
     * the browser does not wait on us for them.
     */
    onMessage(message: unknown, sender: Browser.runtime.MessageSender) {
      if (!Envelope.safeParse(message).success) return undefined;
      return routeMessage(message, sender, senderExpectations, handlers);
    },

    async onAlarm(alarm: Browser.alarms.Alarm): Promise<void> {
      if (alarm.name === cartSyncAlarm) await syncCartCount().catch(() => undefined);
    },

    /** The worker started: show the last known count again. */
    async restoreBadge(): Promise<void> {
      await restoreCartBadge(await storeUrlSetting.getValue());
    },

    /** Tokens belong to the store that issued them: a new store URL means signing in again there. */
    async onStoreChanged(): Promise<void> {
      await browser.alarms.clear(cartSyncAlarm);
      await clearCartCount();
      await auth.signOut().catch(() => undefined);
    },
  };
}

export type BackgroundService = ReturnType<typeof createBackgroundService>;
