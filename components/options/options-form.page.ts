/**
 * Drives the OptionsForm in end-to-end tests (Chromium and Firefox: test/e2e/ui.ts), in whichever
 * language its `messages` are (English unless given: test/helpers/locales.ts).
 */
import type { LocatorOf, UiPage } from '../../test/e2e/ui.ts';
import { englishMessages, messageText } from '../../test/helpers/locales.ts';

export class OptionsFormPage<P extends UiPage> {
  constructor(
    readonly page: P,
    readonly messages: Map<string, string> = englishMessages,
  ) {}

  /** The page's words for `key` (flattened: `options_save`), in its language. */
  text(key: string, ...values: string[]): string {
    return messageText(this.messages, key, ...values);
  }

  get status(): LocatorOf<P> {
    return this.page.getByRole('status') as LocatorOf<P>;
  }

  get storeUrlField(): LocatorOf<P> {
    return this.page.getByLabel(this.text('options_store_address')) as LocatorOf<P>;
  }

  get templateField(): LocatorOf<P> {
    return this.page.getByLabel(this.text('options_template_label')) as LocatorOf<P>;
  }

  /** The path the template gives the preview's track, once there is one. */
  get previewPath(): LocatorOf<P> {
    return this.page.locator('#filename-preview .preview-path') as LocatorOf<P>;
  }

  /** Says whose track the preview names: the newest purchase, or the labelled sample. */
  get previewSource(): LocatorOf<P> {
    return this.page.locator('#filename-preview .hint').first() as LocatorOf<P>;
  }

  /** What is wrong with the template, next to the field; empty while it is fine. */
  get templateProblem(): LocatorOf<P> {
    return this.page.locator('#filename-problem') as LocatorOf<P>;
  }

  /** Present while Save cannot be pressed. */
  get disabledSave(): LocatorOf<P> {
    return this.page.locator('button[type="submit"]:disabled') as LocatorOf<P>;
  }

  fieldChip(field: string): LocatorOf<P> {
    return this.page.getByRole('button', { name: `{${field}}`, exact: true }) as LocatorOf<P>;
  }

  /** Types a template without saving it: the preview and problem follow each keystroke. */
  async typeTemplate(template: string): Promise<void> {
    await this.templateField.fill(template);
  }

  /** Saves a store URL and resolves with what the page answered ("Saved." or why not). */
  async setStoreUrl(storeUrl: string): Promise<string> {
    await this.storeUrlField.fill(storeUrl);
    return this.save();
  }

  /** Saves the key notation ("musical", "camelot", "openKey"); resolves with what the page answered. */
  async setKeyNotation(notation: string): Promise<string> {
    await this.page.getByLabel(this.text('options_buying_keyNotation')).selectOption(notation);
    return this.save();
  }

  /** Saves how downloaded files are named; resolves with what the page answered. */
  async setFileNaming(filenameTemplate: string, folderPerRelease: boolean): Promise<string> {
    await this.templateField.fill(filenameTemplate);
    await this.page.getByLabel(this.text('options_files_folderPerRelease')).setChecked(folderPerRelease);
    return this.save();
  }

  private async save(): Promise<string> {
    await this.page.getByRole('button', { name: this.text('options_save') }).click();
    await this.status.filter({ hasText: /./ }).waitFor();
    return (await this.status.textContent()) ?? '';
  }
}
