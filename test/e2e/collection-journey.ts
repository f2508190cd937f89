/**
 * The DJ's collection journey, run in both browsers with the same page objects by
 * collection.test.ts: a rekordbox XML export holding three tracks of a chart (spelled as rekordbox
 * users spell them), another mix of a fourth and an entry without a title is imported on the
 * options page (a copy of it cut short is refused and replaces nothing); the chart marks exactly
 * the three, naming rekordbox; adding one asks first, and "Buy anyway" puts it in the cart, where
 * the popup's cart tab flags it like a track paid twice and leaves it out of the total; "Hide what
 * I have" hides the three on the chart, remembered in another tab and followed back.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { CartButtonsPage } from '../../components/content/cart-buttons.page.ts';
import { HaveFilterPage } from '../../components/content/have-filter.page.ts';
import { CollectionSectionPage } from '../../components/options/collection-section.page.ts';
import { PopupPage } from '../../components/popup/popup.page.ts';
import { chartUrl } from '../../lib/contract/store-urls.ts';
import type { Track } from '../../lib/contract/wire.ts';
import { chartOverviewPage, chartPage } from '../../server/catalog/detail-pages.ts';
import type { TestStore } from '../helpers/store.ts';
import type { UiPage } from './ui.ts';

export interface CollectionPage extends UiPage {
  close(): Promise<void>;
}

/** What the journey needs of a browser with the extension, signed in as demo on `store`. */
export interface CollectionBrowser<P extends CollectionPage> {
  store: TestStore;
  /** A folder of the test's own, for the export file. */
  workDir: string;
  /** A new tab on one of the extension's pages. */
  openPage(path: string): Promise<P>;
  /** A new tab on a web page. */
  openWebPage(url: string): Promise<P>;
}

const xmlText = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A rekordbox 6 export: the chart's tracks as DJs' files name them, one per way of spelling. */
function rekordboxExport(held: Track[], otherMix: Track): string {
  const names = (track: Track) => track.artists.map((artist) => artist.name);
  const spellings = [
    // Artists in another order joined by "&", the mix in its own field.
    (track: Track) => ({ Name: track.name, Artist: names(track).reverse().join(' & '), Mix: track.mixName }),
    // The mix in the title, in capitals.
    (track: Track) => ({
      Name: `${track.name} (${track.mixName})`.toUpperCase(),
      Artist: names(track).join(', '),
      Mix: '',
    }),
    // Remixers in their own field, the artists with "feat.".
    (track: Track) => ({
      Name: track.name,
      Artist: names(track).join(' feat. '),
      Mix: track.mixName,
      Remixer: track.remixers.map((artist) => artist.name).join(', '),
    }),
  ];
  const entries = [
    ...held.map((track, i) =>
      (spellings[i % spellings.length] as (t: Track) => Record<string, string>)(track),
    ),
    { Name: otherMix.name, Artist: names(otherMix).join(', '), Mix: `${otherMix.mixName} Dub Reprise` },
    { Name: '', Artist: 'Unknown artist', Mix: '' },
  ];
  const tracks = entries.map(
    (entry, i) =>
      `    <TRACK TrackID="${i + 1}" ${Object.entries(entry)
        .map(([name, value]) => `${name}="${xmlText(value)}"`)
        .join(' ')} Kind="WAV File" AverageBpm="124.00" Location="file://localhost/Music/${i}.wav">
      <TEMPO Inizio="0.02" Bpm="124.00" Metro="4/4" Battito="1"/>
    </TRACK>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>
<DJ_PLAYLISTS Version="1.0.0">
  <PRODUCT Name="rekordbox" Version="6.8.5" Company="AlphaTheta"/>
  <COLLECTION Entries="${tracks.length}">
${tracks.join('\n')}
  </COLLECTION>
  <PLAYLISTS><NODE Type="0" Name="ROOT" Count="0"/></PLAYLISTS>
</DJ_PLAYLISTS>
`;
}

/**
 * Imports the export, checks the chart's marks, and adds one marked track after the question.
 * Returns the chart's tracks the export holds.
 */
export async function importCollectionAndShop<P extends CollectionPage>(
  browser: CollectionBrowser<P>,
): Promise<Track[]> {
  const { store } = browser;
  const chart = (await chartOverviewPage(store.ctx)).charts.find((candidate) => candidate.trackCount >= 10);
  if (!chart) throw new Error('The test store has no chart of 10 tracks.');
  const owned = new Set(
    (
      await store.ctx.db.all<{ id: number }>(
        `SELECT d.track_id AS id FROM downloads d JOIN users u ON u.id = d.user_id WHERE u.username = 'demo'`,
      )
    ).map((row) => row.id),
  );
  // Tracks demo has not bought: a bought one asks its own question ("You own this") instead.
  const tracks =
    (await chartPage(store.ctx, chart.id))?.tracks.filter(
      (t) => t.saleType === 'purchase' && !owned.has(t.id),
    ) ?? [];
  const [a, b, c, d] = tracks;
  if (!a || !b || !c || !d) throw new Error('The chart has too few tracks for sale.');
  const held = [a, b, c];
  const file = join(browser.workDir, 'rekordbox.xml');
  const xml = rekordboxExport(held, d);
  writeFileSync(file, xml);

  const options = await browser.openPage('options.html');
  const collection = new CollectionSectionPage(options);
  expect(await collection.importFile(file)).toBe(
    'Read 4 tracks from rekordbox. 1 skipped: 1 without an artist or a title.',
  );
  const imported = [expect.stringMatching(/^rekordbox \(rekordbox\.xml\): 4 tracks, imported /)];
  // The list is drawn again from storage's change, a moment after the import's answer.
  await expect.poll(() => collection.sources.allTextContents()).toEqual(imported);
  await options.close();

  // The same export cut short (a copy stopped early) is refused by name, and replaces nothing.
  mkdirSync(join(browser.workDir, 'cut'), { recursive: true });
  const cut = join(browser.workDir, 'cut', 'rekordbox.xml');
  writeFileSync(cut, xml.slice(0, xml.indexOf('</COLLECTION>')));
  const again = new CollectionSectionPage(await browser.openPage('options.html'));
  expect(await again.importFile(cut)).toBe(
    'rekordbox.xml ends before its last tag: export the collection again.',
  );
  expect(await again.sources.allTextContents()).toEqual(imported);
  await again.page.close();

  const page = await browser.openWebPage(`${store.baseUrl}${chartUrl(chart)}`);
  const buttons = new CartButtonsPage(page);
  for (const track of held)
    await buttons.inCollection(buttons.control('track', track.id), 'rekordbox').waitFor();
  // Another mix of a held title is not the recording; nor is anything else on the chart.
  await buttons.control('track', d.id).locator('button[data-format]').first().waitFor();
  expect(await buttons.inCollection(buttons.control('track', d.id)).count()).toBe(0);
  expect(await buttons.collectionMarks.count()).toBe(held.length);

  const control = buttons.control('track', a.id);
  await buttons.add(control, 'mp3').click();
  await buttons.collectionQuestion(control).waitFor();
  expect(await buttons.collectionQuestion(control).textContent()).toBe(
    'In your rekordbox collection: buy anyway?',
  );
  await buttons.buyAnyway(control).click();
  await buttons.inCartAs(control, 'mp3').waitFor();
  // A track not in the collection goes in without a question.
  await buttons.add(buttons.control('track', d.id), 'mp3').click();
  await buttons.inCartAs(buttons.control('track', d.id), 'mp3').waitFor();

  await hideWhatYouHave(browser, page, `${store.baseUrl}${chartUrl(chart)}`, held, d);
  await page.close();
  await cartFlagsCollection(browser, d);
  return held;
}

/** "Hide what I have" hides the held rows, and not the others; another tab opens with it on. */
async function hideWhatYouHave<P extends CollectionPage>(
  browser: CollectionBrowser<P>,
  page: P,
  url: string,
  held: Track[],
  other: Track,
): Promise<void> {
  const buttons = new CartButtonsPage(page);
  await new HaveFilterPage(page).toggle.check();
  for (const track of held) await buttons.control('track', track.id).waitFor({ state: 'hidden' });
  await buttons.control('track', other.id).waitFor({ state: 'visible' });

  const second = await browser.openWebPage(url);
  const secondFilter = new HaveFilterPage(second);
  await secondFilter.toggle.waitFor();
  await new CartButtonsPage(second).control('track', other.id).waitFor({ state: 'visible' });
  await new CartButtonsPage(second).control('track', held[0]?.id ?? 0).waitFor({ state: 'hidden' });
  // Turned off in one tab, off in every tab.
  await secondFilter.toggle.setChecked(false);
  for (const track of held) await buttons.control('track', track.id).waitFor({ state: 'visible' });
  await second.close();
}

/** The popup's cart: the held track reads "Pays twice" with its source, the total leaves it out. */
async function cartFlagsCollection<P extends CollectionPage>(
  browser: CollectionBrowser<P>,
  other: Track,
): Promise<void> {
  const popup = new PopupPage(await browser.openPage('popup.html'));
  const flagged = popup.cart.items.filter({ hasText: 'In your rekordbox collection.' });
  await flagged.waitFor();
  expect(await popup.cart.items.count()).toBe(2);
  expect(await flagged.getByText(/^Pays twice: \$\d+\.\d\d$/).count()).toBe(1);
  expect(await popup.cart.totalWithoutPayingTwice.textContent()).toBe(
    `Without paying twice $${other.price.value.toFixed(2)}`,
  );
  await popup.page.close();
}
