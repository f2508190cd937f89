import type { TestProject } from 'vitest/node';
import { startPostgresCluster } from '../../scripts/postgres-cluster.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresAdminUrl: string;
  }
}

/** One throwaway PostgreSQL cluster for the service suite's PostgreSQL run; each store makes its own database in it. */
export default async function setup(project: TestProject) {
  const cluster = await startPostgresCluster();
  project.provide('postgresAdminUrl', cluster.adminUrl);
  return () => cluster.stop();
}
