/**
 * The session's messages: who is signed in, signing in and out, and checking a store URL before
 * the options page saves it. The cart follows the session (its badge, its sync alarm, the pages' cart state).
 */
import type { AuthState } from '../../protocol/messages.ts';
import type { Handlers } from '../../protocol/receive.ts';
import { signInNoticeItem, storeUrlSetting } from '../../storage/items.ts';
import type { CartService } from '../cart/cart-service.ts';
import type { WorkerContext } from '../worker-context.ts';
import { discover } from './oauth-client.ts';

export async function authState({ auth }: WorkerContext): Promise<AuthState> {
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

export function authHandlers(worker: WorkerContext, cart: CartService) {
  return {
    async getAuthState() {
      const state = await authState(worker);
      await cart.noteSignedIn(state.signedIn);
      return state;
    },
    async signIn({ anotherAccount }) {
      await worker.auth.signIn({ anotherAccount });
      await cart.sessionStarted();
      return authState(worker);
    },
    async checkStore({ storeUrl }) {
      await discover(storeUrl);
      return {};
    },
    async signOut() {
      try {
        await worker.auth.signOut();
        return await authState(worker);
      } finally {
        await cart.sessionEnded();
      }
    },
  } satisfies Partial<Handlers>;
}
