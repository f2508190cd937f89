/**
 * The crate journey, one script for both browsers with the same page objects (Chromium:
 * downloads.test.ts, Firefox: firefox/crates.test.ts), against a store of the test file's own:
 * - buy a release, save it as WAV with "Download purchased", export everything downloaded to
 *   rekordbox XML, and check every Location is a file on disk carrying tags (music-metadata);
 * - a named cart holding that release and a track not bought, exported from the cart tab to M3U8,
 *   rekordbox XML, Traktor NML and a Serato crate: the release's files, the playlist named after the cart, the track not
 *   bought listed as missing; then the cart shared as a crate file and that very file imported
 *   into another cart (a wrong file refused first).
 * Files are read as they land in the profile's download folder.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Window } from 'happy-dom';
import { parseFile } from 'music-metadata';
import { expect } from 'vitest';
import { OptionsFormPage } from '../../components/options/options-form.page.ts';
import { CrateExportPage } from '../../components/popup/crates/crate-export.page.ts';
import { CrateSharePanelPage } from '../../components/popup/crates/crate-share-panel.page.ts';
import { PopupPage } from '../../components/popup/popup.page.ts';
import { TrackAnalysis } from '../../lib/contract/track-analysis.ts';
import type { AudioFormat, Cart, LibraryEntry, Release, Track } from '../../lib/contract/wire.ts';
import { readSeratoCrate } from '../../lib/dj-formats/serato/crate.ts';
import { readTraktorNml } from '../../lib/dj-formats/traktor-nml/reader.ts';
import {
  defaultFilenameTemplate,
  filenameFields,
  renderFilename,
} from '../../lib/file-names/filename-template.ts';
import { checkoutCart } from '../../server/orders/checkout.ts';
import type { TestStore } from '../helpers/store.ts';
import { signIn } from '../helpers/tokens.ts';
import type { UiPage } from './ui.ts';

export interface JourneyPage extends UiPage {
  close(): Promise<void>;
}

/** What the journey needs of a browser with the extension, signed in as demo on `store`. */
export interface JourneyBrowser<P extends JourneyPage> {
  store: TestStore;
  /** The profile's download folder. */
  downloadDir: string;
  /** A new tab on one of the extension's pages. */
  openPage(path: string): Promise<P>;
  /** A context menu item, invoked in the worker (native menus cannot be clicked). */
  clickMenu(info: { menuItemId: string; pageUrl: string; linkUrl?: string }): Promise<void>;
}

const folder = 'journey';
const template = `${folder}/${defaultFilenameTemplate}`;

/** The store's API as demo, with a token of the test's own. */
export function storeApi(store: TestStore) {
  let token: Promise<string> | undefined;
  return async <T>(method: string, path: string, query: Record<string, string> = {}): Promise<T> => {
    token ??= signIn(store.baseUrl).then((tokens) => tokens.accessToken);
    const url = new URL(path, store.baseUrl);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    const response = await fetch(url, { method, headers: { authorization: `Bearer ${await token}` } });
    if (!response.ok)
      throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
    return ((await response.json()) as { results: T }).results;
  };
}

export async function demoId(store: TestStore): Promise<number> {
  const row = await store.ctx.db.get<{ id: number }>('SELECT id FROM users WHERE username = ?', 'demo');
  if (!row) throw new Error('The store has no demo account.');
  return row.id;
}

/** Whole files under the download folder (relative, `/`-separated): none still being written. */
export function finishedFiles(downloadDir: string, under = ''): string[] {
  const partial = /\.(part|crdownload)$/;
  const walk = (dir: string): string[] =>
    readdirSync(join(downloadDir, dir), { withFileTypes: true }).flatMap((entry) => {
      const path = dir ? `${dir}/${entry.name}` : entry.name;
      if (entry.isDirectory()) return walk(path);
      // Firefox makes the final name empty at once and writes a `.part` beside it until the end.
      if (partial.test(entry.name) || existsSync(join(downloadDir, `${path}.part`))) return [];
      return [path];
    });
  return existsSync(join(downloadDir, under)) ? walk(under).sort() : [];
}

/** What the bytes say the file is, by its magic numbers. */
export function audioFormatOf(path: string): AudioFormat | null {
  const head = readFileSync(path).subarray(0, 12);
  const text = (from: number, to: number) => head.subarray(from, to).toString('latin1');
  if (text(0, 3) === 'ID3' || (head[0] === 0xff && ((head[1] ?? 0) & 0xe0) === 0xe0)) return 'mp3';
  if (text(0, 4) === 'RIFF' && text(8, 12) === 'WAVE') return 'wav';
  if (text(0, 4) === 'FORM' && text(8, 12) === 'AIFF') return 'aiff';
  if (text(0, 4) === 'fLaC') return 'flac';
  if (text(0, 4) === 'OggS') return 'ogg';
  return null;
}

export async function waitFor<T>(read: () => T, done: (value: T) => boolean, what: string, timeout = 60_000) {
  const until = Date.now() + timeout;
  for (;;) {
    const value = read();
    if (done(value)) return value;
    if (Date.now() > until) throw new Error(`Timed out waiting for ${what}.`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** A file the extension saved in the download folder, once whole and not empty. */
async function savedBytes(browser: JourneyBrowser<JourneyPage>, name: string): Promise<Uint8Array> {
  await savedText(browser, name);
  return new Uint8Array(readFileSync(join(browser.downloadDir, name)));
}

/** A file the extension saved in the download folder, once whole and not empty, as text. */
async function savedText(browser: JourneyBrowser<JourneyPage>, name: string): Promise<string> {
  await waitFor(
    () =>
      finishedFiles(browser.downloadDir).includes(name) && statSync(join(browser.downloadDir, name)).size > 0,
    (there) => there,
    `${name} in the download folder`,
    15_000,
  );
  return readFileSync(join(browser.downloadDir, name), 'utf8');
}

type Attributes = Record<string, string>;

/** The store's analysis of a track, as the API answers it. */
async function analysisOf(store: TestStore, trackId: number): Promise<TrackAnalysis> {
  const response = await store.app.inject({ method: 'GET', url: `/catalog/3/track-analysis?id=${trackId}` });
  expect(response.statusCode).toBe(200);
  return TrackAnalysis.parse(response.json().results);
}

/** A rekordbox XML file read with a DOM parser: its collection, its playlist and the playlist's keys. */
function readRekordbox(xml: string) {
  const window = new Window();
  try {
    const doc = new window.DOMParser().parseFromString(xml, 'application/xml');
    const attributes = (element: { attributes: Iterable<{ name: string; value: string | null }> } | null) =>
      Object.fromEntries(
        [...(element?.attributes ?? [])].map((attribute) => [attribute.name, attribute.value ?? '']),
      ) as Attributes;
    return {
      errors: doc.getElementsByTagName('parsererror').length,
      tracks: [...doc.querySelectorAll('COLLECTION > TRACK')].map(attributes),
      // Each track's grid and cues, as rekordbox reads them (children of TRACK).
      marks: [...doc.querySelectorAll('COLLECTION > TRACK')].map((track) => ({
        tempo: [...track.getElementsByTagName('TEMPO')].map(attributes),
        cues: [...track.getElementsByTagName('POSITION_MARK')].map(attributes),
      })),
      playlist: attributes(doc.querySelector('PLAYLISTS > NODE > NODE')),
      keys: [...doc.querySelectorAll('PLAYLISTS > NODE > NODE > TRACK')].map((key) =>
        key.getAttribute('Key'),
      ),
    };
  } finally {
    void window.happyDOM.close();
  }
}

const locationPath = (location: string) => decodeURIComponent(location.slice('file://localhost'.length));

/** Every Location is a file on disk whose tags an independent reader finds, matching the entry. */
async function expectTaggedFiles(tracks: readonly Attributes[]): Promise<void> {
  for (const track of tracks) {
    const location = track.Location ?? '';
    expect(location.startsWith('file://localhost/'), location).toBe(true);
    const path = locationPath(location);
    expect(statSync(path).isFile(), path).toBe(true);
    const { common } = await parseFile(path);
    expect((track.Name ?? '').startsWith(common.title ?? '(no title tag)'), path).toBe(true);
    expect(common.artist, path).toBeTruthy();
    expect(common.picture?.length ?? 0, path).toBeGreaterThan(0);
    expect(track.Album).toBe(common.album);
  }
}

const expectedName = (track: Track) =>
  renderFilename(template, filenameFields(track, 'wav'), {
    folderPerRelease: false,
    fallbackName: `track-${track.id}`,
  });

async function setFileNaming(browser: JourneyBrowser<JourneyPage>, naming: string): Promise<void> {
  const page = await browser.openPage('options.html');
  const saved = await new OptionsFormPage(page).setFileNaming(naming, false);
  await page.close();
  if (saved !== 'Saved.') throw new Error(`The options page did not save the file naming: ${saved}`);
}

async function openPopup<P extends JourneyPage>(
  browser: JourneyBrowser<P>,
  hash = '',
): Promise<PopupPage<P>> {
  const popup = new PopupPage(await browser.openPage(`popup.html${hash}`));
  await popup.live();
  return popup;
}

export interface BoughtRelease {
  release: Release;
  tracks: Track[];
}

/**
 * Buys a release demo owns nothing of, in WAV, saves it with "Download purchased" on its page, and
 * exports everything downloaded as the crate "Journey" to rekordbox XML. Returns the release and
 * how many downloaded entries were exported and listed as missing.
 */
export async function buyDownloadAndExport<P extends JourneyPage>(
  browser: JourneyBrowser<P>,
): Promise<BoughtRelease & { exported: number; missing: number }> {
  const { store, downloadDir } = browser;
  const api = storeApi(store);
  const userId = await demoId(store);
  const found = await store.ctx.db.get<{ id: number }>(
    `SELECT r.id FROM releases r WHERE r.price_cents > 0 AND NOT EXISTS (
       SELECT 1 FROM tracks t WHERE t.release_id = r.id AND (t.sale_type <> 'purchase'
         OR t.id IN (SELECT track_id FROM downloads WHERE user_id = ?)))
     ORDER BY (SELECT count(*) FROM tracks t WHERE t.release_id = r.id) > 1 DESC, r.id LIMIT 1`,
    userId,
  );
  if (!found) throw new Error('The catalog has no release demo owns nothing of.');
  // A release of several tracks where the catalog has one: the crate then holds more than one file.
  const { release } = await api<{ release: Release }>('GET', '/catalog/3/platform/release', {
    id: String(found.id),
  });
  const tracks = await Promise.all(
    release.trackIds.map(
      async (id) =>
        (await api<{ track: Track }>('GET', '/catalog/3/platform/track', { id: String(id) })).track,
    ),
  );
  await api('POST', '/cart/1/', {
    sourceType: 'e2e',
    items: JSON.stringify([{ id: release.id, type: 'release', audioFormat: 'wav' }]),
  });
  await checkoutCart(store.ctx, userId, 'default');

  await setFileNaming(browser, template);
  await browser.clickMenu({
    menuItemId: 'crate-download-release-page',
    pageUrl: `${store.baseUrl}/release/${release.slug}/${release.id}`,
  });
  await waitFor(
    () =>
      finishedFiles(downloadDir, folder).filter((path) => audioFormatOf(join(downloadDir, path)) === 'wav'),
    (files) =>
      tracks.every((track) =>
        files.some((path) => path.endsWith(`/${expectedName(track).split('/').pop()}`)),
      ),
    `the release's ${tracks.length} WAV files`,
  );
  await setFileNaming(browser, defaultFilenameTemplate);

  // Everything downloaded, exported as a crate.
  const popup = await openPopup(browser, '#library');
  // The rows drawn show their track's waveform overview, its cues named in the tooltip.
  const waveform = popup.page.locator('svg.row-waveform[role="img"]').first();
  await waveform.waitFor({ timeout: 60_000 });
  expect(await popup.page.locator('svg.row-waveform > title').first().textContent()).toMatch(
    /^Waveform\. Cues: Downbeat 0:00( · \w+ \d+:\d\d)+$/,
  );
  const exporter = new CrateExportPage(popup.page);
  await exporter.export('Journey', 'rekordbox', 'downloaded');
  expect(await exporter.outcome.textContent()).toContain('exported to "Journey.xml"');
  const missing = await exporter.missing.count();
  await popup.page.close();
  const parsed = readRekordbox(await savedText(browser, 'Journey.xml'));

  expect(parsed.errors).toBe(0);
  expect(parsed.playlist).toMatchObject({
    Name: 'Journey',
    Type: '1',
    Entries: String(parsed.tracks.length),
  });
  expect(parsed.keys).toEqual(parsed.tracks.map((track) => track.TrackID));
  // Every entry downloaded before (its link live or expired) is in the file or listed as missing.
  let downloaded = 0;
  for (let page = 1; ; page++) {
    const entries = await api<LibraryEntry[]>('GET', '/order/1/downloads', {
      status: 'downloaded,re-download',
      page: String(page),
      perPage: '150',
    });
    downloaded += entries.length;
    if (entries.length < 150) break;
  }
  expect(parsed.tracks.length + missing).toBe(downloaded);

  // Every Location is a file on disk, with tags an independent reader finds.
  expect(parsed.tracks.length).toBeGreaterThanOrEqual(tracks.length);
  await expectTaggedFiles(parsed.tracks);

  // The release's tracks are all in it, as WAV, with the catalog's facts and the store's grid and cues.
  for (const track of tracks) {
    const index = parsed.tracks.findIndex(
      (candidate) => candidate.Name === `${track.name} (${track.mixName})`,
    );
    const exported = parsed.tracks[index];
    const analysis = await analysisOf(browser.store, track.id);
    expect(parsed.marks[index]?.tempo).toEqual([
      {
        Inizio: (analysis.firstDownbeatMs / 1000).toFixed(3),
        Bpm: analysis.bpm.toFixed(2),
        Metro: '4/4',
        Battito: '1',
      },
    ]);
    expect(parsed.marks[index]?.cues.map((cue) => cue.Name)).toEqual(analysis.cues.map((cue) => cue.name));
    expect(exported, track.name).toMatchObject({
      Artist: track.artists.map((artist) => artist.name).join(', '),
      Album: release.name,
      Label: track.label.name,
      Genre: track.genre.name,
      Kind: 'WAV File',
      AverageBpm: analysis.bpm.toFixed(2),
      Year: track.publishDate.slice(0, 4),
      TotalTime: String(Math.round(track.lengthMs / 1000)),
    });
    const path = locationPath(exported?.Location ?? '');
    expect(path.endsWith(expectedName(track).split('/').pop() ?? '?'), path).toBe(true);
    expect(audioFormatOf(path)).toBe('wav');
  }
  return { release, tracks, exported: parsed.tracks.length, missing };
}

/**
 * The same crate for Traktor and Serato DJ: the NML's every LOCATION and the crate's every path
 * name the files the rekordbox XML named (files on disk), and the NML's playlist names its
 * collection's entries. The dialog says how each imports, and where a Serato crate goes.
 */
async function expectOtherFormats<P extends JourneyPage>(
  exporter: CrateExportPage<P>,
  browser: JourneyBrowser<P>,
  cartName: string,
  files: readonly string[],
): Promise<void> {
  await exporter.exportAs('traktor');
  expect(await exporter.howTo.textContent()).toContain('Import Playlist');
  const nml = readNml(await savedText(browser, `${cartName}.nml`));
  expect(nml).toMatchObject({ errors: 0, version: '19', playlistNode: { TYPE: 'PLAYLIST', NAME: cartName } });
  expect(nml.root).toEqual({ TYPE: 'FOLDER', NAME: '$ROOT' });
  // The test machine is Linux: the volume is empty and the "/:" path is the absolute one.
  expect(nml.entries.map((entry) => entry.path).sort()).toEqual([...files].sort());
  expect(nml.playlistKeys).toEqual(nml.entries.map(({ key }) => ({ TYPE: 'TRACK', KEY: key })));
  // Each entry has the store's grid marker (TYPE 4) first, then its cues.
  for (const entry of nml.entries) expect(entry.cues[0]).toMatchObject({ NAME: 'AutoGrid', TYPE: '4' });

  await exporter.exportAs('serato');
  expect(await exporter.outcome.textContent()).toContain('Music/_Serato_/Subcrates in your home folder');
  const crate = readSeratoCrate(await savedBytes(browser, `${cartName}.crate`));
  expect(crate.version).toBe('1.0/Serato ScratchLive Crate');
  expect(crate.paths.map((path) => `/${path}`).sort()).toEqual([...files].sort());
}

/** An NML file: whether happy-dom's DOM parser finds it well-formed, and what Traktor reads of it. */
function readNml(xml: string) {
  const window = new Window();
  try {
    const doc = new window.DOMParser().parseFromString(xml, 'application/xml');
    return { errors: doc.getElementsByTagName('parsererror').length, ...readTraktorNml(xml) };
  } finally {
    void window.happyDOM.close();
  }
}

/**
 * A named cart holding the bought release and a track not bought, exported from the cart tab to
 * M3U8, rekordbox XML, Traktor NML and a Serato crate, then shared as a crate file that is imported into another cart.
 */
export async function exportAndShareCart<P extends JourneyPage>(
  browser: JourneyBrowser<P>,
  { release, tracks }: BoughtRelease,
  cartName: string,
): Promise<void> {
  const { store, downloadDir } = browser;
  const api = storeApi(store);
  const userId = await demoId(store);
  const unowned = await store.ctx.db.get<{ id: number; name: string }>(
    `SELECT id, name FROM tracks WHERE sale_type = 'purchase'
      AND id NOT IN (SELECT track_id FROM downloads WHERE user_id = ?) ORDER BY id LIMIT 1`,
    userId,
  );
  if (!unowned) throw new Error('demo owns every track.');
  const cartItems = [
    { id: release.id, type: 'release', audioFormat: 'wav' },
    { id: unowned.id, type: 'track', audioFormat: 'mp3' },
  ];
  await api('POST', '/cart/1/', {
    sourceType: 'e2e',
    name: cartName,
    items: JSON.stringify(cartItems),
    alreadyPurchasedOverride: 'true',
  });

  const popup = await openPopup(browser);
  await popup.createCart(cartName);
  await popup.cart.counts.filter({ hasText: '2 items' }).waitFor();
  const exporter = new CrateExportPage(popup.page);

  // M3U8: the release's files, as the template saved them, relative to the download folder.
  await exporter.exportCart('m3u8');
  expect(await exporter.outcome.textContent()).toContain(
    `${tracks.length} ${tracks.length === 1 ? 'track' : 'tracks'} exported to "${cartName}.m3u8" in your downloads.`,
  );
  expect(await exporter.missing.allTextContents()).toEqual([expect.stringMatching(/: not bought yet$/)]);
  expect((await exporter.missing.allTextContents())[0]).toContain(unowned.name);
  const lines = (await savedText(browser, `${cartName}.m3u8`)).trimEnd().split('\n');
  expect(lines[0]).toBe('#EXTM3U');
  const entries = lines.slice(1);
  expect(entries).toHaveLength(tracks.length * 2);
  for (const track of tracks) {
    const at = entries.indexOf(expectedName(track));
    expect(at, track.name).toBeGreaterThan(0);
    expect(entries[at - 1]).toBe(
      `#EXTINF:${Math.round(track.lengthMs / 1000)},${track.artists.map((artist) => artist.name).join(', ')} - ${track.name} (${track.mixName})`,
    );
    expect(audioFormatOf(join(downloadDir, expectedName(track)))).toBe('wav');
  }

  // rekordbox XML: the same files, in a playlist named after the cart.
  await exporter.exportAs('rekordbox');
  const parsed = readRekordbox(await savedText(browser, `${cartName}.xml`));
  expect(parsed.errors).toBe(0);
  expect(parsed.playlist).toMatchObject({ Name: cartName, Type: '1', Entries: String(tracks.length) });
  expect(parsed.tracks.map((track) => track.Name).sort()).toEqual(
    tracks.map((track) => `${track.name} (${track.mixName})`).sort(),
  );
  expect(parsed.keys).toEqual(parsed.tracks.map((track) => track.TrackID));
  await expectTaggedFiles(parsed.tracks);
  for (const track of parsed.tracks) {
    const file = statSync(locationPath(track.Location ?? ''));
    const number =
      release.trackIds.indexOf(tracks.find((t) => track.Name === `${t.name} (${t.mixName})`)?.id ?? -1) + 1;
    expect(track).toMatchObject({ TrackNumber: String(number), Size: String(file.size), BitRate: '1411' });
    expect(track.Comments).toContain(release.catalogNumber);
  }
  await expectOtherFormats(
    exporter,
    browser,
    cartName,
    parsed.tracks.map((track) => locationPath(track.Location ?? '')),
  );

  // Shared as a crate file, which imports into another cart: the owned release is skipped.
  await exporter.close();
  const share = new CrateSharePanelPage(popup.page);
  await share.share();
  const fileName = `${cartName}.crate.json`;
  const shared = JSON.parse(await savedText(browser, fileName)) as { items: { id: number }[] };
  shared.items.sort((a, b) => a.id - b.id);
  expect(shared).toEqual({
    format: 'crate.shared-crate',
    version: 1,
    name: cartName,
    items: [...cartItems].sort((a, b) => a.id - b.id),
  });

  const copy = `${cartName} copy`;
  await share.importInto(copy);
  await share.fileInput.setInputFiles(join(downloadDir, `${cartName}.m3u8`));
  await share.problem.filter({ hasText: 'This is not a Crate file' }).waitFor();
  await share.fileInput.setInputFiles(join(downloadDir, fileName));
  await share.report.filter({ hasText: '1 added, 1 skipped.' }).waitFor();
  expect(await share.report.textContent()).toContain(
    share.skippedLine('release', release.id, 'alreadyPurchased'),
  );
  const copied = await api<Cart>('GET', '/cart/1/', { sourceType: 'e2e', name: copy });
  expect(copied.items.map(({ id, type, audioFormat }) => ({ id, type, audioFormat }))).toEqual([
    { id: unowned.id, type: 'track', audioFormat: 'mp3' },
  ]);
  // Back to the default cart, which the other tests' popups show.
  await popup.chooseCart('default');
  await popup.page.close();
  for (const name of [cartName, copy]) await api('DELETE', '/cart/1/', { sourceType: 'e2e', name });
}
