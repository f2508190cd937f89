/**
 * The built extension (.output/firefox-mv3) in Firefox ESR, headless, driven by Puppeteer over
 * WebDriver BiDi, for one test file. Firefox 140's BiDi has gaps this works around:
 * - `moz-extension://` pages cannot be opened with page.goto (Mozilla bug 1755014): they are
 *   opened with a raw browsingContext.navigate;
 * - BiDi's log does not cover extension pages: the console is read in the browser's privileged
 *   context (--remote-allow-system-access) from the console service (errors, warnings, CSP), and
 *   console.* calls from Firefox's stdout (devtools.console.stdout.*);
 * - the add-on's internal UUID is random per profile: the extensions.webextensions.uuids pref
 *   pins it, so its pages have a known address.
 */
import { randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { inject } from 'vitest';
import { firefoxAddonId } from '../../../lib/contract/extension-identity.ts';
import { removeProfile } from '../../helpers/browser-profile.ts';
import type { MenuClick } from '../extension.ts';
import { FirefoxPage } from './puppeteer-ui.ts';

export const builtFirefoxExtensionPath = join(
  import.meta.dirname,
  '..',
  '..',
  '..',
  '.output',
  'firefox-mv3',
);

export interface ConsoleEntry {
  level: 'error' | 'warning' | 'info';
  text: string;
  source: string;
}

export interface FirefoxExtension {
  browser: Browser;
  extensionUrl(path: string): string;
  /** A new tab on one of the extension's pages, once it is interactive. */
  openPage(path: string): Promise<FirefoxPage>;
  /** A new tab on a web page. */
  openWebPage(url: string): Promise<FirefoxPage>;
  /** Evaluates `expression` in the background page, where `bg` names its global. */
  background<T>(expression: string): Promise<T>;
  /** Evaluates in the browser's privileged (chrome) context. */
  privileged<T>(expression: string): Promise<T>;
  /**
   * A click on one of the extension's context menu items: a native menu cannot be clicked from a
   * test, so Firefox's menus code is told of the click as a person's makes it (its
   * "webext-menu-menuitem-click" event), which reaches the background's real listener. It does not
   * wait for what the listener does: the test waits for the outcome.
   */
  clickMenu(info: MenuClick): Promise<void>;
  /** Errors and warnings so far that came from the extension. */
  consoleProblems(): Promise<ConsoleEntry[]>;
  close(): Promise<void>;
}

export interface FirefoxLaunchOptions {
  /** Files the extension downloads land here, without a prompt. */
  downloadsPath?: string;
}

interface BidiConnection {
  send(method: string, params: object): Promise<{ result: Record<string, unknown> }>;
}

/** Firefox's console service, watched from the privileged context, kept in `globalThis.crateConsole`. */
const watchConsoleService = `(() => {
  const entries = (globalThis.crateConsole = []);
  Services.console.registerListener({
    observe(message) {
      if (!(message instanceof Ci.nsIScriptError)) return;
      const level = message.flags & Ci.nsIScriptError.warningFlag ? 'warning'
        : message.flags & Ci.nsIScriptError.infoFlag ? 'info' : 'error';
      entries.push({ level, text: message.errorMessage, source: message.sourceName || '' });
    },
  });
  return true;
})()`;

/**
 * Start-up work a test's Firefox does not need (a spare content process made in advance, the new
 * tab page preloaded, telemetry, region and network probes): about half a second of CPU a launch.
 * And a caret that does not blink: headless Firefox focuses its address bar, and each blink
 * repaints the window in software (an idle browser spent a fifth of a core on it).
 */
const quietStartPrefs = {
  'ui.caretBlinkTime': -1,
  'dom.ipc.processPrelaunch.enabled': false,
  'browser.newtab.preload': false,
  'browser.startup.blankWindow': false,
  'toolkit.telemetry.enabled': false,
  'toolkit.telemetry.unified': false,
  'browser.discovery.enabled': false,
  'extensions.pocket.enabled': false,
  'network.dns.disablePrefetch': true,
  'network.prefetch-next': false,
  'browser.region.update.enabled': false,
  'browser.aboutwelcome.enabled': false,
  'browser.topsites.contile.enabled': false,
  'network.connectivity-service.enabled': false,
  'network.captive-portal-service.enabled': false,
};

/**
 * A profile Firefox has started on once and closed (its databases, certificates and start-up cache
 * made), copied for each launch: a fresh profile costs each launch 1.3 s more CPU (3.1 s against
 * 1.8 s). Made once per run by global-setup.ts; it holds no add-on and no site data.
 */
export async function makeFirefoxProfileTemplate(executablePath: string): Promise<string> {
  const template = mkdtempSync(join(tmpdir(), 'crate-firefox-template-'));
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath,
    headless: true,
    userDataDir: template,
    extraPrefsFirefox: quietStartPrefs,
  });
  await browser.close();
  return template;
}

export async function launchFirefoxExtension(options: FirefoxLaunchOptions = {}): Promise<FirefoxExtension> {
  const uuid = randomUUID();
  const extensionUrl = (path: string) => `moz-extension://${uuid}/${path}`;
  const downloads = options.downloadsPath
    ? {
        'browser.download.dir': options.downloadsPath,
        'browser.download.folderList': 2,
        'browser.download.useDownloadDir': true,
        'browser.download.start_downloads_in_tmp_dir': false,
        'browser.download.always_ask_before_handling_new_types': false,
        'browser.download.alwaysOpenPanel': false,
        'browser.download.panel.shown': true,
      }
    : {};
  const profile = mkdtempSync(join(tmpdir(), 'crate-firefox-'));
  cpSync(inject('firefoxProfileTemplate'), profile, { recursive: true });
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: inject('firefoxPath'),
    headless: true,
    // Playwright's 1280×720 (Puppeteer's own is 800×600): both browsers test the same screen.
    defaultViewport: { width: 1280, height: 720 },
    userDataDir: profile,
    args: ['--remote-allow-system-access'],
    extraPrefsFirefox: {
      ...quietStartPrefs,
      'extensions.webextensions.uuids': JSON.stringify({ [firefoxAddonId]: uuid }),
      // Notifications as Firefox's own alert windows, which exist headless and can be clicked.
      'alerts.useSystemBackend': false,
      // A permissions.request is granted without a doorhanger, as a person's "Allow" would.
      'extensions.webextOptionalPermissionPrompts': false,
      // console.* calls of extension pages and content scripts, printed on stdout.
      'devtools.console.stdout.content': true,
      ...downloads,
    },
  });
  const connection = (browser as unknown as { connection: BidiConnection }).connection;
  const stdoutProblems: ConsoleEntry[] = [];
  browser.process()?.stdout?.setEncoding('utf8');
  browser.process()?.stdout?.on('data', (chunk: string) => {
    for (const line of chunk.split('\n')) {
      const call = /^console\.(error|warn): (.*)$/.exec(line);
      if (call) {
        stdoutProblems.push({
          level: call[1] === 'error' ? 'error' : 'warning',
          text: call[2] ?? '',
          source: 'console',
        });
      }
    }
  });

  async function chromeContext(): Promise<string> {
    const { result } = await connection.send('browsingContext.getTree', { 'moz:scope': 'chrome' });
    const contexts = result.contexts as { context: string; url: string }[];
    const window = contexts.find((context) => context.url === 'chrome://browser/content/browser.xhtml');
    if (!window) throw new Error('No browser window in the privileged context.');
    return window.context;
  }
  async function privileged<T>(expression: string): Promise<T> {
    const { result } = await connection.send('script.evaluate', {
      expression,
      target: { context: await chromeContext() },
      awaitPromise: true,
      resultOwnership: 'none',
    });
    if (result.type === 'exception') {
      throw new Error(`Privileged script failed: ${JSON.stringify(result.exceptionDetails)}`);
    }
    return (result.result as { value: T }).value;
  }
  await privileged(watchConsoleService);
  const readConsoleService = async () =>
    JSON.parse(await privileged<string>('JSON.stringify(globalThis.crateConsole)')) as ConsoleEntry[];

  await browser.installExtension(builtFirefoxExtensionPath);

  const windows = {
    nextPage: () =>
      new Promise<Page>((resolve) => {
        const opened = async (target: { type(): string; page(): Promise<Page | null> }) => {
          if (target.type() !== 'page') return;
          const page = await target.page();
          if (!page) return;
          browser.off('targetcreated', opened);
          resolve(page);
        };
        browser.on('targetcreated', opened);
      }),
  };

  async function navigate(page: Page, url: string): Promise<void> {
    const context = (page.mainFrame() as unknown as { _id: string })._id;
    await connection.send('browsingContext.navigate', { context, url, wait: 'interactive' });
  }

  let helper: FirefoxPage | undefined;
  const extension: FirefoxExtension = {
    browser,
    extensionUrl,
    privileged,
    async openPage(path) {
      const page = await browser.newPage();
      await navigate(page, extensionUrl(path));
      return new FirefoxPage(page, windows);
    },
    async openWebPage(url) {
      const page = await browser.newPage();
      await page.goto(url);
      return new FirefoxPage(page, windows);
    },
    async background<T>(expression: string) {
      // An extension page reaches the background page (an event page in Firefox) directly.
      helper ??= await extension.openPage('options.html');
      await helper.waitForLoadState('domcontentloaded');
      return helper.evaluate<T>(
        `(async () => { const bg = await browser.runtime.getBackgroundPage(); return await (${expression}); })()`,
      );
    },
    async clickMenu(info) {
      const clicked = JSON.stringify({ editable: false, ...info });
      await privileged(`(() => {
        const { ExtensionParent } = ChromeUtils.importESModule('resource://gre/modules/ExtensionParent.sys.mjs');
        const extension = ExtensionParent.GlobalManager.extensionMap.get(${JSON.stringify(firefoxAddonId)});
        if (!extension) throw new Error('Crate is not installed.');
        extension.emit('webext-menu-menuitem-click', ${clicked}, null);
        return true;
      })()`);
    },
    async consoleProblems() {
      return [...(await readConsoleService()), ...stdoutProblems].filter(
        (entry) => entry.level !== 'info' && causedByExtension(entry, uuid),
      );
    },
    async close() {
      await browser.close();
      removeProfile(profile);
    },
  };
  return extension;
}

/**
 * What Firefox itself logs when a test closes a tab or page while an extension API call or
 * listener of it is still open: its messaging "conduits" are torn down with the page, and the
 * call can neither finish nor be caught by the page that made it; likewise a database write.
 */
const firefoxTeardownNoise = [
  /^sendRemoveListener on closed conduit /,
  /^Promise rejected after context unloaded: Actor 'Conduits' destroyed before query/,
  // A page's API call answered after the page was closed (the popup's keyboard shortcuts, from
  // commands.getAll, when a popup is closed as soon as it shows): Firefox drops the answer.
  /^Promise resolved after context unloaded\n?$/,
  // The same for a call rejected: a store tab's content script that Firefox unloads when the
  // store's site access is withdrawn (host-access.test.ts) while a message of its was in flight.
  /^Promise rejected after context unloaded: An unexpected error occurred\n?$/,
  // The same for a store page a test navigated away from, kept in the back-forward cache: the
  // page is inactive, and Firefox drops the answer (once in this-computer.test.ts).
  /^Promise resolved while context is inactive\n?$/,
  // A page closed while its IndexedDB write (the popup's cache) was in flight: the write is
  // dropped, as when a person closes the popup.
  /^An IndexedDB transaction that was not yet complete has been aborted due to page navigation\.$/,
  // A store tab closed by a test while its content script's idle-time cart check (cart-freshness.ts)
  // was pending, or its visibility handler ran: Firefox stops the callback with the page. Seen only
  // at a load of 7 to 9 on 2 cores (three browser pairs at once, and once beside the service
  // files), on four CI runs; a slow-script watchdog pref of 0 did not silence it, so it is the
  // page's teardown, not a script running long.
  // The minified function's name changes with every build ("Zn", "to", "o"), and an inner function
  // is named "outer/<": any one in store.js.
  /^Script terminated by timeout at:\n[\w$]+(?:\/<)?@moz-extension:\/\/[0-9a-f-]+\/content-scripts\/store\.js:\d+:\d+\n$/,
  // Firefox's own Remote Settings loader, offline here, when a tab it watches (the welcome page
  // a new install opens) first loads: logged on stdout with no source, not by the extension.
  /^RSLoader: $/,
];

/**
 * Whether the extension caused a console entry: it came from one of its files (pages, background,
 * content script), or it names the extension, its id, or Crate's own prefix.
 */
function causedByExtension(entry: ConsoleEntry, uuid: string): boolean {
  if (firefoxTeardownNoise.some((pattern) => pattern.test(entry.text))) return false;
  if (entry.source.startsWith(`moz-extension://${uuid}/`)) return true;
  if (entry.source === 'console') return true;
  return entry.text.includes(uuid) || entry.text.includes(firefoxAddonId) || entry.text.startsWith('Crate');
}
