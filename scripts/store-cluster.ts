/**
 * The store as several stateless instances behind nginx, on a throwaway PostgreSQL cluster, all
 * on this machine (docs/production.md: "Running behind a reverse proxy"):
 *
 *   npm run store:cluster -- [--instances 2] [--port 8080] [--scale 5000]
 *
 * The first instance migrates and seeds the new database; the others start once it listens.
 * Ctrl-C stops nginx, the instances and PostgreSQL, and deletes the cluster.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { storeNodeArgs } from '../server/runtime/store-command.ts';
import { freePort } from '../test/helpers/free-port.ts';
import { type PostgresCluster, startPostgresCluster } from './postgres-cluster.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

export interface StoreInstance {
  port: number;
  process: ChildProcess;
}

export interface StoreCluster {
  /** The public origin: nginx. */
  url: string;
  databaseUrl: string;
  postgres: PostgresCluster;
  instances: StoreInstance[];
  /** Starts another instance on the same database (after a kill, say). */
  startInstance(port?: number): Promise<StoreInstance>;
  stop(): void;
}

function waitForListening(child: ChildProcess, name: string): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    child.once('exit', (code) => reject(new Error(`${name} exited with ${code}:\n${output}`)));
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('listening on')) resolve();
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
  });
}

export async function startStoreCluster(options: {
  instances: number;
  port?: number;
  scale: number;
  log?: (line: string) => void;
}): Promise<StoreCluster> {
  const log = options.log ?? (() => {});
  // Durable like a production database: the fault drill checks that no acknowledged write is lost.
  const postgres = await startPostgresCluster({ durable: true });
  const children: ChildProcess[] = [];
  let nginxDir: string | undefined;
  try {
    const databaseUrl = await postgres.createDatabase('crate');
    log(`PostgreSQL ${postgres.adminUrl.replace(/:[^:@/]*@/, ':***@')} (data in ${postgres.dir})`);
    const publicPort = options.port ?? (await freePort());
    const url = `http://127.0.0.1:${publicPort}`;
    const startInstance = async (port?: number): Promise<StoreInstance> => {
      const instancePort = port ?? (await freePort());
      const child = spawn(
        process.execPath,
        [
          ...storeNodeArgs,
          '--db',
          databaseUrl,
          '--port',
          String(instancePort),
          '--scale',
          String(options.scale),
          '--trust-proxy',
          'loopback',
          '--base-url',
          url,
        ],
        { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
      );
      children.push(child);
      await waitForListening(child, `instance on port ${instancePort}`);
      log(`store instance on 127.0.0.1:${instancePort} (pid ${child.pid})`);
      return { port: instancePort, process: child };
    };
    const instances: StoreInstance[] = [];
    // The first seeds the empty database; the others find it seeded.
    for (let i = 0; i < options.instances; i++) instances.push(await startInstance());

    nginxDir = mkdtempSync(join(tmpdir(), 'crate-nginx-'));
    // nginx's workers run as another user when started by root: they need the temp folders.
    chmodSync(nginxDir, 0o777);
    for (const folder of ['client-body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
      mkdirSync(join(nginxDir, folder), { mode: 0o777 });
      chmodSync(join(nginxDir, folder), 0o777);
    }
    const config = readFileSync(join(root, 'docs/nginx-cluster.conf'), 'utf8')
      .replaceAll('@RUN_DIR@', nginxDir)
      .replaceAll('@LISTEN@', `127.0.0.1:${publicPort}`)
      .replaceAll(
        '@UPSTREAM_SERVERS@',
        instances
          .map((instance) => `    server 127.0.0.1:${instance.port} max_fails=1 fail_timeout=2s;`)
          .join('\n'),
      );
    writeFileSync(join(nginxDir, 'nginx.conf'), config);
    const nginx = spawnSync(
      process.env.NGINX ?? '/usr/sbin/nginx',
      ['-p', nginxDir, '-c', join(nginxDir, 'nginx.conf')],
      {
        encoding: 'utf8',
      },
    );
    if (nginx.status !== 0) throw new Error(`nginx did not start: ${nginx.stderr}`);
    log(`nginx on ${url} -> ${instances.map((instance) => instance.port).join(', ')}`);

    const runDir = nginxDir;
    return {
      url,
      databaseUrl,
      postgres,
      instances,
      startInstance,
      stop() {
        spawnSync('/usr/sbin/nginx', ['-p', runDir, '-c', join(runDir, 'nginx.conf'), '-s', 'stop']);
        for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
        postgres.stop();
        rmSync(runDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    for (const child of children) child.kill('SIGKILL');
    postgres.stop();
    if (nginxDir) rmSync(nginxDir, { recursive: true, force: true });
    throw error;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      instances: { type: 'string', default: '2' },
      port: { type: 'string', default: '8080' },
      scale: { type: 'string', default: '5000' },
    },
  });
  const cluster = await startStoreCluster({
    instances: Number(values.instances),
    port: Number(values.port),
    scale: Number(values.scale),
    log: (line) => console.log(line),
  });
  console.log(`\nCrate store cluster on ${cluster.url}  (sign in as demo / demo). Ctrl-C stops it.`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      cluster.stop();
      process.exit(0);
    });
  }
}
