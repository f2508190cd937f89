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
export function findSession(ctx: StoreContext, request: FastifyRequest): WebSession | undefined {
  const id = request.cookies[sessionCookie];
  if (!id || id.length > 100) return undefined;
  const row = ctx.db.get<{ user_id: number; username: string; csrf_token: string }>(
    `SELECT s.user_id, u.username, s.csrf_token
       FROM web_sessions s JOIN users u ON u.id = s.user_id
      WHERE s.id = ? AND s.expires_at > ?`,
    digest(id),
    new Date().toISOString(),
  );
  return row && { userId: row.user_id, username: row.username, csrfToken: row.csrf_token };
}

/** Signs the user in: a new session (never a reused id, against session fixation) and its cookie. */
export function startSession(ctx: StoreContext, reply: FastifyReply, userId: number): void {
  const id = randomToken();
  const now = new Date();
  const expires = new Date(now.getTime() + sessionDays * 24 * 3600 * 1000);
  ctx.db.transaction(() => {
    ctx.db.run('DELETE FROM web_sessions WHERE expires_at <= ?', now.toISOString());
    ctx.db.run(
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

export function endSession(ctx: StoreContext, request: FastifyRequest, reply: FastifyReply): void {
  const id = request.cookies[sessionCookie];
  if (id) ctx.db.run('DELETE FROM web_sessions WHERE id = ?', digest(id));
  reply.clearCookie(sessionCookie, cookieOptions(ctx));
}
