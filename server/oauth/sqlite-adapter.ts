import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Database } from '../db/database.ts';

// Expired rows are invisible to find() at once; deleting them is housekeeping, batched.
const sweepIntervalMs = 60_000;

interface StoredRow {
  payload: string;
  consumed_at: number | null;
}

/**
 * oidc-provider's persistence (sessions, interactions, grants, codes, tokens) on the
 * oauth_models table of either engine, so that any instance can continue what another began: one JSON payload a row, with the ids the provider looks rows up by
 * (grant, uid, user code) in their own columns. Times are epoch milliseconds.
 */
class SqliteAdapter implements Adapter {
  constructor(
    private readonly db: Database,
    private readonly model: string,
    private readonly sweepExpired: (now: number) => Promise<void>,
  ) {}

  async upsert(id: string, payload: AdapterPayload, expiresIn: number | undefined): Promise<void> {
    const now = Date.now();
    await this.sweepExpired(now);
    await this.db.run(
      `INSERT INTO oauth_models (model, id, payload, grant_id, uid, user_code, expires_at, consumed_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, NULL)
       ON CONFLICT (model, id) DO UPDATE SET
         payload = excluded.payload, grant_id = excluded.grant_id, uid = excluded.uid,
         user_code = excluded.user_code, expires_at = excluded.expires_at, consumed_at = NULL`,
      this.model,
      id,
      JSON.stringify(payload),
      payload.grantId ?? null,
      payload.uid ?? null,
      payload.userCode ?? null,
      expiresIn ? now + expiresIn * 1000 : null,
    );
  }

  async find(id: string): Promise<AdapterPayload | undefined> {
    return this.one('id', id);
  }

  async findByUid(uid: string): Promise<AdapterPayload | undefined> {
    return this.one('uid', uid);
  }

  async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    return this.one('user_code', userCode);
  }

  async consume(id: string): Promise<void> {
    await this.db.run(
      'UPDATE oauth_models SET consumed_at = ? WHERE model = ? AND id = ?',
      Date.now(),
      this.model,
      id,
    );
  }

  async destroy(id: string): Promise<void> {
    await this.db.run('DELETE FROM oauth_models WHERE model = ? AND id = ?', this.model, id);
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await this.db.run('DELETE FROM oauth_models WHERE model = ? AND grant_id = ?', this.model, grantId);
  }

  private async one(column: 'id' | 'uid' | 'user_code', value: string): Promise<AdapterPayload | undefined> {
    const row = await this.db.get<StoredRow>(
      `SELECT payload, consumed_at FROM oauth_models
       WHERE model = ? AND ${column} = ? AND (expires_at IS NULL OR expires_at > ?)`,
      this.model,
      value,
      Date.now(),
    );
    if (!row) return undefined;
    const payload = JSON.parse(row.payload) as AdapterPayload;
    // oidc-provider reads `consumed` (epoch seconds) to detect a reused code or refresh token.
    if (row.consumed_at !== null) payload.consumed = Math.floor(row.consumed_at / 1000);
    return payload;
  }
}

/** The adapter factory oidc-provider calls once per model name. */
export function sqliteAdapter(db: Database): (model: string) => Adapter {
  let nextSweep = 0;
  const sweepExpired = async (now: number) => {
    if (now < nextSweep) return;
    nextSweep = now + sweepIntervalMs;
    await db.run('DELETE FROM oauth_models WHERE expires_at <= ?', now);
  };
  return (model) => new SqliteAdapter(db, model, sweepExpired);
}
