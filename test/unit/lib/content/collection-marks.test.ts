// @vitest-environment happy-dom
/**
 * From an imported collection to a row's mark: the options page saves a rekordbox export, the
 * page's state finds the rows it holds by the recording each row names (decorate.ts).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { listRowOf } from '../../../../lib/content/decorate.ts';
import { createItemStates } from '../../../../lib/content/item-state.ts';
import { readPageStorage } from '../../../../lib/content/page-storage.ts';
import {
  collectionSources,
  keepIndex,
  removeCollection,
} from '../../../../lib/options/collection/import-collection.ts';
import {
  type ReadCollection,
  readCollectionFile,
} from '../../../../lib/options/collection/read-collection.ts';
import { saveCollection } from '../../../../lib/options/collection/save-collection.ts';

const store = 'http://127.0.0.1:8787';

const row = (id: number, title: string, mix: string, artists: string[], remixers: string[] = []) => `
  <li class="track-row" id="t${id}"><div class="track-main">
    <a class="track-title" href="${store}/track/x/${id}">${title} <span class="mix-name">${mix}</span></a>
    <span class="track-artists">${artists.map((a) => `<a href="/artist/a/1">${a}</a>`).join(', ')}${
      remixers.length
        ? ` <span class="remixers">(remix: ${remixers.map((a) => `<a href="/artist/r/2">${a}</a>`).join(', ')})</span>`
        : ''
    }</span></div></li>`;

const rekordbox = `<?xml version="1.0" encoding="UTF-8"?><DJ_PLAYLISTS Version="1.0.0"><COLLECTION Entries="2">
<TRACK TrackID="1" Name="Glue" Artist="Bicep" Mix="Original Mix" Remixer="" Location=""/>
<TRACK TrackID="2" Name="Latch (Kaytranada Remix)" Artist="Sam Smith &amp; Disclosure" Remixer="Kaytranada" Location=""/>
</COLLECTION></DJ_PLAYLISTS>`;

beforeEach(() => {
  fakeBrowser.reset();
  document.body.innerHTML = `<ol class="track-list">
    ${row(1, 'Glue', 'Original Mix', ['BICEP'])}
    ${row(2, 'Glue', 'Extended Mix', ['Bicep'])}
    ${row(3, 'Latch', 'Kaytranada Remix', ['Disclosure', 'Sam Smith'], ['Kaytranada'])}
    ${row(4, 'Latch', 'Original Mix', ['Disclosure', 'Sam Smith'])}
    ${row(5, 'Glue', 'Original Mix', ['Bicep', 'Someone'])}
  </ol>`;
});

/** What an import does: the worker's part (IndexedDB, the index built), then the page's (the index kept). */
const save = async (read: ReadCollection, fileName: string) =>
  keepIndex((await saveCollection(read, fileName)).index);

async function marks(): Promise<Record<string, string | null>> {
  const stored = await readPageStorage();
  const states = createItemStates({ cache: null, defaultFormat: 'mp3', collection: stored.collection });
  const rows = [...document.querySelectorAll('.track-row')].map((element) => listRowOf(element, store));
  return Object.fromEntries(
    rows.map((found) => [found?.row.id, found ? states.status(found.item).inCollection : null]),
  );
}

describe("the DJ's collection on the store's rows", () => {
  it('marks the recordings the collection holds, and not another mix or another line-up', async () => {
    const read = await readCollectionFile(new File([rekordbox], 'rekordbox.xml'));
    await save(read, 'rekordbox.xml');
    expect(await marks()).toEqual({ t1: 'rekordbox', t2: null, t3: 'rekordbox', t4: null, t5: null });
  });

  it('replaces a source imported again, keeps several, and forgets a removed one', async () => {
    await save(await readCollectionFile(new File([rekordbox], 'rekordbox.xml')), 'rekordbox.xml');
    const playlist = new File(['#EXTINF:1,Bicep - Glue (Extended Mix)\nglue.mp3\n'], 'Friday.m3u8');
    await save(await readCollectionFile(playlist), 'Friday.m3u8');
    const again = rekordbox.replace(/<TRACK TrackID="2"[^>]*>/, '');
    await save(await readCollectionFile(new File([again], 'rekordbox.xml')), 'rekordbox.xml');

    expect((await collectionSources()).map(({ id, tracks }) => [id, tracks]).sort()).toEqual([
      ['playlist:Friday.m3u8', 1],
      ['rekordbox:rekordbox.xml', 1],
    ]);
    expect(await marks()).toEqual({ t1: 'rekordbox', t2: 'Friday', t3: null, t4: null, t5: null });

    await removeCollection('rekordbox:rekordbox.xml');
    expect(await marks()).toEqual({ t1: null, t2: 'Friday', t3: null, t4: null, t5: null });
    expect((await collectionSources()).map(({ id }) => id)).toEqual(['playlist:Friday.m3u8']);
  });
});
