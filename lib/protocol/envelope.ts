/**
 * What crosses runtime messaging, without zod: the content script and the popup's first paint
 * import this, and zod would triple the content script's size. The background checks everything
 * it receives with the schemas of lib/protocol/messages.ts; senders check the outcome's shape.
 */
import { isStoreErrorData, type StoreErrorData } from './store-error.ts';

/** Marks our messages apart from anything else on runtime messaging. */
export const channel = 'crate';

/** A reply: the handler's value, or the error it threw as plain data. */
export type Outcome<T> = { ok: true; value: T } | { ok: false; error: StoreErrorData };

export function isOutcome(reply: unknown): reply is Outcome<unknown> {
  if (typeof reply !== 'object' || reply === null) return false;
  const outcome = reply as Record<string, unknown>;
  if (outcome.ok === true) return 'value' in outcome;
  return outcome.ok === false && isStoreErrorData(outcome.error);
}
