/**
 * The DJ's collection at DJ scale (issue 26):
 *
 * - import: a rekordbox XML export of 20,000 and of 100,000 tracks (each as rekordbox writes it:
 *   two dozen attributes, a TEMPO and three cue POSITION_MARKs) chosen in the options page's file
 *   input of the built extension in headless Chromium, timed from the choice to the report "Read
 *   N tracks", with the longest gap between two animation frames of the page meanwhile (the page
 *   stays responsive: goal under 200 ms), and the compact index's size in storage.local;
 * - decorate: what the collection adds to decorating a page: finding 1,000 track rows' items and
 *   their status (the content script's lib/content code) in happy-dom, without a collection and
 *   with a 100,000-track one (its decoding included), side by side in one process.
 *
 *   tsx bench/collection.ts [--sizes 20000,100000] [--runs 5]
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Window } from 'happy-dom';
import { chromium } from 'playwright-core';
import { CollectionSectionPage } from '../components/options/collection-section.page.ts';
import { listRowOf } from '../lib/content/decorate.ts';
import { createItemStates } from '../lib/content/item-state.ts';
import { chromeExtensionId } from '../lib/contract/extension-identity.ts';
import { collectionKeys } from '../lib/contract/recording-match.ts';
import { encodeKeys } from '../lib/storage/collection-index.ts';
import { builtExtensionPath, chromePath, chromiumArgs } from '../test/helpers/chromium.ts';
import { median, recordFigures } from './figures.ts';

const { values } = parseArgs({
  options: { sizes: { type: 'string', default: '20000,100000' }, runs: { type: 'string', default: '5' } },
});
const sizes = values.sizes.split(',').map(Number);
const runs = Number(values.runs);
if (sizes.some((n) => !Number.isSafeInteger(n) || n < 1 || n > 1_000_000) || !(runs >= 1)) {
  console.error('Usage: tsx bench/collection.ts [--sizes 20000,100000] [--runs 5]');
  process.exit(2);
}

const words = ['Deep', 'Night', 'Glue', 'Echo', 'Drift', 'Solar', 'Pulse', 'Velvet', 'Static', 'Tide'];
const word = (i: number) => words[i % words.length] as string;
const artistName = (i: number) => `${word(i)} ${word(Math.floor(i / 10))} ${i % 997}`;
const mixes = ['Original Mix', 'Extended Mix', 'Dub', 'Club Mix', ''];

/** The i-th track of a made-up collection, as rekordbox writes it. */
function rekordboxTrack(i: number): string {
  const artists = i % 5 === 0 ? `${artistName(i)} &amp; ${artistName(i + 1)}` : artistName(i);
  const mix = mixes[i % mixes.length] as string;
  return `    <TRACK TrackID="${i + 1}" Name="${word(i * 7)} ${word(i * 3)} ${i}" Artist="${artists}" Composer="" Album="${word(i)} EP" Grouping="" Genre="Techno" Kind="WAV File" Size="${40_000_000 + i}" TotalTime="${300 + (i % 200)}" DiscNumber="0" TrackNumber="${1 + (i % 6)}" Year="2021" AverageBpm="${(120 + (i % 20)).toFixed(2)}" DateAdded="2023-04-27" BitRate="1411" SampleRate="44100" Comments="" PlayCount="${i % 9}" Rating="0" Location="file://localhost/Volumes/USB/Music/${encodeURIComponent(artistName(i))}%20-%20${i}.wav" Remixer="" Tonality="${1 + (i % 12)}A" Label="Label ${i % 300}" Mix="${mix}">
      <TEMPO Inizio="0.126" Bpm="${(120 + (i % 20)).toFixed(2)}" Metro="4/4" Battito="1"/>
      <POSITION_MARK Name="" Type="0" Start="0.126" Num="-1"/>
      <POSITION_MARK Name="Drop" Type="0" Start="64.126" Num="0" Red="40" Green="226" Blue="20"/>
      <POSITION_MARK Name="" Type="0" Start="128.126" Num="1" Red="255" Green="140" Blue="0"/>
    </TRACK>`;
}

function rekordboxXml(tracks: number): string {
  const body = Array.from({ length: tracks }, (_, i) => rekordboxTrack(i)).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<DJ_PLAYLISTS Version="1.0.0">\n  <PRODUCT Name="rekordbox" Version="6.8.5" Company="AlphaTheta"/>\n  <COLLECTION Entries="${tracks}">\n${body}\n  </COLLECTION>\n  <PLAYLISTS><NODE Type="0" Name="ROOT" Count="0"/></PLAYLISTS>\n</DJ_PLAYLISTS>\n`;
}

const figures: Record<string, number> = {};

async function importTimes(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'crate-bench-collection-'));
  const context = await chromium.launchPersistentContext('', {
    executablePath: chromePath,
    headless: true,
    args: chromiumArgs(builtExtensionPath()),
  });
  try {
    await (context.serviceWorkers()[0] ?? context.waitForEvent('serviceworker'));
    const page = await context.newPage();
    await page.goto(`chrome-extension://${chromeExtensionId}/options.html`);
    const collection = new CollectionSectionPage(page);
    for (const size of sizes) {
      const file = join(dir, `rekordbox-${size}.xml`);
      const xml = rekordboxXml(size);
      writeFileSync(file, xml);
      const seconds: number[] = [];
      const gaps: number[] = [];
      for (let run = 0; run < Math.min(runs, size > 50_000 ? 3 : runs); run++) {
        // A string, not a function: tsx's helpers do not exist in the page.
        await page.evaluate(`{
          const frames = { last: performance.now(), longest: 0, on: true };
          globalThis.benchFrames = frames;
          const tick = (now) => {
            frames.longest = Math.max(frames.longest, now - frames.last);
            frames.last = now;
            if (frames.on) requestAnimationFrame(tick);
          };
          requestAnimationFrame(tick);
        }`);
        const start = performance.now();
        const report = await collection.importFile(file, 300_000);
        seconds.push((performance.now() - start) / 1000);
        if (!report.startsWith(`Read ${size.toLocaleString('en-US')} tracks`)) throw new Error(report);
        gaps.push(
          await page.evaluate<number>('(globalThis.benchFrames.on = false, globalThis.benchFrames.longest)'),
        );
      }
      const indexBytes = await page.evaluate<number>(
        "chrome.storage.local.get('collectionIndex').then((stored) => JSON.stringify(stored).length)",
      );
      figures[`collection_import_s_${size}`] = median(seconds);
      figures[`collection_import_frame_gap_ms_${size}`] = median(gaps);
      figures[`collection_index_bytes_${size}`] = indexBytes;
      console.log(
        `import ${size.toLocaleString('en-US')} tracks (${(xml.length / 1e6).toFixed(0)} MB XML): ${median(seconds).toFixed(2)} s median of ${seconds.length} (${seconds.map((s) => s.toFixed(2)).join(', ')}), longest frame gap ${median(gaps).toFixed(0)} ms, compact index ${(indexBytes / 1e6).toFixed(2)} MB`,
      );
    }
  } finally {
    await context.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** 1,000 track rows as the store's TrackRow writes them. */
function chartRows(document: Document, origin: string): Element[] {
  const list = document.createElement('ol');
  list.className = 'track-list';
  list.innerHTML = Array.from(
    { length: 1000 },
    (_, i) => `<li class="track-row" data-track-id="${i + 1}"><div class="track-main">
      <a class="track-title" href="${origin}/track/t/${i + 1}">${word(i * 7)} ${word(i * 3)} ${i * 97} <span class="mix-name">${mixes[i % 4]}</span></a>
      <span class="track-artists"><a href="${origin}/artist/a/${i}">${artistName(i * 97)}</a></span></div>
      <span class="track-facts"><span class="bpm">124 BPM</span><span class="key">A Minor</span></span><span class="price">$1.49</span></li>`,
  ).join('');
  document.body.append(list);
  return [...list.children];
}

function decorateTimes(): void {
  const window = new Window({ url: 'http://127.0.0.1:8787/chart/x/1' });
  const origin = 'http://127.0.0.1:8787';
  const rows = chartRows(window.document as unknown as Document, origin);
  const keys: string[] = [];
  for (let i = 0; i < 100_000; i++) {
    const mix = mixes[i % mixes.length] as string;
    keys.push(
      ...collectionKeys({ artists: artistName(i), title: `${word(i * 7)} ${word(i * 3)} ${i}`, mix }),
    );
  }
  const collection = {
    sources: [
      {
        id: 'rekordbox:r.xml',
        kind: 'rekordbox' as const,
        name: 'rekordbox',
        tracks: 100_000,
        importedAt: '',
        keys: encodeKeys(keys),
      },
    ],
  };
  const decorate = (withCollection: boolean): { ms: number; marked: number } => {
    const start = performance.now();
    const states = createItemStates({
      cache: null,
      defaultFormat: 'mp3',
      collection: withCollection ? collection : null,
    });
    let marked = 0;
    for (const row of rows) {
      const found = listRowOf(row, origin);
      if (found && states.status(found.item).inCollection) marked++;
    }
    return { ms: performance.now() - start, marked };
  };
  const without: number[] = [];
  const withIt: number[] = [];
  let marked = 0;
  for (let run = 0; run < 7 * runs; run++) {
    without.push(decorate(false).ms);
    const result = decorate(true);
    withIt.push(result.ms);
    marked = result.marked;
  }
  figures.collection_decorate_ms_without = median(without);
  figures.collection_decorate_ms_with_100000 = median(withIt);
  figures.collection_decorate_ratio = median(withIt) / median(without);
  console.log(
    `decorate 1,000 rows (happy-dom; items and status): ${median(without).toFixed(1)} ms without a collection, ${median(withIt).toFixed(1)} ms with 100,000 tracks (${marked} rows in it), ratio ${(median(withIt) / median(without)).toFixed(2)}`,
  );
  void window.happyDOM.close();
}

console.log('Figures measured on a shared machine: compare within this run.\n');
decorateTimes();
await importTimes();
recordFigures(figures);
