/**
 * What every feature of the worker shares: the session, and a store client for the configured
 * store, made anew per call so a changed store URL or source type takes effect at once.
 */
import { hasHostAccess } from '../permissions/host-access.ts';
import { sourceTypeSetting, storeUrlSetting } from '../storage/items.ts';
import { type ApiClient, createApiClient } from './api-client.ts';
import type { AuthService } from './auth/auth-service.ts';

export interface WorkerContext {
  auth: AuthService;
  api(): Promise<ApiClient>;
  signedIn(): Promise<boolean>;
}

export function createWorkerContext(auth: AuthService): WorkerContext {
  return {
    auth,
    async api() {
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
    },
    signedIn: async () => (await auth.currentGrant()) !== null,
  };
}
