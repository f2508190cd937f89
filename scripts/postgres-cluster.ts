/**
 * A throwaway PostgreSQL cluster made with Debian's PostgreSQL tools: initdb in a temp folder, a
 * free port on 127.0.0.1, the unix socket in that folder too, stopped and deleted by stop(). The
 * tests (test/service/postgres-setup.ts) and `npm run store:cluster` use it.
 *
 * initdb refuses to run as root: as root, the folder is given to the `postgres` user and the
 * tools run as that user (runuser).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from '../test/helpers/free-port.ts';

export interface PostgresCluster {
  /** postgres://crate:crate@127.0.0.1:PORT/postgres */
  adminUrl: string;
  port: number;
  dir: string;
  /** A new, empty database; its URL. */
  createDatabase(name: string): Promise<string>;
  dropDatabase(name: string): Promise<void>;
  /** pg_ctl restart: connections drop, the same data and port come back. */
  restart(): void;
  stop(): void;
}

export const clusterUser = 'crate';
export const clusterPassword = 'crate';

/** Where Debian keeps initdb and pg_ctl, newest version first; POSTGRES_BIN overrides it. */
export function postgresBin(): string {
  if (process.env.POSTGRES_BIN) return process.env.POSTGRES_BIN;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((name) => /^[0-9]+$/.test(name))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  for (const version of versions) {
    if (existsSync(join(root, version, 'bin', 'initdb'))) return join(root, version, 'bin');
  }
  throw new Error('PostgreSQL is not installed: apt-get install -y postgresql (or set POSTGRES_BIN).');
}

export interface ClusterOptions {
  /**
   * Every acknowledged commit on disk (PostgreSQL's defaults: fsync, synchronous_commit, full
   * page writes), as a store in production runs; the benchmarks measure that. Without it, a
   * throwaway cluster for tests skips the flushes.
   */
  durable?: boolean;
}

export async function startPostgresCluster({
  durable = false,
}: ClusterOptions = {}): Promise<PostgresCluster> {
  const bin = postgresBin();
  const asRoot = userInfo().uid === 0;
  const dir = mkdtempSync(join(tmpdir(), 'crate-pg-'));
  const run = (tool: string, args: string[]) => {
    const command = asRoot
      ? ['runuser', ['-u', 'postgres', '--', join(bin, tool), ...args]]
      : [join(bin, tool), args];
    const result = spawnSync(command[0] as string, command[1] as string[], { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${tool} failed: ${result.stderr || result.stdout}`);
  };
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  const data = join(dir, 'data');
  const passwordFile = join(dir, 'password');
  writeFileSync(passwordFile, clusterPassword, { mode: 0o644 });
  run('initdb', [
    '-D',
    data,
    '-U',
    clusterUser,
    `--pwfile=${passwordFile}`,
    '--auth-host=scram-sha-256',
    '--auth-local=trust',
    '-E',
    'UTF8',
    '--no-sync',
    // Byte order for text, as SQLite compares: both engines sort names alike.
    '--locale=C',
  ]);
  const port = await freePort();
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    "-c listen_addresses='127.0.0.1'",
    // A throwaway test cluster: durability costs time and buys nothing there.
    ...(durable ? [] : ['-c fsync=off', '-c synchronous_commit=off', '-c full_page_writes=off']),
    '-c max_connections=300',
  ].join(' ');
  const start = () => run('pg_ctl', ['-D', data, '-l', join(dir, 'log'), '-o', options, '-w', 'start']);
  start();
  const adminUrl = `postgres://${clusterUser}:${clusterPassword}@127.0.0.1:${port}/postgres`;
  const admin = async <T>(fn: (client: pg.Client) => Promise<T>) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      return await fn(client);
    } finally {
      await client.end();
    }
  };
  return {
    adminUrl,
    port,
    dir,
    async createDatabase(name) {
      await admin((client) => client.query(`CREATE DATABASE "${name}"`));
      return `postgres://${clusterUser}:${clusterPassword}@127.0.0.1:${port}/${name}`;
    },
    async dropDatabase(name) {
      await admin((client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    },
    restart() {
      run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
      start();
    },
    stop() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
