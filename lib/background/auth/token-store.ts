/**
 * The extension's TokenStore: the access token in storage.session, the refresh token in the
 * encrypted IndexedDB vault. The rotated refresh token is written first, so a worker stopped
 * half-way through never leaves only the new access token behind.
 */
import { accessTokenItem, signInNoticeItem } from '../../storage/items.ts';
import { clearGrant, loadGrant, saveGrant } from '../../storage/refresh-token-vault.ts';
import type { TokenStore } from './auth-session.ts';

export const extensionTokenStore: TokenStore = {
  readAccessToken: () => accessTokenItem.getValue(),
  writeAccessToken: (token) => accessTokenItem.setValue(token),
  readGrant: loadGrant,
  writeGrant: saveGrant,
  async signOut(notice) {
    await clearGrant();
    await accessTokenItem.removeValue();
    if (notice) await signInNoticeItem.setValue(notice);
    else await signInNoticeItem.removeValue();
  },
};
