import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Database } from '../db/database.ts';
import { query } from '../db/prepared.ts';

// Expired rows are invisible to find() at once; deleting them is housekeeping, batched.
const sweepIntervalMs = 60_000;

type Stored = {
  model: string;
  id: string;
  payload: string;
  grantId: string | null;
  uid: string | null;
  userCode: string | null;
  expiresAt: number | null;
};

const upsertModel = query((db, a: Stored) =>
  db
    .insertInto('oauth_models')
    .values({
      model: a.model,
      id: a.id,
      payload: a.payload,
      grant_id: a.grantId,
      uid: a.uid,
      user_code: a.userCode,
      expires_at: a.expiresAt,
      consumed_at: null,
    })
    .onConflict((conflict) =>
      conflict.columns(['model', 'id']).doUpdateSet((eb) => ({
        payload: eb.ref('excluded.payload'),
        grant_id: eb.ref('excluded.grant_id'),
        uid: eb.ref('excluded.uid'),
        user_code: eb.ref('excluded.user_code'),
        expires_at: eb.ref('excluded.expires_at'),
        consumed_at: null,
      })),
    ),
);

const consumeModel = query((db, a: { model: string; id: string; at: number }) =>
  db
    .updateTable('oauth_models')
    .set({ consumed_at: a.at })
    .where('model', '=', a.model)
    .where('id', '=', a.id),
);

const deleteModel = query((db, a: { model: string; id: string }) =>
  db.deleteFrom('oauth_models').where('model', '=', a.model).where('id', '=', a.id),
);

const deleteGrant = query((db, a: { model: string; grantId: string }) =>
  db.deleteFrom('oauth_models').where('model', '=', a.model).where('grant_id', '=', a.grantId),
);

const deleteExpired = query((db, a: { now: number }) =>
  db.deleteFrom('oauth_models').where('expires_at', '<=', a.now),
);

/** A live row by one of the columns the provider looks rows up by. */
const liveModelBy = (column: 'id' | 'uid' | 'user_code') =>
  query((db, a: { model: string; value: string; now: number }) =>
    db
      .selectFrom('oauth_models')
      .select(['payload', 'consumed_at'])
      .where('model', '=', a.model)
      .where(column, '=', a.value)
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', a.now)])),
  );
const liveModel = { id: liveModelBy('id'), uid: liveModelBy('uid'), user_code: liveModelBy('user_code') };

/**
 * oidc-provider's persistence (sessions, interactions, grants, codes, tokens) on the
 * oauth_models table of either engine, so that any instance can continue what another began: one JSON payload a row, with the ids the provider looks rows up by
 * (grant, uid, user code) in their own columns. Times are epoch milliseconds.
 */
class SqliteAdapter implements Adapter {
  private readonly db: Database;
  private readonly model: string;
  private readonly sweepExpired: (now: number) => Promise<void>;

  constructor(db: Database, model: string, sweepExpired: (now: number) => Promise<void>) {
    this.db = db;
    this.model = model;
    this.sweepExpired = sweepExpired;
  }

  async upsert(id: string, payload: AdapterPayload, expiresIn: number | undefined): Promise<void> {
    const now = Date.now();
    await this.sweepExpired(now);
    await this.db.run(upsertModel, {
      model: this.model,
      id,
      payload: JSON.stringify(payload),
      grantId: payload.grantId ?? null,
      uid: payload.uid ?? null,
      userCode: payload.userCode ?? null,
      expiresAt: expiresIn ? now + expiresIn * 1000 : null,
    });
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
    await this.db.run(consumeModel, { model: this.model, id, at: Date.now() });
  }

  async destroy(id: string): Promise<void> {
    await this.db.run(deleteModel, { model: this.model, id });
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await this.db.run(deleteGrant, { model: this.model, grantId });
  }

  private async one(column: 'id' | 'uid' | 'user_code', value: string): Promise<AdapterPayload | undefined> {
    const row = await this.db.get(liveModel[column], { model: this.model, value, now: Date.now() });
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
    await db.run(deleteExpired, { now });
  };
  return (model) => new SqliteAdapter(db, model, sweepExpired);
}
