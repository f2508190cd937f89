/**
 * The popup's way to message the background: lib/protocol/send.ts, loaded on first use. Its reply
 * schemas (zod, over 100 kB) then load after the first paint instead of before it; every module the
 * first paint needs imports only types from lib/protocol/messages.ts and lib/contract/wire.ts.
 */

import type { AudioFormat } from '../../lib/contract/wire.ts';
import { errorMessage } from '../../lib/protocol/error-message.ts';
import type { MessageKind, Payload, Reply } from '../../lib/protocol/messages.ts';
import type { StoreErrorData } from '../../lib/protocol/store-error.ts';

export async function send<K extends MessageKind>(kind: K, payload: Payload<K>): Promise<Reply<K>> {
  const { sendMessage } = await import('../../lib/protocol/send.ts');
  return sendMessage(kind, payload);
}

/** The formats the popup offers, as lib/contract/wire.ts lists them (kept here: importing it loads zod). */
export const popupAudioFormats = ['mp3', 'wav', 'aiff'] as const satisfies readonly AudioFormat[];

/** Anything `send` threw, as StoreErrorData: its errors are StoreErrors, which carry kind and message. */
export function errorData(caught: unknown): StoreErrorData {
  if (caught instanceof Error && 'kind' in caught) {
    return { kind: caught.kind as StoreErrorData['kind'], message: caught.message };
  }
  return {
    kind: 'invalidResponse',
    message: `Something went wrong talking to the store: ${errorMessage(caught)}`,
  };
}
