import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';

/** Which engine the service suite runs on: vitest's service-postgres project sets CRATE_TEST_ENGINE. */
export const testEngine = process.env.CRATE_TEST_ENGINE === 'postgres' ? 'postgres' : 'sqlite';

export interface TestDatabase {
  /** What --db takes: a SQLite file in `dir`, or a new database in the run's PostgreSQL cluster. */
  location: string;
  drop(): Promise<void>;
}

async function asAdmin(sql: string): Promise<void> {
  const client = new pg.Client({
    connectionString: inject('postgresAdminUrl'),
    connectionTimeoutMillis: 10_000,
  });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A fresh, empty database on the suite's engine. */
export async function testDatabase(dir: string, file = 'store.db'): Promise<TestDatabase> {
  if (testEngine === 'sqlite') return { location: join(dir, file), drop: async () => {} };
  const name = `crate_${randomBytes(6).toString('hex')}`;
  await asAdmin(`CREATE DATABASE ${name}`);
  const url = new URL(inject('postgresAdminUrl'));
  url.pathname = `/${name}`;
  return {
    location: url.toString(),
    drop: () => asAdmin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}
