/**
 * Faults on the store cluster (npm run store:faults), checked rather than watched:
 *
 * 1. One instance is killed with SIGKILL while cart adds stream through nginx: every add that was
 *    acknowledged (200) is in the cart afterwards, and nginx sends the rest to the survivor.
 * 2. PostgreSQL is restarted under the running instances: they answer again without a restart
 *    of their own (the pool drops broken connections and opens new ones).
 *
 * Exits non-zero when a check fails.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { signIn } from '../test/helpers/tokens.ts';
import { startStoreCluster } from './store-cluster.ts';

const cluster = await startStoreCluster({ instances: 2, scale: 2000, log: (line) => console.log(line) });
let failed = false;
const check = (ok: boolean, message: string) => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${message}`);
  if (!ok) failed = true;
};
try {
  const { accessToken } = await signIn(cluster.url, 'dj2', 'dj2');
  const headers = { authorization: `Bearer ${accessToken}` };
  const cartUrl = (query: Record<string, string>) =>
    `${cluster.url}/cart/1/?${new URLSearchParams({ sourceType: 'faults', name: 'faults', ...query })}`;
  const pg = await import('pg');
  const client = new pg.default.Client({ connectionString: cluster.databaseUrl });
  await client.connect();
  const trackIds = (
    await client.query<{ id: number }>(
      `SELECT id FROM tracks WHERE sale_type = 'purchase' ORDER BY id LIMIT 400`,
    )
  ).rows.map((row) => row.id);
  await client.end();

  // 1. kill -9 under load
  const acknowledged: number[] = [];
  const statuses = new Map<string, number>();
  let next = 0;
  const worker = async () => {
    while (next < trackIds.length) {
      const id = trackIds[next++] as number;
      const items = JSON.stringify([{ id, type: 'track', audioFormat: 'mp3' }]);
      const status = await fetch(cartUrl({ items }), { method: 'POST', headers }).then(
        (response) => response.status,
        () => 0,
      );
      statuses.set(String(status), (statuses.get(String(status)) ?? 0) + 1);
      if (status === 200) acknowledged.push(id);
    }
  };
  const load = Promise.all(Array.from({ length: 8 }, worker));
  await sleep(300);
  const victim = cluster.instances[0];
  victim?.process.kill('SIGKILL');
  console.log(`killed instance on port ${victim?.port} (pid ${victim?.process.pid}) after ${next} adds sent`);
  await load;
  console.log(`responses: ${[...statuses].map(([status, n]) => `${n} x ${status}`).join(', ')}`);
  const cart = (await (await fetch(cartUrl({}), { headers })).json()) as {
    results: { items: { id: number }[] };
  };
  const inCart = new Set(cart.results.items.map((item) => item.id));
  check(
    acknowledged.every((id) => inCart.has(id)),
    `${acknowledged.length} acknowledged adds, all ${acknowledged.filter((id) => inCart.has(id)).length} in the cart`,
  );
  const after = await fetch(cartUrl({}), { headers });
  check(after.status === 200, `after the kill nginx answers from the survivor (${after.status})`);

  // 2. PostgreSQL restarted
  cluster.postgres.restart();
  console.log('PostgreSQL restarted');
  const started = performance.now();
  let status = 0;
  for (let i = 0; i < 50 && status !== 200; i++) {
    status = await fetch(cartUrl({ summary: 'true' }), { headers }).then(
      (response) => response.status,
      () => 0,
    );
    if (status !== 200) await sleep(100);
  }
  check(
    status === 200,
    `the surviving instance answers again ${Math.round(performance.now() - started)} ms after the restart, not restarted itself`,
  );
} finally {
  cluster.stop();
}
process.exit(failed ? 1 : 0);
