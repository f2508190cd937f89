import { existsSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Flags for headless Chromium in tests and benchmarks: no sandbox (these machines run as root), no
 * background traffic (the network is closed, and refused connections only slow it down), and the
 * built extension when one is given.
 */
export function chromiumArgs(extensionPath?: string): string[] {
  return [
    ...(extensionPath
      ? [`--disable-extensions-except=${extensionPath}`, `--load-extension=${extensionPath}`]
      : []),
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ];
}

/** Debian's Chromium, or CHROME_PATH. */
export const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/** The built Chromium extension; a benchmark without one stops and says how to build it. */
export function builtExtensionPath(): string {
  const path = join(import.meta.dirname, '..', '..', '.output', 'chrome-mv3');
  if (!existsSync(join(path, 'manifest.json'))) {
    console.error('No built extension in .output/chrome-mv3: run "npm run build" first.');
    process.exit(1);
  }
  return path;
}
