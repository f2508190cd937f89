/**
 * The one messaging protocol between the extension's pages (popup, options), content scripts and
 * the background worker: each kind names who may send it, the payload's shape and the reply's
 * shape. The background parses both sides with these schemas and refuses anything else.
 */
import { z } from 'zod';
import { StoreErrorData } from './store-error.ts';
import {
  AudioFormat,
  Cart,
  CartAddResult,
  CartChangeResult,
  CartItemInput,
  CartItemRef,
  CartSummary,
} from './wire.ts';

/**
 * Who sent a message, as the browser reports it (never as the message claims):
 * - extensionPage: the popup or options page, from the extension's own origin;
 * - storeContentScript: our content script, in the top frame of a tab on the configured store.
 */
export type SenderRole = 'extensionPage' | 'storeContentScript';

const pagesOnly: readonly SenderRole[] = ['extensionPage'];
const pagesAndStore: readonly SenderRole[] = ['extensionPage', 'storeContentScript'];

/** contract.md section 4: 1..64 characters, no control characters. */
const CartName = z
  .string()
  .min(1)
  .max(64)
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
  .regex(/^[^\u0000-\u001f\u007f]*$/);
const CartTarget = { name: CartName.optional() };
const NoPayload = z.strictObject({});

export const AuthState = z.object({
  signedIn: z.boolean(),
  username: z.string().nullable(),
  storeUrl: z.string(),
  /** Null when the store answered; otherwise why it could not be reached. */
  storeProblem: z.string().nullable(),
  /** Why the person was signed out, when it was not their choice. */
  notice: z.string().nullable(),
});
export type AuthState = z.infer<typeof AuthState>;

export const CartView = z.object({ cart: Cart, audioFormats: z.array(z.string()) });

const define = <P extends z.ZodType, R extends z.ZodType>(
  from: readonly SenderRole[],
  payload: P,
  reply: R,
) => ({
  from,
  payload,
  reply,
});

export const protocol = {
  /** The popup's first question: who is signed in, and does the store answer? */
  getAuthState: define(pagesOnly, NoPayload, AuthState),
  /** Opens the store's sign-in window (identity.launchWebAuthFlow). */
  signIn: define(pagesOnly, NoPayload, AuthState),
  /** Revokes the refresh token at the store and forgets both tokens. */
  signOut: define(pagesOnly, NoPayload, AuthState),
  cartSummary: define(pagesAndStore, z.strictObject(CartTarget), CartSummary),
  viewCart: define(pagesOnly, z.strictObject(CartTarget), CartView),
  addToCart: define(
    pagesAndStore,
    z.strictObject({
      ...CartTarget,
      items: z.array(CartItemInput).min(1).max(100),
      alreadyPurchasedOverride: z.boolean().optional(),
    }),
    CartAddResult,
  ),
  setItemFormats: define(
    pagesAndStore,
    z.strictObject({ ...CartTarget, items: z.array(CartItemInput).min(1).max(100) }),
    CartChangeResult,
  ),
  setCartFormat: define(
    pagesOnly,
    z.strictObject({ ...CartTarget, audioFormat: AudioFormat }),
    CartChangeResult,
  ),
  removeFromCart: define(
    pagesAndStore,
    z.strictObject({ ...CartTarget, items: z.array(CartItemRef).min(1).max(100) }),
    CartChangeResult,
  ),
  emptyCart: define(pagesOnly, z.strictObject(CartTarget), CartChangeResult),
} as const;

export type MessageKind = keyof typeof protocol;
export const messageKinds = Object.keys(protocol) as MessageKind[];
export type Payload<K extends MessageKind> = z.infer<(typeof protocol)[K]['payload']>;
export type Reply<K extends MessageKind> = z.infer<(typeof protocol)[K]['reply']>;

/** Marks our messages apart from anything else on runtime messaging. */
export const channel = 'crate';

export const Envelope = z.strictObject({
  channel: z.literal(channel),
  kind: z.enum(messageKinds as [MessageKind, ...MessageKind[]]),
  payload: z.unknown(),
});

export type Outcome<T> = { ok: true; value: T } | { ok: false; error: StoreErrorData };
export const Outcome = <R extends z.ZodType>(reply: R) =>
  z.discriminatedUnion('ok', [
    z.object({ ok: z.literal(true), value: reply }),
    z.object({ ok: z.literal(false), error: StoreErrorData }),
  ]);
