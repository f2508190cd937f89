import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { signOutPageUrl } from '../../lib/contract/store-urls.ts';
import { signInWithPassword, tryAgainIn } from '../accounts/password-sign-in.ts';
import type { StoreContext } from '../context.ts';
import { sessionCsrfValid, visitorCsrfToken, visitorCsrfValid } from './csrf.ts';
import { MessagePage } from './pages/message-page.tsx';
import { SignInPage } from './pages/sign-in-page.tsx';
import { SignOutPage } from './pages/sign-out-page.tsx';
import { sendPage } from './render.ts';
import { safeReturnPath } from './return-path.ts';
import { endSession, findSession, startSession } from './session.ts';
import { pageShell } from './shell.ts';

type Form = Record<string, unknown>;
const field = (form: unknown, name: string) => {
  const value = (form as Form | undefined)?.[name];
  return typeof value === 'string' ? value : '';
};

/** Sign-in and sign-out on the site, with the accounts of the OAuth login. */
export function accountRoutes(app: FastifyInstance, ctx: StoreContext): void {
  const signInForm = async (
    request: FastifyRequest,
    reply: FastifyReply,
    form: { returnPath: string; status?: number; error?: string; username?: string },
  ) =>
    sendPage(
      reply,
      <SignInPage
        shell={await pageShell(ctx, request)}
        csrfToken={visitorCsrfToken(ctx, request, reply)}
        returnPath={form.returnPath}
        username={form.username}
        error={form.error}
      />,
      form.status,
    );

  app.get<{ Querystring: { return?: unknown } }>('/sign-in', async (request, reply) => {
    const returnPath = safeReturnPath(request.query.return);
    if (await findSession(ctx, request)) return reply.redirect(returnPath, 303);
    return signInForm(request, reply, { returnPath });
  });

  app.post('/sign-in', async (request, reply) => {
    const returnPath = safeReturnPath(field(request.body, 'return'));
    const username = field(request.body, 'username').trim();
    const password = field(request.body, 'password');
    if (!visitorCsrfValid(request)) {
      return signInForm(request, reply, {
        returnPath,
        status: 403,
        error: 'The form had expired; please sign in again.',
        username,
      });
    }
    const result = await signInWithPassword(
      ctx.db,
      { username, password, address: request.ip },
      ctx.config.signInLimits,
    );
    if (result.outcome === 'throttled') {
      reply.header('retry-after', String(result.retryAfterSeconds));
      return signInForm(request, reply, {
        returnPath,
        status: 429,
        error: `Too many attempts to sign in. ${tryAgainIn(result.retryAfterSeconds)}`,
        username,
      });
    }
    if (result.outcome === 'refused') {
      return signInForm(request, reply, {
        returnPath,
        status: 401,
        error: 'Wrong username or password.',
        username,
      });
    }
    const { user } = result;
    await startSession(ctx, reply, user.id);
    return reply.redirect(returnPath, 303);
  });

  app.get(signOutPageUrl, async (request, reply) =>
    sendPage(reply, <SignOutPage shell={await pageShell(ctx, request)} />),
  );

  app.post(signOutPageUrl, async (request, reply) => {
    const session = await findSession(ctx, request);
    if (!session) return reply.redirect('/', 303);
    if (!sessionCsrfValid(request, session)) {
      return sendPage(
        reply,
        <MessagePage
          shell={await pageShell(ctx, request, session)}
          title="Not signed out"
          message="The sign-out form had expired or came from another site. Use the Sign out button on this page."
        />,
        403,
      );
    }
    await endSession(ctx, request, reply);
    return reply.redirect('/', 303);
  });
}
