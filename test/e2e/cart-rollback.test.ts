/**
 * A change the store does not take is rolled back in the popup: a store of this file's own,
 * stopped between showing the cart and changing a format.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PopupPage } from '../../components/popup/popup.page.ts';
import type { Track } from '../../lib/contract/wire.ts';
import { startTestStore, type TestStore } from '../helpers/store.ts';
import { signInToStore } from './connect.ts';
import { type ExtensionHarness, launchExtension, sendFromPage } from './extension.ts';

let store: TestStore;
let extension: ExtensionHarness;
let popup: PopupPage<Page>;

beforeAll(async () => {
  store = await startTestStore({ listen: true, scale: 100 });
  extension = await launchExtension();
  popup = await signInToStore(extension, store.baseUrl, 'dj2');
});

afterAll(async () => {
  await extension?.close();
  await store?.close();
});

describe('a failed format change', () => {
  it('rolls back to what the store holds, says why once, in the popup', async () => {
    const home = (await (await fetch(`${store.baseUrl}/catalog/3/platform/home`)).json()) as {
      results: { topTracks: Track[] };
    };
    const track = home.results.topTracks.find((each) => each.saleType === 'purchase') as Track;
    const added = (await sendFromPage(popup.page, 'addToCart', {
      items: [{ id: track.id, type: 'track', audioFormat: 'mp3' }],
    })) as { ok: boolean; value: { added: { name: string }[] } };
    expect(added.ok).toBe(true);
    const name = added.value.added[0]?.name as string;
    await popup.page.reload();
    const format = popup.cart.formatOf(name);
    await format.waitFor();
    await popup.page.getByText('Refreshing…').waitFor({ state: 'detached' });
    expect(await format.inputValue()).toBe('mp3');

    // The store stops answering: its listener closes, with every open connection.
    store.app.server.close();
    store.app.server.closeAllConnections();
    await format.selectOption('wav');
    const problem = popup.cart.panel.getByRole('alert');
    await problem.filter({ hasText: `The store at ${store.baseUrl} is not answering` }).waitFor();
    await popup.page.getByText('Refreshing…').waitFor({ state: 'detached' });
    expect(await format.inputValue()).toBe('mp3');
    expect(await popup.page.getByText('is not answering', { exact: false }).count()).toBe(1);
  });
});
