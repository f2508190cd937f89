/**
 * The operator publishes a new release on a running store, now:
 *
 *   npm run store:publish -- --base-url URL (--artist ID | --label ID) [--tracks N] [--token T | --data DIR]
 *
 * The token is --token, else CRATE_OPERATOR_TOKEN, else the one the store keeps in its data
 * folder (--data, default .data). Prints the new release as JSON: {"id": …, "name": …}.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { operatorTokenFile } from '../server/operator/operator-token.ts';
import { publishUrl } from '../server/operator/routes.ts';

const usage =
  'Usage: npm run store:publish -- --base-url URL (--artist ID | --label ID) [--tracks N] [--token T | --data DIR]';

function fail(message: string, code = 2): never {
  console.error(`${message}\n\n${usage}`);
  process.exit(code);
}

let args: Record<string, string | undefined>;
try {
  args = parseArgs({
    options: {
      'base-url': { type: 'string' },
      artist: { type: 'string' },
      label: { type: 'string' },
      tracks: { type: 'string' },
      token: { type: 'string' },
      data: { type: 'string', default: '.data' },
    },
  }).values as Record<string, string | undefined>;
} catch (error) {
  fail((error as Error).message);
}
const baseUrl = args['base-url'] ?? fail('--base-url is required.');
if (args.artist === undefined && args.label === undefined) fail('Give --artist ID or --label ID.');

function token(): string {
  const given = args.token ?? process.env.CRATE_OPERATOR_TOKEN;
  if (given) return given;
  const file = join(args.data as string, operatorTokenFile);
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    return fail(
      `No operator token: give --token, or --data with the store's data folder (${file} is not there).`,
    );
  }
}

const query = new URLSearchParams();
if (args.artist !== undefined) query.set('artistId', args.artist);
if (args.label !== undefined) query.set('labelId', args.label);
if (args.tracks !== undefined) query.set('tracks', args.tracks);

let response: Response;
try {
  response = await fetch(new URL(`${publishUrl}?${query}`, baseUrl), {
    method: 'POST',
    headers: { authorization: `Bearer ${token()}` },
  });
} catch (error) {
  fail(`The store at ${baseUrl} did not answer: ${(error as Error).message}`, 1);
}
const body = (await response.json().catch(() => ({}))) as {
  results?: { id: number; name: string };
  metadata?: { error?: { message?: string } };
};
if (!response.ok || !body.results) {
  fail(`The store refused (${response.status}): ${body.metadata?.error?.message ?? response.statusText}`, 1);
}
console.log(JSON.stringify({ id: body.results.id, name: body.results.name }));
