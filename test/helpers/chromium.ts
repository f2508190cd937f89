import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium } from 'playwright-core';
import { chromeExtensionId } from '../../lib/contract/extension-identity.ts';
import { removeProfile } from './browser-profile.ts';

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

/** A page of the extension loaded with its key (the manifest's, so the id is known). */
export const extensionUrl = (path: string) => `chrome-extension://${chromeExtensionId}/${path}`;

/** A profile (fresh unless given) whose preferences save downloads to `downloadsPath` without asking. */
function profileWithDownloadFolder(
  downloadsPath: string,
  profile = mkdtempSync(join(tmpdir(), 'crate-profile-')),
): string {
  if (existsSync(join(profile, 'Default'))) return profile;
  mkdirSync(join(profile, 'Default'), { recursive: true });
  const download = { default_directory: downloadsPath, prompt_for_download: false, directory_upgrade: true };
  writeFileSync(join(profile, 'Default', 'Preferences'), JSON.stringify({ download }));
  return profile;
}

export interface ChromiumLaunch {
  executablePath: string;
  /** The built extension to load; none for a browser without Crate. */
  extensionPath?: string;
  /** The profile's download folder: files land there under the names the extension gives them. */
  downloadsPath?: string;
  /** A profile folder of the caller's; else a fresh one (with downloadsPath) or a temporary one. */
  profile?: string;
  viewport?: { width: number; height: number };
  args?: string[];
}

/**
 * Headless Chromium as the end-to-end tests, the benchmarks and the scripts launch it: the
 * extension loaded and its worker started, and with `downloadsPath`, downloads saved there.
 */
export async function launchChromium(options: ChromiumLaunch): Promise<BrowserContext> {
  const ownProfile =
    !options.profile && options.downloadsPath ? profileWithDownloadFolder(options.downloadsPath) : '';
  // A caller's profile, started again after a close, keeps the preferences it got the first time.
  if (options.profile && options.downloadsPath)
    profileWithDownloadFolder(options.downloadsPath, options.profile);
  const context = await chromium.launchPersistentContext(options.profile ?? ownProfile, {
    executablePath: options.executablePath,
    headless: true,
    ...(options.viewport ? { viewport: options.viewport } : {}),
    args: [...chromiumArgs(options.extensionPath), ...(options.args ?? [])],
  });
  if (ownProfile) context.on('close', () => removeProfile(ownProfile));
  if (options.extensionPath) {
    const started = context.serviceWorkers().some((worker) => worker.url().startsWith(extensionUrl('')));
    if (!started) {
      await context.waitForEvent('serviceworker', (worker) => worker.url().startsWith(extensionUrl('')));
    }
  }
  if (options.downloadsPath) {
    // Playwright cancels downloads unless told otherwise, and its "allow" ignores the names an
    // extension gives; "default" hands them back to the profile's folder. The setting lasts as
    // long as this CDP session, so it stays open with the browser.
    const cdp = await context.newCDPSession(context.pages()[0] ?? (await context.newPage()));
    await cdp.send('Browser.setDownloadBehavior', { behavior: 'default' });
  }
  return context;
}

/** Opens the extension's pages in `context`: what test/e2e/connect.ts signs in with. */
export const extensionPages = (context: BrowserContext) => ({
  async openPage(path: string) {
    const page = await context.newPage();
    await page.goto(extensionUrl(path));
    return page;
  },
});
