import { existsSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { freePort } from '../helpers/free-port.ts';
import { startTestStore } from '../helpers/store.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    storeUrl: string;
    chromePath: string;
    firefoxPath: string;
  }
}

/** One store for the whole end-to-end run, on a free port with a small seeded catalog. */
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
  const port = await freePort();
  const storeUrl = `http://127.0.0.1:${port}`;
  // Eight-second tracks (trackSeconds): the tests sharing this store save files but do not test their
  // length; full-length files are the service suite's (file-serving.test.ts) and the download runs'.
  const store = await startTestStore({ scale: 400, trackSeconds: 8, config: { baseUrl: storeUrl } });
  await store.app.listen({ port, host: '127.0.0.1' });
  project.provide('storeUrl', storeUrl);
  project.provide('chromePath', chromePath);
  project.provide('firefoxPath', firefoxPath);
  return () => store.close();
}
