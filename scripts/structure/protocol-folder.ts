/**
 * lib/protocol/ holds the message table, its one sender and its one receiver, and what those three
 * are made of: the envelope on the wire, the sender's role, the error type that crosses, the crate
 * file a message carries, and zod's no-JIT setting the table's schemas need. Anything else (a
 * player, words, a permission helper) lives where it is used or in a folder named for what it is.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const protocolFiles = new Set([
  'messages.ts',
  'send.ts',
  'receive.ts',
  'envelope.ts',
  'sender-role.ts',
  'store-error.ts',
  'crate-file.ts',
  'zod-jitless.ts',
]);

export function strangersInProtocol(root: string): string[] {
  return readdirSync(join(root, 'lib', 'protocol'))
    .filter((name) => !protocolFiles.has(name))
    .map((name) => `lib/protocol/${name}`)
    .sort();
}
