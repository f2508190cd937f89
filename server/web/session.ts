import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { StoreContext } from '../context.ts';

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

/** The session the request's cookie names, if it exists and has not expired. */
export async function findSession(
  ctx: StoreContext,
  request: FastifyRequest,
): Promise<WebSession | undefined> {
  const id = request.cookies[sessionCookie];
  if (!id || id.length > 100) return undefined;
  const row = await ctx.db.get<{ user_id: number; username: string; csrf_token: string }>(
    `SELECT s.user_id, u.username, s.csrf_token
       FROM web_sessions s JOIN users u ON u.id = s.user_id
      WHERE s.id = ? AND s.expires_at > ?`,
    digest(id),
    new Date().toISOString(),
  );
  return row && { userId: row.user_id, username: row.username, csrfToken: row.csrf_token };
}

/** Signs the user in: a new session (never a reused id, against session fixation) and its cookie. */
export async function startSession(ctx: StoreContext, reply: FastifyReply, userId: number): Promise<void> {
  const id = randomToken();
  const now = new Date();
  const expires = new Date(now.getTime() + sessionDays * 24 * 3600 * 1000);
  await ctx.db.transaction(async () => {
    await ctx.db.run('DELETE FROM web_sessions WHERE expires_at <= ?', now.toISOString());
    await ctx.db.run(
      'INSERT INTO web_sessions (id, user_id, csrf_token, created_at, expires_at) VALUES (?, ?, ?, ?, ?)',
      digest(id),
      userId,
      randomToken(),
      now.toISOString(),
      expires.toISOString(),
    );
  });
  reply.setCookie(sessionCookie, id, { ...cookieOptions(ctx), expires });
}

export async function endSession(
  ctx: StoreContext,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  const id = request.cookies[sessionCookie];
  if (id) await ctx.db.run('DELETE FROM web_sessions WHERE id = ?', digest(id));
  reply.clearCookie(sessionCookie, cookieOptions(ctx));
}
