/**
 * The one sending side of the protocol, for extension pages and content scripts: a typed call that
 * resolves with the reply or throws a StoreError the page can show. The reply comes from our own
 * background, which parsed it with the message's reply schema before answering, so a check of the
 * outcome's shape is enough here (and keeps zod out of the content script and the popup's first
 * paint).
 */
import { browser } from 'wxt/browser';
import { i18n } from '#i18n';
import { channel, isOutcome } from './envelope.ts';
import type { MessageKind, Payload, Reply } from './messages.ts';
import { StoreError } from './store-error.ts';

export async function send<K extends MessageKind>(kind: K, payload: Payload<K>): Promise<Reply<K>> {
  let reply: unknown;
  try {
    reply = await browser.runtime.sendMessage({ channel, kind, payload });
  } catch {
    // Nothing answered: the extension was updated or reloaded under this page.
    throw new StoreError({ kind: 'invalidated', message: i18n.t('storeErrors.updated') });
  }
  if (!isOutcome(reply)) {
    throw new StoreError({
      kind: 'invalidResponse',
      message: i18n.t('storeErrors.background'),
    });
  }
  if (!reply.ok) throw new StoreError(reply.error);
  return reply.value as Reply<K>;
}
