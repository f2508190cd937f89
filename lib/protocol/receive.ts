/**
 * The background's side of the protocol: checks the envelope, the sender's role and the payload,
 * then runs the handler and wraps its result or error for the reply. Anything that fails a check
 * is refused before a handler sees it.
 */
import type { Browser } from 'wxt/browser';
import type { Outcome } from './envelope.ts';
import { Envelope, type MessageKind, type Payload, protocol, type Reply } from './messages.ts';
import { type SenderExpectations, senderRole } from './sender-role.ts';
import { StoreError, toStoreErrorData } from './store-error.ts';

/** The worker's answer to each kind: handlers see only checked payloads, never who sent them. */
export type Handlers = {
  [K in MessageKind]: (payload: Payload<K>) => Promise<Reply<K>>;
};

const refused = (message: string): Outcome<never> => ({
  ok: false,
  error: { kind: 'forbidden', message },
});

/**
 * Returns undefined for messages that are not ours at all (another listener's business), and an
 * Outcome for everything addressed to us.
 */
export async function routeMessage(
  message: unknown,
  sender: Browser.runtime.MessageSender,
  expectations: () => Promise<SenderExpectations>,
  handlers: Handlers,
): Promise<Outcome<unknown> | undefined> {
  const envelope = Envelope.safeParse(message);
  if (!envelope.success) return undefined;
  const { kind } = envelope.data;
  const role = senderRole(sender, await expectations());
  const spec = protocol[kind];
  if (role === null || !spec.from.includes(role))
    return refused(`Crate does not accept "${kind}" from there.`);
  const payload = spec.payload.safeParse(envelope.data.payload);
  if (!payload.success) return refused(`Crate received a malformed "${kind}" message.`);
  try {
    const handler = handlers[kind] as (payload: unknown) => Promise<unknown>;
    return { ok: true, value: spec.reply.parse(await handler(payload.data)) };
  } catch (error) {
    // Only StoreErrors carry a message written for people; anything else is a bug worth a log.
    if (!(error instanceof StoreError)) console.error(`Crate: "${kind}" failed`, error);
    return { ok: false, error: toStoreErrorData(error) };
  }
}
