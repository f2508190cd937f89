/**
 * What every feature of the worker shares: the session, the stored items it keeps
 * (worker-storage.ts), and a store client for the configured store, made anew per call so a
 * changed store URL or source type takes effect at once.
 */
import { hasHostAccess } from '../permissions/host-access.ts';
import { type ApiClient, createApiClient } from './api-client.ts';
import type { AuthService } from './auth/auth-service.ts';
import { createWorkerStorage, type WorkerStorage } from './worker-storage.ts';

export interface WorkerContext {
  auth: AuthService;
  stored: WorkerStorage;
  api(): Promise<ApiClient>;
  signedIn(): Promise<boolean>;
}

export function createWorkerContext(
  auth: AuthService,
  stored: WorkerStorage = createWorkerStorage(),
): WorkerContext {
  return {
    auth,
    stored,
    async api() {
      const [storeUrl, sourceType] = await Promise.all([
        stored.storeUrl.getValue(),
        stored.sourceType.getValue(),
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
