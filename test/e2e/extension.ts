/**
 * The built extension (.output/chrome-mv3) in Debian's Chromium, headless, for one test file:
 * its pages, its service worker, and the CDP calls that stop the worker like the browser does.
 * The browser is launched as the benchmarks and scripts launch it (test/helpers/chromium.ts).
 */
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { BrowserContext, ConsoleMessage, Page, Worker } from 'playwright-core';
import { inject } from 'vitest';
import { extensionUrl, launchChromium } from '../helpers/chromium.ts';

export const builtExtensionPath = join(import.meta.dirname, '..', '..', '.output', 'chrome-mv3');
export { extensionUrl };

export interface ExtensionHarness {
  context: BrowserContext;
  openPage(path: string): Promise<Page>;
  worker(): Promise<Worker>;
  stopWorker(): Promise<void>;
  /** True once the worker stopped by stopWorker() has been started again. */
  workerWasRestarted(): Promise<boolean>;
  /** Whether the worker runs now, asked without starting it (workerWasRestarted would). */
  workerIsRunning(): Promise<boolean>;
  /**
   * A click on one of the extension's context menu items, and on a notification's button: native
   * menus and notifications cannot be clicked from a test, so the event goes through the worker's
   * real listeners (Chromium's events have `dispatch`), and this waits for the work they return.
   */
  clickMenu(info: MenuClick): Promise<void>;
  clickNotificationButton(notificationId: string, buttonIndex?: number): Promise<void>;
  /** Errors and warnings the extension caused so far, in any of its contexts. */
  consoleProblems(): ConsoleProblem[];
  /** A console problem this test file causes on purpose; close() does not count those. */
  expectConsole(pattern: RegExp): void;
  /** Closes the browser; throws if the extension left errors or warnings in the console. */
  close(): Promise<void>;
}

/** What a context menu click tells the listener (the fields Crate reads, on a page that is not editable). */
export interface MenuClick {
  menuItemId: string;
  pageUrl: string;
  linkUrl?: string;
}

/** Runs in the worker: fires `event` through its listeners and waits for what they return. */
async function dispatchInWorker(running: Worker, event: 'menu' | 'notificationButton', args: unknown[]) {
  await running.evaluate(
    async ({ event, args }) => {
      type Dispatchable = { dispatch(...args: unknown[]): { results?: unknown[] } | undefined };
      const api = (globalThis as unknown as { chrome: Record<string, Record<string, Dispatchable>> }).chrome;
      const target = event === 'menu' ? api.contextMenus?.onClicked : api.notifications?.onButtonClicked;
      if (!target) throw new Error(`The worker has no ${event} event to dispatch.`);
      await Promise.all(target.dispatch(...args)?.results ?? []);
    },
    { event, args },
  );
}

export interface ConsoleProblem {
  level: 'error' | 'warning';
  text: string;
  url: string;
}

export interface LaunchOptions {
  /** The profile's download folder: files land there under the names the extension gives them. */
  downloadsPath?: string;
  /** Another build of the extension than .output/chrome-mv3 (a copy with a patched manifest). */
  extensionPath?: string;
  /** More Chromium flags. */
  args?: string[];
  /**
   * A profile folder of the caller's, kept at close, so a browser can be started again on it (a
   * new folder gets the download preferences first).
   */
  profile?: string;
}

export async function launchExtension(options: LaunchOptions = {}): Promise<ExtensionHarness> {
  const context = await launchChromium({
    executablePath: inject('chromePath'),
    extensionPath: options.extensionPath ?? builtExtensionPath,
    downloadsPath: options.downloadsPath,
    ...(options.profile ? { profile: options.profile } : {}),
    args: options.args,
  });

  // The console of the worker, the extension's pages and the content script (which logs into the
  // store page's console, with its own file as the location), and uncaught errors anywhere.
  const problems: ConsoleProblem[] = [];
  const expected: RegExp[] = [];
  const record = (message: ConsoleMessage) => {
    const level = message.type();
    if (level !== 'error' && level !== 'warning') return;
    // Where it was logged from: the script's file, else the page (an extension page's own code).
    const url = message.location().url || message.page()?.url() || '';
    problems.push({ level, text: message.text(), url });
  };
  context.on('console', record);
  context.on('weberror', (error) =>
    problems.push({ level: 'error', text: String(error.error()), url: error.page()?.url() ?? '' }),
  );
  const watched = new WeakSet<Worker>();
  const watch = (candidate: Worker) => {
    if (!candidate.url().startsWith(extensionUrl('')) || watched.has(candidate)) return;
    watched.add(candidate);
    candidate.on('console', record);
  };
  context.on('serviceworker', watch);
  for (const running of context.serviceWorkers()) watch(running);
  const causedByExtension = (problem: ConsoleProblem) =>
    problem.url.startsWith(extensionUrl('')) || /\bCrate\b/.test(problem.text);

  const consoleProblems = () =>
    problems.filter(
      (problem) => causedByExtension(problem) && !expected.some((pattern) => pattern.test(problem.text)),
    );

  async function worker(): Promise<Worker> {
    const running = context
      .serviceWorkers()
      .find((candidate) => candidate.url().startsWith(extensionUrl('')));
    return (
      running ??
      context.waitForEvent('serviceworker', (candidate) => candidate.url().startsWith(extensionUrl('')))
    );
  }

  return {
    context,
    worker,
    clickMenu: async (info) => dispatchInWorker(await worker(), 'menu', [{ editable: false, ...info }]),
    clickNotificationButton: async (notificationId, buttonIndex = 0) =>
      dispatchInWorker(await worker(), 'notificationButton', [notificationId, buttonIndex]),
    async openPage(path) {
      const page = await context.newPage();
      await page.goto(extensionUrl(path));
      return page;
    },
    /**
     * Stops the service worker as Chromium does when it idles: its target closes, and the next
     * event starts a fresh worker with fresh globals, under the same target and Worker handle
     * (whose evaluate waits for that restart). The ServiceWorker domain says when it has stopped.
     */
    async stopWorker() {
      // Closing the target kills the worker even mid-call; Chromium then rejects that call with
      // "No SW", which the worker logs as it should. Chromium's own idle stop never cuts a call.
      expected.push(/\bNo SW\b/);
      const running = await worker();
      await running.evaluate(() => {
        (globalThis as { beforeStop?: boolean }).beforeStop = true;
      });
      const page = context.pages()[0] ?? (await context.newPage());
      const cdp = await context.newCDPSession(page);
      const targets = (await cdp.send('Target.getTargets')).targetInfos.filter(
        (info) => info.type === 'service_worker' && info.url.startsWith(extensionUrl('')),
      );
      if (targets.length === 0) throw new Error('The extension has no running service worker.');
      const ours = (version: { scriptURL: string }) => version.scriptURL.startsWith(extensionUrl(''));
      // Only news after the targets are closed counts: enabling the domain reports every version.
      let closing = false;
      const stopped = new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error('The service worker did not stop within 15 s.')),
          15_000,
        );
        cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
          if (closing && versions.some((version) => ours(version) && version.runningStatus === 'stopped')) {
            clearTimeout(timer);
            resolve();
          }
        });
      });
      await cdp.send('ServiceWorker.enable');
      closing = true;
      // Every worker target of the extension: a stale one may be listed before the running one.
      for (const target of targets) await cdp.send('Target.closeTarget', { targetId: target.targetId });
      try {
        await stopped;
      } finally {
        // Detaching can wait on the worker that an event started in the meantime: do not wait long.
        await Promise.race([cdp.detach(), sleep(1000)]);
      }
    },
    async workerIsRunning() {
      const page = context.pages()[0] ?? (await context.newPage());
      const cdp = await context.newCDPSession(page);
      try {
        const { targetInfos } = await cdp.send('Target.getTargets');
        return targetInfos.some(
          (info) => info.type === 'service_worker' && info.url.startsWith(extensionUrl('')),
        );
      } finally {
        await cdp.detach();
      }
    },
    async workerWasRestarted() {
      return (
        (await (await worker()).evaluate(() => (globalThis as { beforeStop?: boolean }).beforeStop)) !== true
      );
    },
    consoleProblems,
    expectConsole(pattern) {
      expected.push(pattern);
    },
    async close() {
      const left = consoleProblems();
      await context.close();
      if (left.length > 0) {
        throw new Error(
          `The extension left errors or warnings in the console:\n${JSON.stringify(left, null, 2)}`,
        );
      }
    },
  };
}

interface ExtensionGlobal {
  chrome: { runtime: { sendMessage(message: unknown): Promise<unknown> } };
}

/** Sends a protocol message from an extension page, as the popup does. */
export function sendFromPage(page: Page, kind: string, payload: object = {}): Promise<unknown> {
  return page.evaluate(
    ([kind, payload]) =>
      (globalThis as unknown as ExtensionGlobal).chrome.runtime.sendMessage({
        channel: 'crate',
        kind,
        payload,
      }),
    [kind, payload] as const,
  );
}

/** The refresh token in the vault, decrypted inside the worker: the only place that can. */
export function readRefreshToken(worker: Worker): Promise<string | null> {
  return worker.evaluate(async () => {
    const request = (r: IDBRequest) =>
      new Promise<unknown>((resolve, reject) => {
        r.onsuccess = () => resolve(r.result);
        r.onerror = () => reject(r.error);
      });
    const db = (await request(indexedDB.open('crate-vault'))) as IDBDatabase;
    const read = (store: string, key: string) => request(db.transaction(store).objectStore(store).get(key));
    const key = (await read('keys', 'grant-key')) as CryptoKey | undefined;
    const sealed = (await read('grants', 'current')) as
      | { iv: Uint8Array<ArrayBuffer>; ciphertext: ArrayBuffer }
      | undefined;
    db.close();
    if (!key || !sealed) return null;
    const plaintext = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: sealed.iv }, key, sealed.ciphertext);
    return (JSON.parse(new TextDecoder().decode(plaintext)) as { refreshToken: string }).refreshToken;
  });
}

/** The access token the worker holds in storage.session. */
export function readAccessToken(worker: Worker): Promise<string | null> {
  return worker.evaluate(async () => {
    const { chrome } = globalThis as unknown as {
      chrome: {
        storage: { session: { get(key: string): Promise<Record<string, { token: string } | undefined>> } };
      };
    };
    return (await chrome.storage.session.get('accessToken')).accessToken?.token ?? null;
  });
}

/** The welcome tab the install opened by itself (it may open before or after the harness looks). */
export async function welcomeTab(harness: ExtensionHarness): Promise<Page> {
  const url = extensionUrl('welcome.html');
  const open = harness.context.pages().find((page) => page.url() === url);
  const page = open ?? (await harness.context.waitForEvent('page', (candidate) => candidate.url() === url));
  await page.waitForLoadState('domcontentloaded');
  return page;
}
