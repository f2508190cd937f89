/**
 * Fuzz benchmark: at least 50,000 generated requests (every route, method and body type, as the
 * service suite's fuzz test makes them, test/helpers/fuzz-requests.ts) through the whole app,
 * counting 5xx answers (must be 0), any other broken answer (no envelope on an API path,
 * internals in an error) and requests per second. Also a real HTTP run of the same requests, so
 * that the parser's and the socket's cost shows side by side with app.inject's.
 *
 *   tsx bench/fuzz.ts [--requests 50000] [--seed 12] [--http 5000]
 */
import { parseArgs } from 'node:util';
import fc from 'fast-check';
import { type FuzzRequest, fuzzRequest, problem } from '../test/helpers/fuzz-requests.ts';
import { startTestStore } from '../test/helpers/store.ts';
import { signIn } from '../test/helpers/tokens.ts';

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '50000' },
    seed: { type: 'string', default: '12' },
    http: { type: 'string', default: '5000' },
  },
});
const total = Number(values.requests);
const seed = Number(values.seed);
const overHttp = Number(values.http);
if (![total, seed, overHttp].every(Number.isSafeInteger) || total < 1 || overHttp < 0) {
  console.error('Usage: tsx bench/fuzz.ts [--requests N] [--seed N] [--http N]');
  process.exit(2);
}

const store = await startTestStore({ scale: 1000, listen: true });
const { accessToken } = await signIn(store.baseUrl, 'demo', 'demo');
const requests = fc.sample(fuzzRequest(accessToken), { numRuns: total, seed });

const statuses = new Map<number, number>();
const problems = new Map<string, number>();
let serverErrors = 0;
const started = performance.now();
for (const request of requests) {
  const response = await store.app.inject(request);
  statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
  if (response.statusCode >= 500) serverErrors++;
  const wrong = problem(request, response);
  if (wrong) {
    problems.set(wrong, (problems.get(wrong) ?? 0) + 1);
    if (problems.get(wrong) === 1)
      console.log(`  first "${wrong}": ${request.method} ${request.url.slice(0, 200)}`);
  }
}
const seconds = (performance.now() - started) / 1000;

async function httpRun(list: FuzzRequest[]) {
  let errors = 0;
  const start = performance.now();
  for (const request of list) {
    const response = await fetch(new URL(request.url, store.baseUrl), {
      method: request.method,
      headers: request.headers,
      body: request.payload as BodyInit | undefined,
      redirect: 'manual',
    }).catch(() => undefined);
    if (!response || response.status >= 500) errors++;
    await response?.arrayBuffer().catch(() => undefined);
  }
  return { errors, seconds: (performance.now() - start) / 1000 };
}
// fetch refuses some of what inject sends (a body on OPTIONS is fine, names it cannot send are not).
const httpList = requests.slice(0, overHttp).filter((request) => !/[^\t\x20-\x7e]/.test(request.url));
const http = overHttp > 0 ? await httpRun(httpList) : undefined;
await store.close();

const byStatus = [...statuses].sort(([a], [b]) => a - b).map(([status, count]) => `${status}: ${count}`);
console.log(`requests (app.inject): ${requests.length}, seed ${seed}`);
console.log(`statuses: ${byStatus.join(', ')}`);
console.log(`5xx: ${serverErrors}`);
console.log(`other broken answers: ${[...problems.values()].reduce((a, b) => a + b, 0)}`);
console.log(`requests/s (app.inject): ${Math.round(requests.length / seconds)}`);
if (http) {
  console.log(`requests over HTTP: ${httpList.length}, 5xx or failed: ${http.errors}`);
  console.log(`requests/s (HTTP): ${Math.round(httpList.length / http.seconds)}`);
  console.log(
    `inject / HTTP rate ratio: ${(requests.length / seconds / (httpList.length / http.seconds)).toFixed(2)}`,
  );
}
process.exitCode = serverErrors === 0 && problems.size === 0 ? 0 : 1;
