/**
 * Following, one journey run in Chromium and in Firefox ESR with the same page objects, each
 * against a store of its own (publishing changes its catalog): follow an artist and a label from
 * their store pages, the operator publishes three releases with `npm run store:publish` (one by
 * the artist, one on the label, one by neither), the popup's "New for you" lists exactly the two,
 * and one click adds one to the cart in the chosen format.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FollowButtonPage } from '../../components/content/follow-button.page.ts';
import { OptionsFormPage } from '../../components/options/options-form.page.ts';
import { PopupPage } from '../../components/popup/popup.page.ts';
import { artistUrl, labelUrl } from '../../lib/contract/store-urls.ts';
import type { Cart } from '../../lib/contract/wire.ts';
import { startTestStore, type TestStore } from '../helpers/store.ts';
import { signIn } from '../helpers/tokens.ts';
import { signInToStore } from './connect.ts';
import { type ExtensionHarness, launchExtension } from './extension.ts';
import { type FirefoxExtension, launchFirefoxExtension } from './firefox/firefox-extension.ts';
import type { FirefoxPage } from './firefox/puppeteer-ui.ts';
import type { UiPage } from './ui.ts';

const operatorToken = 'following-journey-operator';
const root = join(import.meta.dirname, '..', '..');

interface JourneyPage extends UiPage {
  close(): Promise<void>;
}

/** What the journey needs of a browser whose extension is signed in as demo on `store`. */
interface FollowingBrowser<P extends JourneyPage> {
  store: TestStore;
  openPage(path: string): Promise<P>;
  openWebPage(url: string): Promise<P>;
}

/** The operator's command, as an operator runs it (not blocking: the store answers in this process). */
function publish(store: TestStore, args: string[]): Promise<{ id: number; name: string }> {
  return new Promise((resolve, reject) => {
    execFile(
      join(root, 'node_modules', '.bin', 'tsx'),
      ['scripts/store-publish.ts', '--base-url', store.baseUrl, '--token', operatorToken, ...args],
      { cwd: root, encoding: 'utf8' },
      (error, stdout, stderr) =>
        error ? reject(new Error(`store:publish failed: ${stderr}`)) : resolve(JSON.parse(stdout)),
    );
  });
}

type Ref = { id: number; slug: string };
async function pick(store: TestStore) {
  const artists = await store.ctx.db.all<Ref>('SELECT id, slug FROM artists ORDER BY id LIMIT 3');
  const labels = await store.ctx.db.all<Ref>('SELECT id, slug FROM labels ORDER BY id LIMIT 2');
  const [followed, onLabel, neither] = artists as [Ref, Ref, Ref];
  const [label, other] = labels as [Ref, Ref];
  return { followed, onLabel, neither, label, other };
}

async function followOn<P extends JourneyPage>(browser: FollowingBrowser<P>, path: string): Promise<void> {
  const page = await browser.openWebPage(`${browser.store.baseUrl}${path}`);
  const button = new FollowButtonPage(page);
  await button.follow();
  await page.close();
}

async function followingJourney<P extends JourneyPage>(browser: FollowingBrowser<P>): Promise<void> {
  const { store } = browser;
  const { followed, onLabel, neither, label, other } = await pick(store);
  await followOn(browser, artistUrl(followed));
  await followOn(browser, labelUrl(label));

  const byArtist = await publish(store, ['--artist', String(followed.id), '--label', String(other.id)]);
  const byLabel = await publish(store, [
    '--artist',
    String(onLabel.id),
    '--label',
    String(label.id),
    '--tracks',
    '2',
  ]);
  const byNeither = await publish(store, ['--artist', String(neither.id), '--label', String(other.id)]);
  expect(new Set([byArtist.id, byLabel.id, byNeither.id]).size).toBe(3);

  const popup = new PopupPage(await browser.openPage('popup.html#new'));
  await popup.live();
  const feed = popup.newForYou;
  await feed.release(byLabel.id).waitFor();
  // Newest first: the label's release was published after the artist's.
  const rows = await feed.releases.allTextContents();
  expect(rows).toHaveLength(2);
  expect(rows[0]).toContain(byLabel.name);
  expect(rows[1]).toContain(byArtist.name);

  await feed.addToCart(byLabel, 'wav');
  await feed.status.filter({ hasText: 'Added to your cart.' }).waitFor();
  const { accessToken } = await signIn(store.baseUrl);
  const cart = (await (
    await fetch(`${store.baseUrl}/cart/1/?sourceType=e2e`, {
      headers: { authorization: `Bearer ${accessToken}` },
    })
  ).json()) as { results: Cart };
  expect(cart.results.items.map(({ id, type, audioFormat }) => ({ id, type, audioFormat }))).toContainEqual({
    id: byLabel.id,
    type: 'release',
    audioFormat: 'wav',
  });

  await feed.markAllSeen();
  await feed.releases.first().waitFor({ state: 'detached' });
  await popup.page.close();
}

describe('Chromium: following (one journey with Firefox)', () => {
  let store: TestStore;
  let extension: ExtensionHarness;
  beforeAll(async () => {
    store = await startTestStore({ scale: 300, listen: true, config: { operatorToken } });
    extension = await launchExtension();
    await (await signInToStore(extension, store.baseUrl)).page.close();
  });
  afterAll(async () => {
    await extension?.close();
    await store?.close();
  });

  it('follows an artist and a label from their pages; New for you lists exactly their two new releases; one click adds one', async () => {
    await followingJourney<Page>({
      store,
      openPage: (path) => extension.openPage(path),
      openWebPage: async (url) => {
        const page = await extension.context.newPage();
        await page.goto(url);
        return page;
      },
    });
  });
});

describe('Firefox: following (one journey with Chromium)', () => {
  let store: TestStore;
  let extension: FirefoxExtension;
  beforeAll(async () => {
    store = await startTestStore({ scale: 300, listen: true, config: { operatorToken } });
    extension = await launchFirefoxExtension();
    const options = await extension.openPage('options.html');
    expect(await new OptionsFormPage(options).setStoreUrl(store.baseUrl)).toBe('Saved.');
    await options.close();
    const popup = new PopupPage(await extension.openPage('popup.html'));
    await popup.account.signIn('demo', 'demo');
    await popup.account.signedInAs.waitFor();
    await popup.page.close();
  });
  afterAll(async () => {
    await extension?.close();
    await store?.close();
  });

  it('follows an artist and a label from their pages; New for you lists exactly their two new releases; one click adds one', async () => {
    await followingJourney<FirefoxPage>({
      store,
      openPage: (path) => extension.openPage(path),
      openWebPage: (url) => extension.openWebPage(url),
    });
    // Firefox's Remote Settings loader (RSLoader) logs to stdout when it cannot reach Mozilla's
    // servers, which a test profile never can: Firefox's, not the extension's.
    const problems = (await extension.consoleProblems()).filter(
      (entry) => !entry.text.startsWith('RSLoader'),
    );
    expect(problems).toEqual([]);
  });
});
