import type { CartLimits } from '../lib/contract/cart-limits.ts';
import type { Database } from './db/database.ts';
import type { FileNetwork, FileNetworkOptions } from './http/file-network.ts';

/** How many password attempts the OAuth login and the website allow, in a sliding window. */
export interface SignInLimits {
  windowSeconds: number;
  /** Attempts per account from one address in the window. */
  perAccount: number;
  /** Attempts from one address in the window, whatever the account. */
  perAddress: number;
}

/** scrypt's cost parameters for password hashes (server/accounts/passwords.ts). */
export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

export interface StoreConfig {
  /** The origin clients reach the store at; the OAuth issuer and download links use it. */
  baseUrl: string;
  accessTokenTtlSeconds: number;
  /** The scrypt cost of new password hashes: OWASP's floor unless a test store lowers it. */
  passwordCost?: ScryptCost;
  refreshTokenTtlSeconds: number;
  downloadLinkTtlSeconds: number;
  currency: string;
  /** Redirect URIs of the crate-extension OAuth client. */
  extensionRedirectUris: string[];
  /** How many password attempts the OAuth login and the website allow. */
  signInLimits: SignInLimits;
  /** How many carts a user may have, and items a cart may hold. */
  cartLimits: CartLimits;
  /** The token the operator's calls need (server/operator/operator-token.ts); none: they are refused. */
  operatorToken?: string;
  /** Whether the store runs behind a trusted reverse proxy (--trust-proxy). */
  trustProxy?: boolean;
  /** The demo's network shaping of file responses (--files-latency-ms, --files-kbps, --files-cut-after-bytes). */
  fileNetwork?: FileNetworkOptions;
}

export interface AuthenticatedUser {
  userId: number;
  username: string;
  /** The scopes the access token was granted. */
  scopes: string[];
}

export interface Authenticator {
  /** The user an access token belongs to, or null when it is unknown, expired or revoked. */
  verifyAccessToken(token: string): Promise<AuthenticatedUser | null>;
}

export interface StoreContext {
  db: Database;
  config: StoreConfig;
  auth: Authenticator;
  /** How file responses are shaped, and the one-shot cut tests arm (`fileNetwork.armCut()`). */
  fileNetwork: FileNetwork;
}
