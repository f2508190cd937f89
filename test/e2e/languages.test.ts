/**
 * Crate in the DJ's language: Chromium started in German (`--lang=de`) and in Spanish
 * (`--lang=es`), set up from the welcome page as a new install is. The options page speaks the
 * language (its labels, a template's problem, its answer on Save, counted hours); the store's pages
 * stay English, and the buttons Crate puts on them speak the DJ's language, with the prices written
 * in its locale ("1,49 $", "1,49 US$"). The page objects read their words from the same locale file.
 */

import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CartButtonsPage } from '../../components/content/cart-buttons.page.ts';
import { OptionsFormPage } from '../../components/options/options-form.page.ts';
import { WelcomePagePage } from '../../components/welcome/welcome-page.page.ts';
import type { Track } from '../../lib/contract/wire.ts';
import { readLocale } from '../helpers/locales.ts';
import { cartItems, emptyCart, library, trackPath, unownedTracks } from './demo-store.ts';
import { type ExtensionHarness, extensionUrl, launchExtension } from './extension.ts';
import { e2eStoreUrl } from './store-url.ts';

const storeUrl = e2eStoreUrl();

/** The tab the install opened by itself (it may open before or after the harness looks). */
async function welcomeTab(harness: ExtensionHarness): Promise<Page> {
  const url = extensionUrl('welcome.html');
  const open = harness.context.pages().find((page) => page.url() === url);
  const page = open ?? (await harness.context.waitForEvent('page', (candidate) => candidate.url() === url));
  await page.waitForLoadState('domcontentloaded');
  return page;
}

describe.each(['de', 'es'])('Chromium in %s', (language) => {
  const messages = readLocale(language);
  const money = (value: number) =>
    new Intl.NumberFormat(language, { style: 'currency', currency: 'USD' }).format(value);
  let extension: ExtensionHarness;

  beforeAll(async () => {
    extension = await launchExtension({ args: [`--lang=${language}`] });
    const welcome = new WelcomePagePage(await welcomeTab(extension), messages);
    await welcome.chooseStore(storeUrl);
    await welcome.signIn('demo', 'demo');
    await welcome.signedIn.waitFor();
    await welcome.page.close();
    await emptyCart();
  });

  afterAll(async () => {
    await emptyCart();
    await extension?.close();
  });

  it('shows the options page in the language: its labels, a problem, counted hours and its answer', async () => {
    const options = new OptionsFormPage(await extension.openPage('options.html'), messages);
    const { page } = options;
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(options.text('options_title'));
    expect(await page.evaluate(() => document.documentElement.lang)).toMatch(new RegExp(`^${language}`));
    await options.typeTemplate('{artist} - {titel}');
    await expect
      .poll(() => options.templateProblem.textContent())
      .toBe(options.text('options_problem_unknownFields', '{titel}'));
    expect(await options.disabledSave.count()).toBe(1);
    await options.typeTemplate('{artist} - {title}');
    // "3 Stunden", "3 horas": counted in the language.
    const every = page.getByLabel(options.text('options_feed_every'));
    expect(await every.locator('option:checked').textContent()).toBe(
      options.text('options_feed_hours_other', '3'),
    );
    expect(
      await page.getByLabel(options.text('options_buying_keyNotation')).locator('option').allTextContents(),
    ).toEqual(
      ['musical', 'camelot', 'openKey'].map((notation) => options.text(`options_notation_${notation}`)),
    );
    expect(await options.setKeyNotation('camelot')).toBe(options.text('options_saved'));
    await page.close();
  });

  it("decorates the store's English page in the language, with prices in its locale", async () => {
    const [track] = (await unownedTracks()) as [Track];
    const page = await extension.context.newPage();
    const buttons = new CartButtonsPage(page, messages);
    await page.goto(`${storeUrl}${trackPath(track)}`);
    const control = buttons.pageItem;
    await buttons.showFormats(control);
    // The store's own price stays as the store writes it; Crate's buttons write it the DJ's way.
    expect(await page.locator('.hero .price').first().textContent()).toBe(
      new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(track.price.value),
    );
    expect(await control.locator('button[data-format="mp3"]').textContent()).toBe(
      `MP3 ${money(track.price.value)}`,
    );
    const wavPrice = Math.round((track.price.value + track.audioFormatFee.wav.value) * 100) / 100;
    expect(await control.locator('button[data-format="wav"]').textContent()).toBe(`WAV ${money(wavPrice)}`);
    await buttons.add(control, 'wav').click();
    await buttons.inCartAs(control, 'wav').waitFor();
    await control.getByText(buttons.text('content_inCart'), { exact: true }).waitFor();
    await expect.poll(cartItems).toEqual([{ id: track.id, type: 'track', audioFormat: 'wav' }]);
    // Key and tempo keep their DJ notation (Camelot, saved above), whatever the language.
    await buttons.remove(control).click();
    await expect.poll(cartItems).toEqual([]);
    await page.close();
  });

  it('marks an owned track and asks before buying it again, in the language', async () => {
    const entry = (await library()).find((candidate) => candidate.track.saleType === 'purchase');
    if (!entry) throw new Error('demo owns no track in the demo store.');
    const page = await extension.context.newPage();
    const buttons = new CartButtonsPage(page, messages);
    await page.goto(`${storeUrl}${trackPath(entry.track)}`);
    const control = buttons.pageItem;
    await buttons.owned(control).waitFor();
    await buttons.showFormats(control);
    await buttons.add(control, entry.audioFormat).click();
    await buttons.question(control).waitFor();
    expect(await buttons.question(control).textContent()).toContain(money(entry.track.price.value));
    await buttons.addAnyway(control).waitFor();
    await control.getByRole('button', { name: buttons.text('content_cancel'), exact: true }).click();
    await buttons.owned(control).waitFor();
    expect(await cartItems()).toEqual([]);
    await page.close();
  });
});
