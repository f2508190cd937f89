import { describe, expect, it } from 'vitest';
import { m3u8 } from '../../../../../lib/dj-formats/m3u8/writer.ts';
import { savedEntries } from '../../../../helpers/crate-files.ts';

describe('M3U8', () => {
  it('writes extended M3U8: duration and "Artist - Title", then the path the template saved', () => {
    expect(m3u8(savedEntries()).split('\n')).toEqual([
      '#EXTM3U',
      '#EXTINF:360,Artist 1 - Song 1 (Original Mix)',
      'Artist 1 - Song 1 (Original Mix).mp3',
      `#EXTINF:422,Björk, D'Angelo - Rock & "Roll" <Live> (Dub Mix)`,
      `Songs #1/Björk, D'Angelo - Rock & "Roll" <Live> (Dub Mix).wav`,
      '',
    ]);
  });
});
