/**
 * The USB stick writer in Chromium (issue #37): against the browser's own File System Access
 * implementation, with the origin-private file system standing in for the drive a DJ picks (a
 * headless browser cannot answer the picker's native dialog). Two crates are exported to it, the
 * second added to the first, and everything is read back in Node with crate-digger's definitions.
 */
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { type Browser, chromium } from 'playwright-core';
import { build } from 'vite';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { readExportPdb } from '../../lib/dj-formats/rekordbox-device/pdb-reader.ts';
import { chromiumArgs } from '../helpers/chromium.ts';
import { freePort } from '../helpers/free-port.ts';
import { readAnlzWithKaitai, readWithKaitai } from '../helpers/usb-stick.ts';

let server: Server;
let browser: Browser;
let url: string;

beforeAll(async () => {
  const bundle = await build({
    configFile: false,
    logLevel: 'silent',
    build: {
      write: false,
      minify: false,
      lib: { entry: join(import.meta.dirname, 'usb-stick-page.ts'), formats: ['iife'], name: 'usbStick' },
    },
  });
  const [output] = Array.isArray(bundle) ? bundle : [bundle];
  const code = output && 'output' in output ? (output.output[0]?.code ?? '') : '';
  const html = `<!doctype html><meta charset="utf-8"><script>${code.replaceAll('</script', '<\\/script')}</script>`;
  const port = await freePort();
  // http://127.0.0.1 is a secure context: the origin-private file system is there.
  server = createServer((_, response) => response.writeHead(200, { 'content-type': 'text/html' }).end(html));
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${port}/`;
  browser = await chromium.launch({ executablePath: inject('chromePath'), args: chromiumArgs() });
});

afterAll(async () => {
  await browser?.close();
  server?.close();
});

it('writes a stick through Chromium’s File System Access, a second crate added to the first', async () => {
  const page = await browser.newPage();
  await page.goto(url);
  const files = await page.evaluate(() =>
    (globalThis as unknown as { exportTwice(): Promise<Record<string, string>> }).exportTwice(),
  );
  const bytes = (path: string) => new Uint8Array(Buffer.from(files[path] ?? '', 'base64'));

  const database = bytes('PIONEER/rekordbox/export.pdb');
  const library = readExportPdb(database);
  expect(library.tracks.map((t) => [t.id, t.artist, t.filePath])).toEqual([
    [1, 'Åsa/Ödin', '/Contents/ÅsaÖdin/Crate Tests/ÅsaÖdin - Track 1.mp3'],
    [2, 'Kōji', '/Contents/Kōji/Crate Tests/Kōji - Track 2.mp3'],
    [3, 'Zoë', '/Contents/Zoë/Crate Tests/Zoë - Track 3.mp3'],
  ]);
  expect(library.playlists.map((p) => [p.name, p.trackIds])).toEqual([
    ['Friday', [1, 2]],
    ['Saturday', [2, 3]],
  ]);
  expect(readWithKaitai(database).get(0)).toHaveLength(3);
  for (const track of library.tracks) {
    expect(bytes(track.filePath.slice(1)).length).toBe(track.fileSize);
    for (const extension of ['DAT', 'EXT']) {
      const anlz = readAnlzWithKaitai(bytes(track.analyzePath.slice(1).replace(/DAT$/, extension)));
      expect(anlz.sections[0].body.path).toBe(track.filePath);
    }
  }
  expect(Object.keys(files).filter((path) => path.endsWith('.new') || path.endsWith('.crswap'))).toEqual([]);
  expect(Object.keys(files).filter((path) => path.startsWith('Contents/'))).toHaveLength(3);
  await page.close();
});
