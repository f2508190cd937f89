/**
 * The extension's TokenStore: the access token in storage.session, the refresh token in the
 * encrypted IndexedDB vault. The rotated refresh token is written first, so a worker stopped
 * half-way through never leaves only the new access token behind. The worker passes the access
 * token as it keeps it (worker-storage.ts): a store call then reads no storage for it.
 */
import type { AccessToken } from '../../storage/access-token.ts';
import { accessTokenItem, signInNoticeItem } from '../../storage/items.ts';
import type { KeptItem } from '../../storage/kept-item.ts';
import { clearGrant, loadGrant, saveGrant } from '../../storage/refresh-token-vault.ts';
import type { TokenStore } from './auth-session.ts';

export function extensionTokenStore(accessToken: KeptItem<AccessToken | null> = accessTokenItem): TokenStore {
  return {
    readAccessToken: () => accessToken.getValue(),
    writeAccessToken: (token) => accessToken.setValue(token),
    readGrant: loadGrant,
    writeGrant: saveGrant,
    async signOut(notice) {
      await clearGrant();
      await accessToken.removeValue();
      if (notice) await signInNoticeItem.setValue(notice);
      else await signInNoticeItem.removeValue();
    },
  };
}
