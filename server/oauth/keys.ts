import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { Database } from '../db/database.ts';

/** The algorithm ID tokens are signed with; P-256 keys are quick to generate on first start. */
export const signingAlgorithm = 'ES256';

/**
 * Secrets that sign the authorization server's cookies, made on first start and kept in the
 * database, so each store has its own and a restart does not end sign-ins in progress.
 */
export async function cookieKeys(db: Database): Promise<string[]> {
  return JSON.parse(
    await db.setting('oauth.cookieKeys', () => JSON.stringify([randomBytes(32).toString('base64url')])),
  ) as string[];
}

/** The private JWKS that signs ID tokens, made on first start and kept in the database. */
export async function signingKeys(db: Database): Promise<{ keys: JsonWebKey[] }> {
  return JSON.parse(
    await db.setting('oauth.signingJwks', () => {
      const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
      const jwk = {
        ...privateKey.export({ format: 'jwk' }),
        kid: randomBytes(12).toString('base64url'),
        alg: signingAlgorithm,
        use: 'sig',
      };
      return JSON.stringify({ keys: [jwk] });
    }),
  ) as { keys: JsonWebKey[] };
}
