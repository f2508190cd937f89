import { existsSync, rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { freePort } from '../helpers/free-port.ts';
import { startTestStore } from '../helpers/store.ts';
import { e2eWorkers } from './e2e-workers.ts';
import { makeFirefoxProfileTemplate } from './firefox/firefox-extension.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One store per e2e worker (store-url.ts picks a file's). */
    storeUrls: string[];
    chromePath: string;
    firefoxPath: string;
    /** The profile each Firefox launch starts from a copy of (firefox-extension.ts). */
    firefoxProfileTemplate: string;
  }
}

/**
 * A store per e2e worker (vitest.config.ts's e2eWorkers), each on a free port with a small seeded
 * catalog: files run several at a time, and two files at once must not share a cart or a library.
 */
export default async function setup(project: TestProject) {
  const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
  if (!existsSync(chromePath)) {
    throw new Error(
      `Chromium is not at ${chromePath}. Install it with "apt-get install -y chromium", or set CHROME_PATH.`,
    );
  }
  const firefoxPath = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';
  if (!existsSync(firefoxPath)) {
    throw new Error(
      `Firefox is not at ${firefoxPath}. Install it with "apt-get install -y firefox-esr", or set FIREFOX_PATH.`,
    );
  }
  // Eight-second tracks (trackSeconds): the tests sharing a store save files but do not test their
  // length; full-length files are the service suite's (file-serving.test.ts) and the download runs'.
  const firefoxProfileTemplate = makeFirefoxProfileTemplate(firefoxPath);
  const stores = await Promise.all(
    Array.from({ length: e2eWorkers }, async () => {
      const port = await freePort();
      const storeUrl = `http://127.0.0.1:${port}`;
      const store = await startTestStore({ scale: 400, trackSeconds: 8, config: { baseUrl: storeUrl } });
      await store.app.listen({ port, host: '127.0.0.1' });
      return store;
    }),
  );
  project.provide(
    'storeUrls',
    stores.map((store) => store.baseUrl),
  );
  project.provide('chromePath', chromePath);
  project.provide('firefoxPath', firefoxPath);
  project.provide('firefoxProfileTemplate', await firefoxProfileTemplate);
  return async () => {
    await Promise.all(stores.map((store) => store.close()));
    rmSync(await firefoxProfileTemplate, { recursive: true, force: true });
  };
}
