import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errors, type Interaction, type Provider } from 'oidc-provider';
import { signInWithPassword, tryAgainIn } from '../accounts/password-sign-in.ts';
import type { StoreContext } from '../context.ts';
import { fromThisSite } from '../web/csrf.ts';
import { endSession, findSession, startSession } from '../web/session.ts';
import { type HtmlPage, loginPage, messagePage } from './pages.tsx';
import { interactionPath } from './provider.ts';

type InteractionRequest = FastifyRequest<{ Params: { uid: string }; Body: unknown }>;

function sendPage(reply: FastifyReply, status: number, page: HtmlPage) {
  return reply
    .code(status)
    .header('content-security-policy', page.contentSecurityPolicy)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(page.html);
}

const expiredPage = () =>
  messagePage('This sign-in has expired', 'Close this window and sign in again from the Crate extension.');

function field(body: unknown, name: string): string | undefined {
  const value = (body as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value : undefined;
}

/** Whether the client asked to sign in afresh (prompt=login), e.g. as someone else. */
const asksForLogin = (interaction: Interaction) =>
  String(interaction.params.prompt ?? '')
    .split(' ')
    .includes('login');

/** The login form for this interaction, with what the person typed and why it failed. */
function showLogin(
  reply: FastifyReply,
  interaction: Interaction,
  status: number,
  form: { username?: string; message?: string } = {},
) {
  const redirectUri = interaction.params.redirect_uri;
  return sendPage(
    reply,
    status,
    loginPage({
      action: interactionPath(interaction.uid),
      clientName: 'Crate',
      redirectOrigin: typeof redirectUri === 'string' ? new URL(redirectUri).origin : undefined,
      ...form,
    }),
  );
}

/**
 * The login step of the authorization flow: oidc-provider sends the browser here, the user
 * proves who they are, and the flow resumes at the provider. The extension is first-party, so
 * signing in also grants it access: there is no consent screen.
 *
 * One sign-in for the store: the website's session is the browser's session with the store. A
 * person signed in on the website is signed in here without the form (unless the client asks
 * for prompt=login), and signing in here also signs them in on the website.
 */
export function interactionRoutes(app: FastifyInstance, provider: Provider, ctx: StoreContext): void {
  const { db, config } = ctx;
  /** The interaction the browser's cookie belongs to, when it is the one in the URL. */
  async function currentInteraction(request: InteractionRequest, reply: FastifyReply) {
    let interaction: Interaction;
    try {
      interaction = await provider.interactionDetails(request.raw, reply.raw);
    } catch (error) {
      if (error instanceof errors.SessionNotFound) return undefined;
      throw error;
    }
    return interaction.uid === request.params.uid ? interaction : undefined;
  }

  /** Grants the client access as this user and resumes the authorization at the provider. */
  async function finish(
    request: InteractionRequest,
    reply: FastifyReply,
    interaction: Interaction,
    userId: number,
  ) {
    const clientId = interaction.params.client_id as string;
    const grant = new provider.Grant({ accountId: String(userId), clientId });
    if (interaction.params.scope) grant.addOIDCScope(interaction.params.scope);
    const grantId = await grant.save();
    const returnTo = await provider.interactionResult(
      request.raw,
      reply.raw,
      { login: { accountId: String(userId) }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
    return reply.redirect(returnTo, 303);
  }

  app.get(interactionPath(':uid'), async (request: InteractionRequest, reply) => {
    const interaction = await currentInteraction(request, reply);
    if (!interaction) return sendPage(reply, 400, expiredPage());
    const siteSession = await findSession(ctx, request);
    if (siteSession && !asksForLogin(interaction))
      return finish(request, reply, interaction, siteSession.userId);
    return showLogin(reply, interaction, 200);
  });

  app.post(interactionPath(':uid'), async (request: InteractionRequest, reply) => {
    if (!fromThisSite(ctx, request)) {
      return sendPage(reply, 403, messagePage('Sign-in refused', 'This form was sent from another site.'));
    }
    const interaction = await currentInteraction(request, reply);
    if (!interaction) return sendPage(reply, 400, expiredPage());

    const username = field(request.body, 'username')?.trim() ?? '';
    const password = field(request.body, 'password') ?? '';
    // Every answer to the form is 200: the browser's auth flow (identity.launchWebAuthFlow) ends
    // the whole sign-in on an error status, while the person should simply try again.
    if (!username || !password) {
      return showLogin(reply, interaction, 200, {
        username,
        message: 'Enter your username and your password.',
      });
    }
    const result = await signInWithPassword(
      db,
      { username, password, address: request.ip },
      config.signInLimits,
    );
    if (result.outcome === 'throttled') {
      reply.header('retry-after', String(result.retryAfterSeconds));
      return showLogin(reply, interaction, 200, {
        username,
        message: `Too many attempts to sign in. ${tryAgainIn(result.retryAfterSeconds)}`,
      });
    }
    if (result.outcome === 'refused') {
      return showLogin(reply, interaction, 200, {
        username,
        message: 'Wrong username or password. Check them and try again.',
      });
    }
    // The website's session follows: a new one (another user may have been signed in there).
    await endSession(ctx, request, reply);
    await startSession(ctx, reply, result.user.id);
    return finish(request, reply, interaction, result.user.id);
  });
}
