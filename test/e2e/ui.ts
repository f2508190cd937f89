/**
 * What the page objects (components/**\/*.page.ts) use of a browser driver: the part of
 * Playwright's Page and Locator API they need, so the same page objects drive Chromium through
 * Playwright and Firefox through Puppeteer (test/e2e/firefox/puppeteer-ui.ts). Playwright's own
 * types satisfy these interfaces as they are.
 */

export type AriaRole =
  | 'alert'
  | 'button'
  | 'checkbox'
  | 'combobox'
  | 'dialog'
  | 'group'
  | 'heading'
  | 'link'
  | 'list'
  | 'listitem'
  | 'radio'
  | 'region'
  | 'searchbox'
  | 'status'
  | 'tab'
  | 'tabpanel'
  | 'textbox';

export interface RoleOptions {
  name?: string | RegExp;
  exact?: boolean;
  pressed?: boolean;
  level?: number;
}

export interface UiLocator {
  locator(selector: string): UiLocator;
  getByRole(role: AriaRole, options?: RoleOptions): UiLocator;
  getByText(text: string | RegExp, options?: { exact?: boolean }): UiLocator;
  getByLabel(text: string, options?: { exact?: boolean }): UiLocator;
  /** `has` takes a locator of the same driver: page objects pass what that driver made (cast). */
  filter(options: { hasText?: string | RegExp; has?: never }): UiLocator;
  first(): UiLocator;
  last(): UiLocator;
  nth(index: number): UiLocator;
  page(): UiPage;
  click(): Promise<void>;
  /** Two clicks at once, as a person's double click. */
  dblclick(): Promise<void>;
  fill(value: string): Promise<void>;
  check(): Promise<void>;
  setChecked(checked: boolean): Promise<void>;
  selectOption(option: string | { label: string }): Promise<string[]>;
  /** A file input's file, by its path on this machine. */
  setInputFiles(path: string): Promise<void>;
  waitFor(options?: {
    state?: 'attached' | 'detached' | 'visible' | 'hidden';
    timeout?: number;
  }): Promise<void>;
  count(): Promise<number>;
  textContent(): Promise<string | null>;
  allTextContents(): Promise<string[]>;
  /** A field's value as typed. */
  inputValue(): Promise<string>;
}

export interface UiPage {
  locator(selector: string): UiLocator;
  getByRole(role: AriaRole, options?: RoleOptions): UiLocator;
  getByText(text: string | RegExp, options?: { exact?: boolean }): UiLocator;
  getByLabel(text: string, options?: { exact?: boolean }): UiLocator;
  context(): { waitForEvent(event: 'page'): Promise<UiPage> };
  waitForLoadState(state: 'domcontentloaded'): Promise<void>;
  waitForEvent(event: 'close'): Promise<unknown>;
}

/** The locator type of a page type: Playwright's Locator for its Page, and so on. */
export type LocatorOf<P extends UiPage> = ReturnType<P['locator']>;
