/**
 * "From a tracklist…" (#35), in Chromium and in Firefox ESR with the same page objects, each
 * against a store of its own: the popup opens the page; a pasted tracklist holding a track demo
 * owns, one in the DJ's collection (a rekordbox XML spelling it "Title - Mix Name"), one already
 * in a cart, an unknown one, another mix of a title and a track to buy shows each line as read
 * with its marks; one action fills a named cart with exactly the tracks to buy, and undo takes
 * them out again.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CollectionSectionPage } from '../../components/options/collection-section.page.ts';
import { TracklistPageObject } from '../../components/tracklist/tracklist-page.page.ts';
import type { Track } from '../../lib/contract/wire.ts';
import { loadTracks } from '../../server/catalog/records.ts';
import { startTestStore, type TestStore } from '../helpers/store.ts';
import { signIn } from '../helpers/tokens.ts';
import { type E2eExtension, e2eBrowsers } from './browsers.ts';
import { signInToStore } from './connect.ts';
import { demoId } from './crate-journey.ts';

const artistsOf = (track: Track) => track.artists.map((artist) => artist.name).join(' & ');
const xmlText = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
const lineOf = (track: Track) => `${artistsOf(track)} - ${track.name} (${track.mixName})`;

/** Tracks of the store picked for each mark: owned by demo, others for sale, and a title in several mixes. */
async function pickTracks(store: TestStore) {
  const demo = await demoId(store);
  const ids = async (sql: string, ...params: number[]) =>
    (await store.ctx.db.all<{ id: number }>(sql, ...params)).map((row) => Number(row.id));
  const [ownedId] = await ids(
    `SELECT d.track_id AS id FROM downloads d JOIN tracks t ON t.id = d.track_id
      WHERE d.user_id = ? AND (SELECT count(*) FROM tracks x WHERE x.name = t.name) = 1 ORDER BY d.id LIMIT 1`,
    demo,
  );
  const forSale = await ids(
    `SELECT t.id FROM tracks t WHERE t.sale_type = 'purchase'
       AND NOT EXISTS (SELECT 1 FROM downloads d WHERE d.track_id = t.id AND d.user_id = ?)
       AND (SELECT count(*) FROM tracks x WHERE x.name = t.name) = 1
     ORDER BY t.id LIMIT 4`,
    demo,
  );
  const records = await loadTracks(store.ctx, [ownedId as number, ...forSale]);
  const [owned, collected, inCart, toBuy, otherMixOf] = [ownedId as number, ...forSale].map(
    (id) => records.get(id) as Track,
  );
  return { owned, collected, inCart, toBuy, otherMixOf } as Record<string, Track>;
}

describe.each(e2eBrowsers)('$name', (browser) => {
  let store: TestStore;
  let extension: E2eExtension;
  let workDir: string;

  beforeAll(async () => {
    store = await startTestStore({ scale: 300, listen: true });
    extension = await browser.launch();
    await (await signInToStore(extension, store.baseUrl)).page.close();
    workDir = mkdtempSync(join(tmpdir(), 'crate-tracklist-'));
  });

  afterAll(async () => {
    await extension?.close();
    await store?.close();
    if (workDir) rmSync(workDir, { recursive: true, force: true });
  });

  it('opens from the popup', async () => {
    const popup = await extension.openPage('popup.html');
    await popup.getByRole('button', { name: 'From a tracklist…' }).click();
    await expect
      .poll(async () =>
        (
          await extension.background<string[]>(
            'browser.tabs.query({}).then((tabs) => tabs.map((tab) => tab.url ?? ""))',
          )
        ).some((url) => url.endsWith('/tracklist.html')),
      )
      .toBe(true);
    await popup.close();
  });

  it('marks owned, collected, carted, unknown and other-mix lines, fills a named cart with the rest, and undoes it', async () => {
    const { owned, collected, inCart, toBuy, otherMixOf } = await pickTracks(store);
    if (!owned || !collected || !inCart || !toBuy || !otherMixOf)
      throw new Error('The store has too few tracks.');

    // The collection spells its track "Title - Mix Name", as many file names do.
    const file = join(workDir, 'rekordbox.xml');
    writeFileSync(
      file,
      `<?xml version="1.0" encoding="UTF-8"?>
<DJ_PLAYLISTS Version="1.0.0"><PRODUCT Name="rekordbox" Version="6.8.5" Company="AlphaTheta"/>
<COLLECTION Entries="1"><TRACK TrackID="1" Name="${xmlText(`${collected.name} - ${collected.mixName}`)}" Artist="${xmlText(artistsOf(collected))}" Mix="" Location="file://localhost/Music/a.wav"/></COLLECTION>
</DJ_PLAYLISTS>`,
    );
    const options = await extension.openPage('options.html');
    expect(await new CollectionSectionPage(options).importFile(file)).toMatch(/^Read 1 track/);
    await options.close();

    // inCart sits in demo's default cart already, put there through the store's API.
    const { accessToken } = await signIn(store.baseUrl);
    const added = await fetch(
      `${store.baseUrl}/cart/1/?${new URLSearchParams({ sourceType: 'crate-e2e', items: JSON.stringify([{ id: inCart.id, type: 'track', audioFormat: 'mp3' }]) })}`,
      { method: 'POST', headers: { authorization: `Bearer ${accessToken}` } },
    );
    expect(added.status).toBe(200);
    const page = await extension.openPage('tracklist.html');
    const tracklist = new TracklistPageObject(page);
    const text = [
      'Tracklist:',
      `01. ${lineOf(owned)} [Some Label]`,
      `[00:04:10] ${artistsOf(collected)} – ${collected.name} - ${collected.mixName}`,
      `03. ${lineOf(toBuy)}`,
      `${lineOf(inCart)}`,
      'Nobody Known - Nothing Like This (Extended Mix)',
      `${artistsOf(otherMixOf)} - ${otherMixOf.name} (Nobody's Dub)`,
      'ID - ID',
    ].join('\n');
    expect(await tracklist.match(text)).toBe('4 found, 1 with other mixes only, 1 not found.');
    expect(await tracklist.lineText(1)).toContain('Not a track');
    expect(await tracklist.lineText(2)).toMatch(/Owned here/);
    expect(await tracklist.lineText(3)).toContain('In your collection (rekordbox)');
    expect(await tracklist.lineText(4)).toMatch(new RegExp(`Found: .*${toBuy.name}`));
    expect(await tracklist.lineText(5)).toContain('In cart "default"');
    expect(await tracklist.lineText(6)).toContain('Not found at the store.');
    expect(await tracklist.line(6).getByRole('link', { name: 'Search the store' }).count()).toBe(1);
    expect(await tracklist.lineText(7)).toContain('other mixes at the store');
    expect(await tracklist.lineText(8)).toContain('Unreleased (ID)');

    // The one in another cart is still bought for this one; owned and collected stay out.
    const report = await tracklist.fill('Tracklist e2e', 2);
    expect(report).toContain('2 tracks added to "Tracklist e2e".');
    expect(report).toContain('owned here');
    expect(report).toContain('in your collection');
    const cartTracks = async () =>
      (
        await store.ctx.db.all<{ id: number }>(
          `SELECT ci.item_id AS id FROM cart_items ci JOIN carts c ON c.id = ci.cart_id
            WHERE c.name = 'Tracklist e2e' AND c.user_id = ?`,
          await demoId(store),
        )
      ).map((row) => Number(row.id));
    expect((await cartTracks()).sort()).toEqual([toBuy.id, inCart.id].sort());
    // The next step, one click away: the store's page of that cart, where it is checked out.
    expect(await tracklist.checkoutLinks('Tracklist e2e', `${store.baseUrl}/cart?cart=Tracklist%20e2e`)).toBe(
      1,
    );
    expect(await tracklist.undo()).toMatch(/^Undone/);
    expect(await cartTracks()).toEqual([]);
    await page.close();
  });
});
