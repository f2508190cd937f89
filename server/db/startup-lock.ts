import { DatabaseSync } from 'node:sqlite';
import pg from 'pg';

/**
 * One store process at a time prepares a database: migrations, the settings made on first use,
 * the seed and the demo accounts are each "look, then write", and instances started together (an
 * orchestrator's replicas) would otherwise all see an empty database and all write. The others
 * wait here, then find the work done. The lock is held on a connection of its own, so it is
 * released however its process ends.
 */
export interface StartupLock {
  release(): Promise<void>;
}

/** The advisory lock's key: the one the migrations have always been run under, so older instances wait too. */
const postgresKey = 7463012;

/**
 * Waits until no other process holds the startup lock of the database a --db value names, and
 * holds it until release(). `waiting` is called once if another process holds it now. Use
 * Database.startupLock, which says a PostgreSQL that cannot be reached in one line.
 */
export async function holdStartupLock(
  location: string,
  isPostgres: boolean,
  waiting: () => void = () => {},
): Promise<StartupLock> {
  if (isPostgres) return holdAdvisoryLock(location, waiting);
  // No other process can open an in-memory database.
  if (location === ':memory:' || location === '') return { release: async () => {} };
  return holdLockFile(`${location}.lock`, waiting);
}

async function holdAdvisoryLock(url: string, waiting: () => void): Promise<StartupLock> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  // A connection that breaks while held loses the lock with it; the store's own queries fail then too.
  client.on('error', () => {});
  try {
    await client.connect();
    // Another instance may seed for minutes: waiting for it is not a statement that runs too long.
    await client.query('SET statement_timeout = 0');
    const tried = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [
      postgresKey,
    ]);
    if (!tried.rows[0]?.locked) {
      waiting();
      await client.query('SELECT pg_advisory_lock($1)', [postgresKey]);
    }
  } catch (error) {
    await client.end().catch(() => {});
    throw error;
  }
  // Ending the session releases its advisory locks.
  return { release: () => client.end().catch(() => {}) };
}

/** SQLITE_BUSY: another connection holds the file's lock. */
const sqliteBusy = 5;

/**
 * SQLite: an exclusive transaction on a file beside the database (`store.db.lock`), not on the
 * database itself, whose writes the holder makes meanwhile. Tried again every 50 ms rather than
 * through busy_timeout, which would block this process's event loop while it waits.
 */
async function holdLockFile(path: string, waiting: () => void): Promise<StartupLock> {
  const lock = new DatabaseSync(path);
  lock.exec('PRAGMA busy_timeout = 0');
  let told = false;
  for (;;) {
    try {
      lock.exec('BEGIN EXCLUSIVE');
      break;
    } catch (error) {
      if ((error as { errcode?: number }).errcode !== sqliteBusy) {
        lock.close();
        throw error;
      }
      if (!told) waiting();
      told = true;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  return {
    release: async () => {
      lock.exec('ROLLBACK');
      lock.close();
    },
  };
}
