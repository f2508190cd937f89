/**
 * What the background worker does, as plain functions the entrypoint wires to browser events:
 * answer protocol messages (after the router's sender and payload checks), keep the cart badge
 * current, and sync the cart count periodically while someone is signed in.
 */
import type { Browser } from 'wxt/browser';
import { browser } from 'wxt/browser';
import { signInNoticeItem } from './access-token.ts';
import { createApiClient } from './api-client.ts';
import type { AuthService } from './auth-service.ts';
import { clearCartCount, recordCartCount, restoreCartBadge } from './cart-badge.ts';
import { type Handlers, routeMessage } from './message-router.ts';
import type { SenderExpectations } from './message-sender.ts';
import { type AuthState, Envelope } from './messages.ts';
import { sourceTypeSetting, storeUrlSetting } from './settings.ts';
import type { CartSummary } from './wire.ts';

export const cartSyncAlarm = 'cart-sync';
const cartSyncMinutes = 15;

export function createBackgroundService(auth: AuthService) {
  async function api() {
    const [storeUrl, sourceType] = await Promise.all([
      storeUrlSetting.getValue(),
      sourceTypeSetting.getValue(),
    ]);
    return createApiClient({ storeUrl, sourceType, auth: auth.session });
  }

  /** The badge counts the default cart; a named cart's changes leave it alone. */
  async function afterCartChange(target: { name?: string }, summary: CartSummary): Promise<void> {
    if (target.name !== undefined && target.name !== 'default') return;
    await recordCartCount(await storeUrlSetting.getValue(), summary.counts.items);
  }

  async function syncCartCount(): Promise<void> {
    if (!(await auth.currentGrant())) return;
    await afterCartChange({}, await (await api()).cartSummary());
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

  const handlers: Handlers = {
    getAuthState: authState,
    async signIn() {
      await auth.signIn();
      await browser.alarms.create(cartSyncAlarm, { periodInMinutes: cartSyncMinutes });
      // The badge is a courtesy: a failing cart call must not make the sign-in look failed.
      await syncCartCount().catch(() => undefined);
      return authState();
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
      await afterCartChange({ name }, result.cart);
      return result;
    },
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
  };

  async function senderExpectations(): Promise<SenderExpectations> {
    return {
      extensionId: browser.runtime.id,
      extensionBaseUrl: browser.runtime.getURL('/'),
      storeUrl: await storeUrlSetting.getValue(),
    };
  }

  return {
    handlers,

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
