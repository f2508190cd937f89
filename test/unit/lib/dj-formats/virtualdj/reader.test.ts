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

  it('reads a database of 20,000 songs, megabytes of text, every song across the chunk boundaries', async () => {
    const song = (n: number) =>
      `<Song FilePath="D:\\Music\\Künstler ${n}\\Titel ${n}.mp3" FileSize="${n}">\r\n <Tags Author="Künstler ${n}" Title="Titel ${n}" />\r\n <Scan Version="801" Bpm="0.468750" />\r\n <Poi Pos="0.1" Type="beatgrid" />\r\n</Song>\r\n`;
    const songs = Array.from({ length: 20_000 }, (_, n) => song(n)).join('');
    const encoded = bytes(`<VirtualDJ_Database Version="2023">\r\n${songs}</VirtualDJ_Database>\r\n`);
    expect(encoded.length).toBeGreaterThan(3 << 20);
    const database = await readVirtualDjDatabase(encoded);
    expect(database.filePaths.size).toBe(20_000);
    expect(database.filePaths.has('D:\\Music\\Künstler 12345\\Titel 12345.mp3')).toBe(true);
    expect(database.endTagOffset).toBe(encoded.length - '</VirtualDJ_Database>\r\n'.length);
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
