/**
 * A store that starts selling a format this extension has never heard of (issue #49): the store's
 * operator adds `ogg` to its list of formats (docs/api.md), and with no new extension a DJ sees an
 * OGG button with its price on the store's pages, buys the track in OGG and saves the file, named
 * and with its own extension, in both browsers. And the demo store's own fourth format, FLAC, bought
 * from its page button and saved whole: judged by Debian's `flac -t` and music-metadata.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseFile } from 'music-metadata';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CartButtonsPage } from '../../components/content/cart-buttons.page.ts';
import type { Cart, Track } from '../../lib/contract/wire.ts';
import {
  defaultFilenameTemplate,
  filenameFields,
  renderFilename,
} from '../../lib/file-names/filename-template.ts';
import { checkoutCart } from '../../server/orders/checkout.ts';
import { freePort } from '../helpers/free-port.ts';
import { addSoldFormat } from '../helpers/sold-format.ts';
import { startTestStore, type TestStore } from '../helpers/store.ts';
import { type E2eExtension, e2eBrowsers } from './browsers.ts';
import { signInToStore } from './connect.ts';
import { audioFormatOf, demoId, finishedFiles, storeApi, waitFor } from './crate-journey.ts';

/** The store as first started and seeded, selling what it always sold. */
let seeded: TestStore;
/** The same store started again after its operator added `ogg`. */
let store: TestStore;
let userId: number;
let api: ReturnType<typeof storeApi>;

beforeAll(async () => {
  const port = await freePort();
  // Six-second tracks: the subject is the format, not the file's length.
  seeded = await startTestStore({
    scale: 300,
    trackSeconds: 6,
    config: { baseUrl: `http://127.0.0.1:${port}` },
  });
  await addSoldFormat(seeded, 'ogg', 50);
  // The store reads its list of formats when it starts: started again on the same database.
  store = await startTestStore({ sharing: seeded });
  await store.app.listen({ port, host: '127.0.0.1' });
  userId = await demoId(store);
  api = storeApi(store);
});

afterAll(async () => {
  await store?.close();
  await seeded?.close();
});

/** A purchasable track demo does not own, `nth` of them. */
async function unownedTrack(nth: number): Promise<Track> {
  const row = await store.ctx.db.get<{ id: number }>(
    `SELECT id FROM tracks WHERE sale_type = 'purchase'
      AND id NOT IN (SELECT track_id FROM downloads WHERE user_id = ?) ORDER BY id LIMIT 1 OFFSET ?`,
    userId,
    nth,
  );
  if (!row) throw new Error('The catalog has no purchasable track demo does not own.');
  return (await api<{ track: Track }>('GET', '/catalog/3/platform/track', { id: String(row.id) })).track;
}

describe.each(e2eBrowsers.map((browser, index) => ({ ...browser, index })))('$name', (browser) => {
  let extension: E2eExtension;
  let downloadDir: string;

  beforeAll(async () => {
    downloadDir = mkdtempSync(join(tmpdir(), 'crate-ogg-'));
    extension = await browser.launch({ downloadsPath: downloadDir });
    await (await signInToStore(extension, store.baseUrl)).page.close();
  });

  afterAll(async () => {
    await extension?.close();
    if (downloadDir) rmSync(downloadDir, { recursive: true, force: true });
  });

  /** Buys `track` in `format` from its page's button, checks out, saves it with "Download purchased". */
  async function buyAndSave(track: Track, format: string): Promise<string> {
    const page = await extension.openWebPage(`${store.baseUrl}/track/${track.slug}/${track.id}`);
    const buttons = new CartButtonsPage(page);
    const control = buttons.pageItem;
    const button = buttons.add(control, format);
    await control.waitFor();
    await button.waitFor();
    expect(await button.textContent()).toMatch(new RegExp(`^${format.toUpperCase()} \\S`));
    await button.click();
    await buttons.inCartAs(control, format).waitFor();
    const cart = await api<Cart>('GET', '/cart/1/', { sourceType: 'e2e' });
    expect(cart.items.map(({ id, audioFormat }) => [id, audioFormat])).toEqual([[track.id, format]]);
    await page.close();

    await checkoutCart(store.ctx, userId, 'default');
    await extension.clickMenu({
      menuItemId: 'crate-download-track-link',
      linkUrl: `${store.baseUrl}/track/${track.slug}/${track.id}`,
      pageUrl: `${store.baseUrl}/`,
    });
    const expected = renderFilename(defaultFilenameTemplate, filenameFields(track, format), {
      folderPerRelease: false,
      fallbackName: `track-${track.id}`,
    });
    expect(expected.endsWith(`.${format}`)).toBe(true);
    await waitFor(
      () => finishedFiles(downloadDir),
      (found) => found.includes(expected) && audioFormatOf(join(downloadDir, expected)) !== null,
      `${expected} saved`,
    );
    return join(downloadDir, expected);
  }

  it('offers OGG with its price, buys the track in OGG and saves it as an .ogg file', async () => {
    const track = await unownedTrack(browser.index);
    const oggPrice = track.formats?.find((sold) => sold.format === 'ogg')?.price;
    expect(oggPrice?.value).toBeCloseTo(track.price.value + 0.5, 2);
    const saved = await buyAndSave(track, 'ogg');
    expect(audioFormatOf(saved)).toBe('ogg');
    // FLAC in Ogg (server/audio/ogg-flac.ts): the first packet names its codec.
    expect(readFileSync(saved).subarray(29, 33).toString('latin1')).toBe('FLAC');
  });

  it('buys a track in FLAC and saves a whole, tagged .flac file with its cover', async () => {
    const track = await unownedTrack(2 + browser.index);
    const saved = await buyAndSave(track, 'flac');
    expect(audioFormatOf(saved)).toBe('flac');
    // Debian's decoder checks every frame's CRC and the STREAMINFO's MD5 of the samples.
    execFileSync('flac', ['-t', '-s', saved]);
    const { common, format } = await parseFile(saved);
    expect(format.container).toBe('FLAC');
    expect(format.lossless).toBe(true);
    expect(common.title).toBe(`${track.name} (${track.mixName})`);
    expect(common.isrc).toEqual([track.isrc]);
    expect(common.picture?.[0]?.format).toBe('image/jpeg');
  });
});
