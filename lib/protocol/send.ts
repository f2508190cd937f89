/**
 * The sending side of the protocol, for extension pages and content scripts: a typed call that
 * resolves with the reply or throws a StoreError the UI can show.
 */
import { browser } from 'wxt/browser';
import { channel, type MessageKind, Outcome, type Payload, protocol, type Reply } from './messages.ts';
import { StoreError } from './store-error.ts';

export async function sendMessage<K extends MessageKind>(kind: K, payload: Payload<K>): Promise<Reply<K>> {
  const raw = await browser.runtime.sendMessage({ channel, kind, payload });
  const outcome = Outcome(protocol[kind].reply).safeParse(raw);
  if (!outcome.success) {
    throw new StoreError({
      kind: 'invalidResponse',
      message: 'Crate could not understand its own background.',
    });
  }
  if (!outcome.data.ok) throw new StoreError(outcome.data.error);
  return outcome.data.value as Reply<K>;
}
