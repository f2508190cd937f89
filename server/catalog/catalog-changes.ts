import { randomUUID } from 'node:crypto';
import type { Database } from '../db/database.ts';
import { catalogTables } from './catalog-tables.ts';

/**
 * Every instance's catalog caches (the detail answers kept by api-route.ts, the artist index in
 * memory) drop what they hold when the catalog is written, wherever the write happened. One
 * process sees its own writes (Database.tablesVersion); on PostgreSQL the writer also sends a
 * NOTIFY in its transaction, which PostgreSQL delivers at commit to every instance's listening
 * connection. The writer answers once its own instance heard the notification, and a moment
 * more: each listening connection's server process sends it on its own, a few milliseconds apart.
 */

const channel = 'crate_catalog';
/** How long a publish waits to hear its own notification before answering anyway. */
const echoWaitMs = 2000;
const reconnectMs = 1000;
/** After the echo: the other instances' listeners hear it within this, on one network. */
const settleMs = 50;

const echoes = new Map<string, () => void>();
const listening = new WeakSet<Database>();

/** Inside the writing transaction: tells the other instances (at commit), and waits for the echo. */
export async function announceCatalogWrite(db: Database): Promise<() => Promise<void>> {
  if (db.engine !== 'postgres' || !listening.has(db)) return async () => {};
  const token = randomUUID();
  const heard = new Promise<void>((resolve) => {
    echoes.set(token, resolve);
  });
  await db.run('SELECT pg_notify(?, ?)', channel, token);
  return async () => {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([heard, new Promise((resolve) => (timer = setTimeout(resolve, echoWaitMs)))]);
    clearTimeout(timer);
    echoes.delete(token);
    await new Promise((resolve) => setTimeout(resolve, settleMs));
  };
}

/**
 * PostgreSQL: listens for other instances' catalog writes until the returned stop is called. A
 * broken listening connection counts as a write (one may have been missed) and is opened again.
 */
export async function followCatalogWrites(db: Database): Promise<() => Promise<void>> {
  if (db.engine !== 'postgres') return async () => {};
  let stopped = false;
  let stop: () => Promise<void> = async () => {};
  let retry: NodeJS.Timeout | undefined;
  const heard = (token: string) => {
    db.tablesChanged(catalogTables);
    echoes.get(token)?.();
  };
  const connect = async (): Promise<void> => {
    try {
      stop = await db.listen(channel, heard, lost);
      listening.add(db);
      if (stopped) await stop();
    } catch {
      if (!stopped) retry = setTimeout(connect, reconnectMs);
    }
  };
  const lost = () => {
    listening.delete(db);
    db.tablesChanged(catalogTables);
    void stop();
    if (!stopped) retry = setTimeout(connect, reconnectMs);
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    listening.delete(db);
    await stop();
  };
}
