/**
 * Both browsers behind one interface, for journeys written once and run in each: a journey file
 * does `describe.each(e2eBrowsers)('$name', (browser) => ...)` and drives the extension through
 * `browser.launch()` and the shared page objects (components/**\/*.page.ts over test/e2e/ui.ts).
 * Chromium is Playwright's (extension.ts), Firefox ESR Puppeteer's (firefox/firefox-extension.ts).
 */
import type { Page } from 'playwright-core';
import { type ExtensionHarness, launchExtension } from './extension.ts';
import { type FirefoxExtension, launchFirefoxExtension } from './firefox/firefox-extension.ts';
import type { UiPage } from './ui.ts';

/** A tab either driver opened: what the page objects use, going to an address, an expression run in it, closing it. */
export interface E2ePage extends UiPage {
  goto(url: string): Promise<unknown>;
  evaluate<T>(expression: string): Promise<T>;
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
  /** Errors and warnings the extension caused so far, in any of its contexts. */
  consoleProblems(): Promise<unknown[]>;
  /** Closes the browser; throws if the extension left errors or warnings in the console. */
  close(): Promise<void>;
}

export interface E2eBrowser {
  name: 'Chromium' | 'Firefox';
  launch(options?: { downloadsPath?: string }): Promise<E2eExtension>;
}

/** Playwright's Page is an E2ePage; its evaluate is generic over functions too, which TypeScript cannot match. */
const chromiumPage = (page: Page) => page as unknown as E2ePage & Page;

function chromiumExtension(harness: ExtensionHarness): E2eExtension {
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
    consoleProblems: async () => harness.consoleProblems(),
    close: () => harness.close(),
  };
}

function firefoxExtension(firefox: FirefoxExtension): E2eExtension {
  return {
    openPage: (path) => firefox.openPage(path),
    openWebPage: (url) => firefox.openWebPage(url),
    background: (expression) => firefox.background(expression),
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
  { name: 'Chromium', launch: async (options) => chromiumExtension(await launchExtension(options)) },
  { name: 'Firefox', launch: async (options) => firefoxExtension(await launchFirefoxExtension(options)) },
];
