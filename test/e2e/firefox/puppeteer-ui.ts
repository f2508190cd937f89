/**
 * The page objects' driver interface (test/e2e/ui.ts) over Puppeteer's WebDriver BiDi pages in
 * Firefox. Elements are found in the page (page-query.ts) and waited for from here, by polling:
 * Puppeteer's waitForFunction builds a `new Function` in the page, which an extension's CSP
 * refuses. Clicks are real input (BiDi input actions), so the page sees trusted events.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { ElementHandle, Page } from 'puppeteer-core';
import type { AriaRole, RoleOptions, UiLocator, UiPage } from '../ui.ts';
import { pageQuery, type Query, type Step, type TextMatch } from './page-query.ts';

const defaultTimeout = 15_000;
const pollMs = 50;

const textMatch = (text: string | RegExp): TextMatch =>
  typeof text === 'string' ? { text } : { source: text.source, flags: text.flags };

/** Waits until `check` resolves truthy; errors while a page navigates count as "not yet". */
async function until<T>(check: () => Promise<T>, what: string, timeout = defaultTimeout): Promise<T> {
  const deadline = Date.now() + timeout;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value) return value;
    } catch (error) {
      if (/strict mode violation/.test(String(error))) throw error;
      lastError = error;
    }
    if (Date.now() > deadline) {
      throw new Error(`Timed out after ${timeout} ms waiting for ${what}`, { cause: lastError });
    }
    await sleep(pollMs);
  }
}

export interface WindowSource {
  /** The next top-level page the browser opens (a sign-in window, a tab). */
  nextPage(): Promise<Page>;
}

export class FirefoxPage implements UiPage {
  constructor(
    readonly puppeteer: Page,
    private readonly windows: WindowSource,
  ) {}

  locator(selector: string): FirefoxLocator {
    return new FirefoxLocator(this, [{ kind: 'css', selector }]);
  }

  getByRole(role: AriaRole, options: RoleOptions = {}): FirefoxLocator {
    return new FirefoxLocator(this, []).getByRole(role, options);
  }

  getByText(text: string | RegExp, options: { exact?: boolean } = {}): FirefoxLocator {
    return new FirefoxLocator(this, []).getByText(text, options);
  }

  getByLabel(text: string, options: { exact?: boolean } = {}): FirefoxLocator {
    return new FirefoxLocator(this, []).getByLabel(text, options);
  }

  context() {
    return {
      waitForEvent: async (_event: 'page'): Promise<FirefoxPage> =>
        new FirefoxPage(await this.windows.nextPage(), this.windows),
    };
  }

  async waitForLoadState(_state: 'domcontentloaded'): Promise<void> {
    await until(
      () => this.puppeteer.evaluate('document.readyState !== "loading"') as Promise<boolean>,
      'the page to load',
    );
  }

  waitForEvent(_event: 'close'): Promise<void> {
    return new Promise((resolve) => this.puppeteer.once('close', () => resolve()));
  }

  /** Runs a page query now (no waiting). */
  query<T>(steps: Step[], query: Query): Promise<T> {
    return this.puppeteer.evaluate(pageQuery(steps, query)) as Promise<T>;
  }

  async evaluate<T>(expression: string): Promise<T> {
    return (await this.puppeteer.evaluate(expression)) as T;
  }

  /** Opens `url` in this tab, as Playwright's page.goto does. */
  async goto(url: string): Promise<void> {
    await this.puppeteer.goto(url);
  }

  /** The tab's viewport, as Playwright's page.setViewportSize sets it. */
  async setViewportSize(size: { width: number; height: number }): Promise<void> {
    await this.puppeteer.setViewport(size);
  }

  /** A real mouse click in the middle of where `selector` is drawn, once it is (test/e2e/browsers.ts). */
  async clickWhereDrawn(selector: string): Promise<void> {
    const box = await (await this.puppeteer.waitForSelector(selector))?.boundingBox();
    if (!box) throw new Error(`${selector} is not drawn.`);
    await this.puppeteer.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  }

  close(): Promise<void> {
    return this.puppeteer.close();
  }
}

export class FirefoxLocator implements UiLocator {
  constructor(
    private readonly owner: FirefoxPage,
    readonly steps: Step[],
  ) {}

  private with(step: Step): FirefoxLocator {
    return new FirefoxLocator(this.owner, [...this.steps, step]);
  }

  private get description(): string {
    return JSON.stringify(this.steps);
  }

  locator(selector: string): FirefoxLocator {
    return this.with({ kind: 'css', selector });
  }

  getByRole(role: AriaRole, options: RoleOptions = {}): FirefoxLocator {
    return this.with({
      kind: 'role',
      role,
      name: options.name === undefined ? undefined : textMatch(options.name),
      exact: options.exact,
      pressed: options.pressed,
    });
  }

  getByText(text: string | RegExp, options: { exact?: boolean } = {}): FirefoxLocator {
    return this.with({ kind: 'text', match: textMatch(text), exact: options.exact });
  }

  getByLabel(text: string, options: { exact?: boolean } = {}): FirefoxLocator {
    return this.with({ kind: 'label', match: textMatch(text), exact: options.exact });
  }

  filter(options: { hasText?: string | RegExp; has?: never }): FirefoxLocator {
    const has = options.has as FirefoxLocator | undefined;
    return this.with({
      kind: 'filter',
      hasText: options.hasText === undefined ? undefined : textMatch(options.hasText),
      has: has?.steps,
    });
  }

  first(): FirefoxLocator {
    return this.with({ kind: 'nth', index: 0 });
  }

  last(): FirefoxLocator {
    return this.with({ kind: 'nth', index: -1 });
  }

  nth(index: number): FirefoxLocator {
    return this.with({ kind: 'nth', index });
  }

  page(): FirefoxPage {
    return this.owner;
  }

  /** The one element this locator finds, once it is there and visible. */
  async element(timeout = defaultTimeout): Promise<ElementHandle<Element>> {
    await this.waitFor({ timeout });
    const handle = await this.owner.puppeteer.evaluateHandle(pageQuery(this.steps, { action: 'element' }));
    const element = handle.asElement() as ElementHandle<Element> | null;
    if (!element) throw new Error(`${this.description} went away`);
    return element;
  }

  async click(): Promise<void> {
    let clickFailed: unknown;
    // As Playwright's click: an element the page drew again between finding and clicking (a
    // re-render replaces it: "Node is detached from document") is found again, until enabled.
    await until(async () => {
      const element = await this.element();
      if (await element.evaluate((node) => (node as HTMLButtonElement).disabled)) return false;
      // As Playwright does: into view first. Puppeteer's own scrolling over BiDi misses an element
      // below the fold of a page whose scrolling element is not the document (the popup's panels).
      await element.evaluate((node) => node.scrollIntoView({ block: 'center', inline: 'center' }));
      // As Playwright's "stable" check: a click lands where the element was measured, so one the
      // page is still moving (a section above it loading) waits until it stays put. A timer, not
      // animation frames, which a tab in the background does not get.
      const steady = await element.evaluate(async (node) => {
        const box = () => JSON.stringify(node.getBoundingClientRect());
        const before = box();
        await new Promise((resolve) => setTimeout(resolve, 30));
        return box() === before;
      });
      if (!steady) return false;
      try {
        await element.click();
      } catch (error) {
        // Only a node gone before the click is tried again: a click that did land is not repeated.
        if (/detached/i.test(String(error))) return false;
        clickFailed = error;
      }
      return true;
    }, `${this.description} to be clicked, enabled`);
    if (clickFailed) throw clickFailed;
  }

  /** As Playwright's dblclick: into view, then two presses of the mouse at once. */
  async dblclick(): Promise<void> {
    const element = await this.element();
    await element.evaluate((node) => node.scrollIntoView({ block: 'center', inline: 'center' }));
    await element.click({ count: 2 });
  }

  async fill(value: string): Promise<void> {
    await this.waitFor();
    await this.owner.query(this.steps, { action: 'fill', value });
  }

  async check(): Promise<void> {
    await this.setChecked(true);
  }

  async setChecked(checked: boolean): Promise<void> {
    await this.waitFor();
    const isChecked = () => this.owner.query<boolean>(this.steps, { action: 'checked' });
    // A click the box did not take (it landed as the page moved) is made again, as a person would.
    await until(
      async () => {
        if ((await isChecked()) === checked) return true;
        await this.click();
        return (await isChecked()) === checked;
      },
      `${this.description} to be ${checked ? 'checked' : 'unchecked'}`,
    );
  }

  async selectOption(option: string | { label: string }): Promise<string[]> {
    await this.waitFor();
    return this.owner.query(this.steps, {
      action: 'select',
      option: typeof option === 'string' ? { value: option } : option,
    });
  }

  async setInputFiles(path: string): Promise<void> {
    // input.setFiles of WebDriver BiDi: the page sees the files chosen and a change event.
    await ((await this.element()) as ElementHandle<HTMLInputElement>).uploadFile(path);
  }

  async waitFor(
    options: { state?: 'attached' | 'detached' | 'visible' | 'hidden'; timeout?: number } = {},
  ): Promise<void> {
    const state = options.state ?? 'visible';
    const checks = {
      attached: async () => (await this.count()) > 0,
      detached: async () => (await this.count()) === 0,
      visible: () => this.owner.query<boolean>(this.steps, { action: 'visible' }),
      hidden: async () => !(await this.owner.query<boolean>(this.steps, { action: 'visible' })),
    };
    await until(checks[state], `${this.description} to be ${state}`, options.timeout);
  }

  count(): Promise<number> {
    return this.owner.query(this.steps, { action: 'count' });
  }

  async textContent(): Promise<string | null> {
    await this.waitFor({ state: 'attached' });
    const texts = await this.allTextContents();
    if (texts.length > 1) throw new Error(`strict mode violation: ${texts.length} elements match`);
    return texts[0] ?? null;
  }

  allTextContents(): Promise<string[]> {
    return this.owner.query(this.steps, { action: 'texts' });
  }

  async inputValue(): Promise<string> {
    await this.waitFor({ state: 'attached' });
    return this.owner.query(this.steps, { action: 'value' });
  }
}
