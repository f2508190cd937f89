/**
 * The content script's side of the messaging protocol (lib/protocol/messages.ts). lib/protocol/send.ts
 * checks replies with zod, which would triple the content script's size; here the reply comes
 * from our own background, which already parsed it with the protocol's schema, so a light guard
 * of the outcome's shape is enough.
 */
import { browser } from 'wxt/browser';
import type { MessageKind, Payload, channel as protocolChannel, Reply } from '../protocol/messages.ts';

const channel: typeof protocolChannel = 'crate';

/** A failed action, with a sentence for the page and the kind to branch on (e.g. `signedOut`). */
export class ActionError extends Error {
  constructor(
    readonly kind: string,
    message: string,
  ) {
    super(message);
    this.name = 'ActionError';
  }
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: { kind: string; message: string } };

function isOutcome(reply: unknown): reply is Outcome {
  if (typeof reply !== 'object' || reply === null) return false;
  const outcome = reply as Record<string, unknown>;
  if (outcome.ok === true) return 'value' in outcome;
  const error = outcome.error as Record<string, unknown> | undefined;
  return outcome.ok === false && typeof error?.kind === 'string' && typeof error.message === 'string';
}

export async function send<K extends MessageKind>(kind: K, payload: Payload<K>): Promise<Reply<K>> {
  let reply: unknown;
  try {
    reply = await browser.runtime.sendMessage({ channel, kind, payload });
  } catch {
    // The extension was updated or reloaded under this page: its old content script is orphaned.
    throw new ActionError('invalidated', 'Crate was updated. Reload the page.');
  }
  if (!isOutcome(reply))
    throw new ActionError('invalidResponse', 'Crate could not understand its own background.');
  if (!reply.ok) throw new ActionError(reply.error.kind, reply.error.message);
  return reply.value as Reply<K>;
}
