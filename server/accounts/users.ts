import { sql } from 'kysely';
import type { Database } from '../db/database.ts';
import { query } from '../db/prepared.ts';
import { hashPassword, owaspScryptCost, type ScryptCost, verifyPassword } from './passwords.ts';

export interface User {
  id: number;
  username: string;
}

export const usernamePattern = /^[A-Za-z0-9._-]{1,64}$/;

const insertUser = query((db, a: { username: string; passwordHash: string; createdAt: string }) =>
  db
    .insertInto('users')
    .values({ username: a.username, password_hash: a.passwordHash, created_at: a.createdAt })
    .returning('id'),
);
const userById = query((db, a: { id: number }) =>
  db.selectFrom('users').select(['id', 'username']).where('id', '=', a.id),
);
// The unique index is on lower(username): accounts match case-insensitively.
const userByName = query((db, a: { username: string }) =>
  db
    .selectFrom('users')
    .select(['id', 'username', 'password_hash'])
    .where(sql`lower(username)`, '=', sql`lower(${a.username})`),
);

export async function createUser(
  db: Database,
  username: string,
  password: string,
  cost: ScryptCost = owaspScryptCost,
): Promise<User> {
  if (!usernamePattern.test(username))
    throw new Error('A username is 1-64 letters, digits, dots, dashes or underscores.');
  const passwordHash = await hashPassword(password, cost);
  const row = await db.get(insertUser, { username, passwordHash, createdAt: new Date().toISOString() });
  return { id: row?.id as number, username };
}

const maxKnownUsers = 10_000;
const knownUsers = new WeakMap<Database, { version: number; users: Map<number, User> }>();

/**
 * Every authenticated request looks its user up: a user once read is kept (accounts are never
 * renamed or deleted; a write to the table through this process drops what was kept).
 */
export async function findUserById(db: Database, id: number): Promise<User | undefined> {
  const version = db.tablesVersion(['users']);
  let known = knownUsers.get(db);
  if (!known || known.version !== version || known.users.size >= maxKnownUsers) {
    known = { version, users: new Map() };
    knownUsers.set(db, known);
  }
  const kept = known.users.get(id);
  if (kept) return kept;
  const user = await db.get(userById, { id });
  if (user && db.tablesVersion(['users']) === version) known.users.set(id, user);
  return user;
}

export async function findUserByName(db: Database, username: string): Promise<User | undefined> {
  const row = await db.get(userByName, { username });
  return row && { id: row.id, username: row.username };
}

/** The user whose username and password these are, or undefined; same cost whether or not the user exists. */
export async function findUserByCredentials(
  db: Database,
  username: string,
  password: string,
): Promise<User | undefined> {
  const row = await db.get(userByName, { username });
  const ok = await verifyPassword(password, row?.password_hash ?? (await unknownUserHash()));
  return ok && row ? { id: row.id, username: row.username } : undefined;
}

// Verifying against a real hash for unknown users keeps login timing from revealing which usernames
// exist; made on the first unknown name, not when the module loads.
let unknownUser: Promise<string> | undefined;
const unknownUserHash = () => {
  unknownUser ??= hashPassword('no such user');
  return unknownUser;
};
