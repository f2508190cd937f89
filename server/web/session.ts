import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { StoreContext } from '../context.ts';
import { query } from '../db/prepared.ts';

/**
 * Website sign-in sessions (table web_sessions). The cookie holds a random 256-bit id; the table
 * holds only its SHA-256, so a copy of the database does not hand out live sessions.
 */

const sessionCookie = 'crate_session';
const sessionDays = 14;

export interface WebSession {
  userId: number;
  username: string;
  csrfToken: string;
}

const digest = (id: string) => createHash('sha256').update(id).digest('base64url');
export const randomToken = () => randomBytes(32).toString('base64url');

export const cookieOptions = (ctx: StoreContext) => ({
  httpOnly: true,
  sameSite: 'lax' as const,
  path: '/',
  secure: ctx.config.baseUrl.startsWith('https:'),
});

const liveSession = query((db, a: { id: string; now: string }) =>
  db
    .selectFrom('web_sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select(['s.user_id', 'u.username', 's.csrf_token'])
    .where('s.id', '=', a.id)
    .where('s.expires_at', '>', a.now),
);
const deleteExpiredSessions = query((db, a: { now: string }) =>
  db.deleteFrom('web_sessions').where('expires_at', '<=', a.now),
);
const insertSession = query(
  (db, a: { id: string; userId: number; csrfToken: string; createdAt: string; expiresAt: string }) =>
    db.insertInto('web_sessions').values({
      id: a.id,
      user_id: a.userId,
      csrf_token: a.csrfToken,
      created_at: a.createdAt,
      expires_at: a.expiresAt,
    }),
);
const deleteSession = query((db, a: { id: string }) => db.deleteFrom('web_sessions').where('id', '=', a.id));

/** The session the request's cookie names, if it exists and has not expired. */
export async function findSession(
  ctx: StoreContext,
  request: FastifyRequest,
): Promise<WebSession | undefined> {
  const id = request.cookies[sessionCookie];
  if (!id || id.length > 100) return undefined;
  const row = await ctx.db.get(liveSession, { id: digest(id), now: new Date().toISOString() });
  return row && { userId: row.user_id, username: row.username, csrfToken: row.csrf_token };
}

/** Signs the user in: a new session (never a reused id, against session fixation) and its cookie. */
export async function startSession(ctx: StoreContext, reply: FastifyReply, userId: number): Promise<void> {
  const id = randomToken();
  const now = new Date();
  const expires = new Date(now.getTime() + sessionDays * 24 * 3600 * 1000);
  await ctx.db.transaction(async () => {
    await ctx.db.run(deleteExpiredSessions, { now: now.toISOString() });
    await ctx.db.run(insertSession, {
      id: digest(id),
      userId,
      csrfToken: randomToken(),
      createdAt: now.toISOString(),
      expiresAt: expires.toISOString(),
    });
  });
  reply.setCookie(sessionCookie, id, { ...cookieOptions(ctx), expires });
}

export async function endSession(
  ctx: StoreContext,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  const id = request.cookies[sessionCookie];
  if (id) await ctx.db.run(deleteSession, { id: digest(id) });
  reply.clearCookie(sessionCookie, cookieOptions(ctx));
}
