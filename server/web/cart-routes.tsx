import type { FastifyInstance } from 'fastify';
import { cartPageUrl } from '../../lib/contract/store-urls.ts';
import type { StoreContext } from '../context.ts';
import { ApiError } from '../http/api-error.ts';
import { checkoutCart } from '../orders/checkout.ts';
import { loadCartPageData } from './cart-data.ts';
import { sessionCsrfValid } from './csrf.ts';
import { loadOrderConfirmation } from './order-confirmation.ts';
import { parseId } from './page-routes.tsx';
import { CartPage } from './pages/cart-page.tsx';
import { MessagePage } from './pages/message-page.tsx';
import { sendPage } from './render.ts';
import { findSession } from './session.ts';
import { pageShell } from './shell.ts';

/** The cart page and its checkout: the only way purchases happen. */
export function cartRoutes(app: FastifyInstance, ctx: StoreContext): void {
  app.get<{ Querystring: { order?: unknown; cart?: unknown } }>(cartPageUrl, async (request, reply) => {
    const session = await findSession(ctx, request);
    const shell = await pageShell(ctx, request, session);
    if (!session) return sendPage(reply, <CartPage shell={shell} />);
    const orderId = typeof request.query.order === 'string' ? parseId(request.query.order) : undefined;
    const data = {
      ...(await loadCartPageData(
        ctx,
        session.userId,
        typeof request.query.cart === 'string' ? request.query.cart : undefined,
      )),
      confirmation:
        orderId === undefined ? undefined : await loadOrderConfirmation(ctx, session.userId, orderId),
    };
    return sendPage(reply, <CartPage shell={shell} data={data} />);
  });

  app.post('/checkout', async (request, reply) => {
    const session = await findSession(ctx, request);
    if (!session) return reply.redirect('/sign-in?return=%2Fcart', 303);
    const shell = await pageShell(ctx, request, session);
    if (!sessionCsrfValid(request, session)) {
      return sendPage(
        reply,
        <MessagePage
          shell={shell}
          title="Nothing was bought"
          message="The checkout form had expired or came from another site. Check out again from your cart."
        />,
        403,
      );
    }
    const cartName = (request.body as Record<string, unknown> | undefined)?.cart;
    if (typeof cartName !== 'string' || cartName.length === 0 || cartName.length > 64) {
      return sendPage(
        reply,
        <MessagePage shell={shell} title="Nothing was bought" message="Choose a cart to check out." />,
        400,
      );
    }
    try {
      const order = await checkoutCart(ctx, session.userId, cartName);
      // Post/redirect/get: reloading the confirmation never buys twice.
      return reply.redirect(`${cartPageUrl}?order=${order.orderId}`, 303);
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 409) throw error;
      const data = { ...(await loadCartPageData(ctx, session.userId, cartName)), notice: error.message };
      return sendPage(reply, <CartPage shell={shell} data={data} />, 409);
    }
  });
}
