import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvLines, csvRows } from '../../../../lib/tracklist/csv.ts';

describe('csvRows', () => {
  it('reads quoted fields with delimiters, doubled quotes and line breaks inside', () => {
    expect(csvRows('a,"b, c","say ""hi""","two\nlines"\r\nx,y,z,w', ',')).toEqual([
      ['a', 'b, c', 'say "hi"', 'two\nlines'],
      ['x', 'y', 'z', 'w'],
    ]);
  });

  it('never throws', () => {
    fc.assert(fc.property(fc.string(), (text) => Array.isArray(csvRows(text, ','))));
  });
});

describe('csvLines: artist and title columns found by their header', () => {
  it.each([
    [
      'Exportify',
      '"Track URI","Track Name","Artist Name(s)","Album Name"\n"spotify:track:1","Glue","Bicep","Isles"\n"spotify:track:2","Latch","Disclosure, Sam Smith","Settle"\n',
      ['Bicep - Glue', 'Disclosure, Sam Smith - Latch'],
    ],
    ['TuneMyMusic', 'Track name,Artist name,Album\nGlue,Bicep,Isles\n', ['Bicep - Glue']],
    ['Soundiiz (semicolons)', 'title;artist;album;isrc\nGlue;Bicep;Isles;GBX\n', ['Bicep - Glue']],
    ['a mix column', 'Artist\tTitle\tMix\nBicep\tGlue\tExtended Mix\n', ['Bicep - Glue (Extended Mix)']],
    ['German headers, a byte order mark', '\ufeffKünstler,Titel\nKölsch,Grey\n', ['Kölsch - Grey']],
  ])('%s', (_, text, lines) => {
    expect(csvLines(text)).toEqual(lines);
  });

  it('is null without an artist or a title column', () => {
    expect(csvLines('Album,Year\nIsles,2021\n')).toBeNull();
    expect(csvLines('Artist,Album\nBicep,Isles\n')).toBeNull();
    expect(csvLines('')).toBeNull();
  });
});
