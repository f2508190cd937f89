import type { FastifyRequest } from 'fastify';
import type { StoreContext } from '../context.ts';
import { siteAssets } from './assets.ts';
import type { PageShell } from './layout.tsx';
import { findSession, type WebSession } from './session.ts';

/** The frame a page is rendered in for this request: who is signed in, the assets, the path. */
export async function pageShell(
  ctx: StoreContext,
  request: FastifyRequest,
  session?: WebSession,
): Promise<PageShell> {
  const viewer = viewerOf(session ?? (await findSession(ctx, request)));
  return { viewer, assets: siteAssets(), path: request.url };
}

export const viewerOf = (session: WebSession | undefined): PageShell['viewer'] =>
  session
    ? { signedIn: true, username: session.username, csrfToken: session.csrfToken }
    : { signedIn: false };
