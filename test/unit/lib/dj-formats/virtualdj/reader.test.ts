import { describe, expect, it } from 'vitest';
import {
  readVirtualDjDatabase,
  VirtualDjDatabaseError,
} from '../../../../../lib/dj-formats/virtualdj/reader.ts';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('readVirtualDjDatabase', () => {
  it('lists the songs by FilePath and finds the end tag by byte, past multi-byte text', async () => {
    const text = [
      '\ufeff<?xml version="1.0" encoding="UTF-8"?>',
      '<VirtualDJ_Database Version="8.2">',
      '<Song FilePath="D:\\Müsik\\a &amp; b.mp3" FileSize="1"><Tags Title="Ölmühle" /></Song>',
      '<Song FilePath="/Volumes/STICK/c.flac"><Poi Pos="1.0" Type="beatgrid"/></Song>',
      '</VirtualDJ_Database>',
      '',
    ].join('\r\n');
    const encoded = bytes(text);
    const database = await readVirtualDjDatabase(encoded);
    expect(database.version).toBe('8.2');
    expect([...database.filePaths]).toEqual(['D:\\Müsik\\a & b.mp3', '/Volumes/STICK/c.flac']);
    expect(new TextDecoder().decode(encoded.subarray(database.endTagOffset))).toBe(
      '</VirtualDJ_Database>\r\n',
    );
  });

  it('does not count a FilePath of a nested element as a song', async () => {
    const database = await readVirtualDjDatabase(
      bytes(
        '<VirtualDJ_Database Version="8"><Song FilePath="a"><Link FilePath="b"/></Song></VirtualDJ_Database>',
      ),
    );
    expect([...database.filePaths]).toEqual(['a']);
  });

  it.each([
    ['an empty file', ''],
    ['a root written as one tag', '<VirtualDJ_Database Version="8"/>'],
    ['a second root', '<VirtualDJ_Database></VirtualDJ_Database><VirtualDJ_Database></VirtualDJ_Database>'],
    ['an unclosed song', '<VirtualDJ_Database><Song FilePath="a"></VirtualDJ_Database>'],
  ])('refuses %s', async (_, text) => {
    await expect(readVirtualDjDatabase(bytes(text))).rejects.toBeInstanceOf(VirtualDjDatabaseError);
  });
});
