/**
 * A store that is not on this computer: https://crate-store.test, which the manifest's content
 * scripts do not match. Chromium maps the name to 127.0.0.1 and accepts the test's self-signed
 * certificate; a small TLS proxy puts this file's own store behind it (a store's OAuth issuer is
 * its own URL, so another origin is another store, seeded small).
 *
 * Chrome asks the person before granting a store's origin, and no automation can answer that
 * prompt: the extension runs here from a copy whose manifest grants the origin ahead, as the
 * person would by saying yes. Everything else is the built extension as it ships.
 */

import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createServer, type Server } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CartButtonsPage } from '../../components/content/cart-buttons.page.ts';
import { OptionsFormPage } from '../../components/options/options-form.page.ts';
import { freePort } from '../helpers/free-port.ts';
import { startTestStore, type TestStore } from '../helpers/store.ts';
import { builtExtensionPath, type ExtensionHarness, launchExtension } from './extension.ts';
import { e2eStoreUrl } from './store-url.ts';

const host = 'crate-store.test';
const localStoreUrl = e2eStoreUrl();
let dir: string;
let store: TestStore;
let proxy: Server;
let storeUrl: string;
let extension: ExtensionHarness;

/** A self-signed certificate for `host`, made with the system's openssl. */
function certificate(): { key: Buffer; cert: Buffer } {
  const made = spawnSync(
    'openssl',
    ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', `/CN=${host}`]
      .concat(['-addext', `subjectAltName=DNS:${host}`])
      .concat(['-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')]),
    { encoding: 'utf8' },
  );
  if (made.status !== 0) throw new Error(`openssl could not make a test certificate: ${made.stderr}`);
  return { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) };
}

/** TLS in front of the store: every request goes through as it came. */
function startProxy(port: number, storePort: number): Promise<Server> {
  const server = createServer(certificate(), (incoming, outgoing) => {
    const forwarded = httpRequest(
      {
        host: '127.0.0.1',
        port: storePort,
        method: incoming.method,
        path: incoming.url,
        headers: incoming.headers,
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    forwarded.on('error', () => outgoing.destroy());
    incoming.pipe(forwarded);
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

/** The built extension, its manifest granting the store's origin as the person's "yes" would. */
function extensionGrantingStore(): string {
  const copy = join(dir, 'extension');
  cpSync(builtExtensionPath, copy, { recursive: true });
  const manifestPath = join(copy, 'manifest.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { host_permissions: string[] };
  manifest.host_permissions.push(`https://${host}/*`);
  writeFileSync(manifestPath, JSON.stringify(manifest));
  return copy;
}

interface ScriptingGlobal {
  chrome: { scripting: { getRegisteredContentScripts(): Promise<{ id: string; matches?: string[] }[]> } };
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'crate-other-store-'));
  const [port, storePort] = [await freePort(), await freePort()];
  storeUrl = `https://${host}:${port}`;
  store = await startTestStore({ scale: 60, config: { baseUrl: storeUrl } });
  await store.app.listen({ port: storePort, host: '127.0.0.1' });
  proxy = await startProxy(port, storePort);
  extension = await launchExtension({
    extensionPath: extensionGrantingStore(),
    args: [`--host-resolver-rules=MAP ${host} 127.0.0.1`, '--ignore-certificate-errors'],
  });
});

afterAll(async () => {
  await extension?.close();
  proxy?.close();
  await store?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('a store on another origin', () => {
  it('gets the content script registered at run time, and only its pages are decorated', async () => {
    const options = new OptionsFormPage(await extension.openPage('options.html'));
    expect(await options.setStoreUrl(storeUrl)).toBe('Saved.');

    const worker = await extension.worker();
    await expect
      .poll(() =>
        worker.evaluate(() =>
          (globalThis as unknown as ScriptingGlobal).chrome.scripting.getRegisteredContentScripts(),
        ),
      )
      .toEqual([expect.objectContaining({ id: 'crate-store', matches: [`https://${host}/*`] })]);

    const page = await extension.context.newPage();
    const buttons = new CartButtonsPage(page);
    await page.goto(storeUrl);
    await buttons.all.first().waitFor();
    // The first control may be a tile's, whose formats fold behind a toggle.
    await buttons.showFormats(buttons.all.first());
    expect(await buttons.add(buttons.all.first(), 'wav').count()).toBe(1);

    // The local store is matched by the manifest, but it is not the store in use now.
    await page.goto(localStoreUrl);
    await page.locator('.release-tile').first().waitFor();
    // The sign its script had the time to decorate: the store in use, opened after it, is decorated.
    const inUse = await extension.context.newPage();
    await inUse.goto(storeUrl);
    await new CartButtonsPage(inUse).all.first().waitFor();
    await inUse.close();
    expect(await buttons.all.count()).toBe(0);
  });
});
