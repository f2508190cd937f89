import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DeviceDatabase } from '../../../../../lib/dj-formats/rekordbox-device/pdb-database.ts';
import { namedRow, PageType } from '../../../../../lib/dj-formats/rekordbox-device/pdb-rows.ts';
import { kaitaiRowsByKey, rekordboxDemoStickPath } from '../../../../helpers/usb-stick.ts';

const fixture = (name: string) =>
  new Uint8Array(readFileSync(join(rekordboxDemoStickPath, 'PIONEER', 'rekordbox', name)));

describe('DeviceDatabase on the stick rekordbox exported', () => {
  it('reads and writes export.pdb and exportExt.pdb back byte for byte when nothing is added', () => {
    for (const name of ['export.pdb', 'exportExt.pdb']) {
      const original = fixture(name);
      expect(Buffer.from(DeviceDatabase.parse(original).bytes()).equals(original), name).toBe(true);
    }
  });

  it('reads every row crate-digger reads, every field alike', () => {
    const file = fixture('export.pdb');
    const db = DeviceDatabase.parse(file);
    const kaitai = kaitaiRowsByKey(file).rows;
    const tables = [PageType.tracks, PageType.artists, PageType.labels, PageType.keys, PageType.colors];
    for (const type of tables) {
      for (const row of db.rows(type)) {
        const theirs = kaitai.get(`${type}:${row.fields.id}`) ?? {};
        for (const [name, value] of Object.entries({ ...row.fields, ...row.strings })) {
          if (name in theirs) expect(theirs[name], `${type}:${row.fields.id}.${name}`).toEqual(value);
        }
      }
    }
    expect(db.rows(PageType.tracks).map((row) => row.strings.title)).toEqual([
      'Demo Track 1',
      'Demo Track 2',
    ]);
  });

  it('appends rows in new pages linked at the table’s end, the old pages as they were', () => {
    const file = fixture('export.pdb');
    const db = DeviceDatabase.parse(file);
    const before = db.chain(PageType.genres);
    db.append(PageType.genres, [namedRow(9, 'ABC')], false);
    const after = DeviceDatabase.parse(db.bytes());
    const chain = after.chain(PageType.genres);
    expect(chain.slice(0, before.length)).toEqual(before);
    expect(after.rows(PageType.genres).map((row) => [row.fields.id, row.strings.name])).toEqual([[9, 'ABC']]);
    expect(kaitaiRowsByKey(db.bytes()).rows.get('1:9')).toMatchObject({ name: 'ABC' });
  });
});
