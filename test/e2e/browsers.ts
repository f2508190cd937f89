/**
 * Both browsers behind one interface, for journeys written once and run in each: a journey file
 * does `describe.each(e2eBrowsers)('$name', (browser) => ...)` and drives the extension through
 * `browser.launch()` and the shared page objects (components/**\/*.page.ts over test/e2e/ui.ts).
 * Chromium is Playwright's (extension.ts), Firefox ESR Puppeteer's (firefox/firefox-extension.ts).
 * What only a browser's own means can do (a context menu or notification clicked, site access
 * withheld) is a method here, written once per browser.
 */
import type { Page } from 'playwright-core';
import { chromeExtensionId, firefoxAddonId } from '../../lib/contract/extension-identity.ts';
import { storeMatchPattern } from '../../lib/contract/store-hosts.ts';
import { type ExtensionHarness, launchExtension, type MenuClick } from './extension.ts';
import { type FirefoxExtension, launchFirefoxExtension } from './firefox/firefox-extension.ts';
import type { UiPage } from './ui.ts';

/** A tab either driver opened: what the page objects use, going to an address, an expression run in it, closing it. */
export interface E2ePage extends UiPage {
  goto(url: string): Promise<unknown>;
  evaluate<T>(expression: string): Promise<T>;
  /** The tab's viewport, in CSS pixels (Playwright's default is 1280×720, Puppeteer's 800×600). */
  setViewportSize(size: { width: number; height: number }): Promise<void>;
  /**
   * A real mouse click in the middle of where `selector` is drawn, once it is: what a person's
   * click there hits, whatever element (if any) takes it.
   */
  clickWhereDrawn(selector: string): Promise<void>;
  close(): Promise<void>;
}

export interface E2eExtension {
  /** A new tab on one of the extension's pages. */
  openPage(path: string): Promise<E2ePage>;
  /** A new tab on a web page. */
  openWebPage(url: string): Promise<E2ePage>;
  /**
   * Evaluates `expression` in the extension's worker (Chromium) or background page (Firefox),
   * where `browser` names the WebExtension API.
   */
  background<T>(expression: string): Promise<T>;
  /**
   * A click on one of the extension's context menu items. Native menus cannot be clicked from a
   * test: Chromium dispatches the event through the worker's listeners (and waits for their work),
   * Firefox's menus code is told of the click as a person's makes it (and does not wait).
   */
  clickMenu(info: MenuClick): Promise<void>;
  /**
   * A person's click that takes up a notification's offer: in Chromium its button (dispatched
   * through the worker's listeners, since native notifications cannot be clicked), in Firefox,
   * which shows no buttons, the notification itself in Firefox's own alert window.
   */
  clickNotification(notificationId: string): Promise<void>;
  /**
   * Withholds or grants the extension's access to the store as a person does: Chromium's "Site
   * access" switch on chrome://extensions (every site the extension asks for), Firefox's
   * Permissions in about:addons (the store's origin).
   */
  setSiteAccess(storeUrl: string, allowed: boolean): Promise<void>;
  /**
   * Closes the browser mid-whatever, as a person closes it, and starts it again on the same
   * profile (launched with `profile`). Chromium only: see `canRestart`.
   */
  restart(): Promise<void>;
  /**
   * Stops the extension's worker as the browser does when it is idle (Chromium only: Firefox's
   * background page is not stopped from a test).
   */
  stopWorker?(): Promise<void>;
  /** Errors and warnings the extension caused so far, in any of its contexts. */
  consoleProblems(): Promise<unknown[]>;
  /**
   * Chromium's Playwright harness, for what only Playwright or the DevTools Protocol can do
   * (axe-core, the keyboard, a stopped worker) in the same browser: one browser per file.
   */
  readonly chromium?: ExtensionHarness;
  /** Closes the browser; throws if the extension left errors or warnings in the console. */
  close(): Promise<void>;
}

export interface E2eLaunchOptions {
  /** The profile's download folder: files land there under the names the extension gives them. */
  downloadsPath?: string;
  /** Chromium: a profile folder of the caller's, kept at close, for restart(). */
  profile?: string;
}

export interface E2eBrowser {
  name: 'Chromium' | 'Firefox';
  /**
   * Whether restart() can start the browser again with the extension on its profile: not in
   * Firefox, where the harness installs the extension as a temporary add-on, which Firefox
   * removes when it closes.
   */
  canRestart: boolean;
  launch(options?: E2eLaunchOptions): Promise<E2eExtension>;
}

async function until(check: () => Promise<boolean>, what: string, timeout = 15_000): Promise<void> {
  const deadline = Date.now() + timeout;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeout} ms waiting for ${what}.`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Playwright's Page is an E2ePage once it can click where an element is drawn (its evaluate is
 * generic over functions too, which TypeScript cannot match).
 */
function chromiumPage(page: Page): E2ePage & Page {
  return Object.assign(page, {
    async clickWhereDrawn(selector: string) {
      const target = page.locator(selector);
      await target.waitFor();
      const box = await target.boundingBox();
      if (!box) throw new Error(`${selector} is not drawn.`);
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    },
  }) as unknown as E2ePage & Page;
}

/** The extension's "Site access" switch (all the sites it asks for) on chrome://extensions. */
async function chromiumSiteAccess(harness: ExtensionHarness, allowed: boolean): Promise<void> {
  const page = await harness.context.newPage();
  await page.goto(`chrome://extensions/?id=${chromeExtensionId}`);
  const toggle = page.locator('extensions-host-permissions-toggle-list cr-toggle').first();
  await toggle.waitFor();
  if ((await toggle.isChecked()) !== allowed) await toggle.click();
  await until(async () => (await toggle.isChecked()) === allowed, `site access ${allowed ? 'on' : 'off'}`);
  await page.close();
}

function chromiumExtension(first: ExtensionHarness, options: E2eLaunchOptions): E2eExtension {
  let harness = first;
  return {
    openPage: async (path) => chromiumPage(await harness.openPage(path)),
    async openWebPage(url) {
      const page = await harness.context.newPage();
      await page.goto(url);
      return chromiumPage(page);
    },
    async background<T>(expression: string) {
      const worker = await harness.worker();
      return (await worker.evaluate(
        `(async (browser) => await (${expression}))(globalThis.browser ?? globalThis.chrome)`,
      )) as T;
    },
    clickMenu: (info) => harness.clickMenu(info),
    // Its only button is "Add to cart".
    clickNotification: (notificationId) => harness.clickNotificationButton(notificationId, 0),
    setSiteAccess: (_storeUrl, allowed) => chromiumSiteAccess(harness, allowed),
    async restart() {
      if (!options.profile) throw new Error('restart() needs a browser launched with a profile.');
      // As a person closes it, downloads under way with it (close() still checks the console).
      await harness.close();
      harness = await launchExtension(options);
    },
    stopWorker: () => harness.stopWorker(),
    consoleProblems: async () => harness.consoleProblems(),
    close: () => harness.close(),
    get chromium() {
      return harness;
    },
  };
}

/** Firefox's own alert window showing `message` (alerts.useSystemBackend is off), clicked once loaded. */
const clickAlertWindow = (message: string) => `(() => {
  for (const alert of Services.wm.getEnumerator('alert:alert')) {
    if (alert.document.readyState !== 'complete') continue;
    if (!alert.document.documentElement.textContent.includes(${JSON.stringify(message)})) continue;
    alert.document.getElementById('alertBox').click();
    return true;
  }
  return false;
})()`;

/** As about:addons does: the running add-on is passed along, so it learns of the change. */
const changeFirefoxPermissions = (change: 'add' | 'remove', storeUrl: string) => {
  const id = JSON.stringify(firefoxAddonId);
  return `ChromeUtils.importESModule('resource://gre/modules/ExtensionPermissions.sys.mjs')
    .ExtensionPermissions.${change}(${id}, { permissions: [], origins: [${JSON.stringify(storeMatchPattern(storeUrl))}] },
      WebExtensionPolicy.getByID(${id}).extension)
    .then(() => true)`;
};

function firefoxExtension(firefox: FirefoxExtension): E2eExtension {
  return {
    openPage: (path) => firefox.openPage(path),
    openWebPage: (url) => firefox.openWebPage(url),
    background: (expression) => firefox.background(expression),
    clickMenu: (info) => firefox.clickMenu(info),
    async clickNotification(notificationId) {
      // Firefox's notifications.getAll() gives each notification's options: its message finds its window.
      let message = '';
      await until(async () => {
        const all = await firefox.background<Record<string, { message?: string }>>(
          'browser.notifications.getAll()',
        );
        message = all[notificationId]?.message ?? '';
        return message !== '';
      }, `notification ${notificationId}`);
      // Its click listener is added on load: clicked once loaded, as a person's click would be. The
      // window shows the first 200 characters of a longer message.
      await until(
        () => firefox.privileged<boolean>(clickAlertWindow(message.slice(0, 150))),
        `the alert of ${notificationId}`,
      );
    },
    async setSiteAccess(storeUrl, allowed) {
      // Firefox MV3 lets a person take any origin back, and give it again, under Permissions.
      await firefox.privileged(changeFirefoxPermissions(allowed ? 'add' : 'remove', storeUrl));
    },
    restart: () =>
      Promise.reject(new Error('Firefox removes the temporary add-on the harness installs when it closes.')),
    consoleProblems: () => firefox.consoleProblems(),
    // As Chromium's harness does: a journey fails on any error or warning the extension caused.
    async close() {
      const problems = await firefox.consoleProblems();
      await firefox.close();
      if (problems.length > 0) {
        throw new Error(
          `The extension left errors or warnings in the console:\n${JSON.stringify(problems, null, 1)}`,
        );
      }
    },
  };
}

export const e2eBrowsers: readonly E2eBrowser[] = [
  {
    name: 'Chromium',
    canRestart: true,
    launch: async (options = {}) => chromiumExtension(await launchExtension(options), options),
  },
  {
    name: 'Firefox',
    canRestart: false,
    launch: async (options = {}) =>
      firefoxExtension(await launchFirefoxExtension({ downloadsPath: options.downloadsPath })),
  },
];
