import { describe, expect, it } from 'vitest';
import { Mp3SeekIndexBuilder } from '../../../../../lib/dj-formats/rekordbox-device/mp3-seek-index.ts';
import { makeMp3 } from '../../../../helpers/usb-stick.ts';

function id3(size: number): Uint8Array {
  const tag = new Uint8Array(10 + size);
  tag.set([0x49, 0x44, 0x33, 4, 0, 0, 0, 0, (size >> 7) & 0x7f, size & 0x7f]);
  return tag;
}

describe('Mp3SeekIndexBuilder', () => {
  it('finds each 1/400 of the frames past an ID3 tag, however the file is cut into chunks', () => {
    const tag = id3(300);
    const file = new Uint8Array([...tag, ...makeMp3(1600)]);
    for (const chunk of [1, 7, 4096, file.length]) {
      const builder = new Mp3SeekIndexBuilder();
      for (let at = 0; at < file.length; at += chunk) builder.push(file.subarray(at, at + chunk));
      const index = builder.finish();
      expect(index).toHaveLength(400);
      expect(index[0]).toBe(tag.length);
      expect(index[1]).toBe(tag.length + 4 * 417);
      expect(index[399]).toBe(tag.length + 1596 * 417);
    }
  });

  it('gives zeros for a file with no MPEG frame', () => {
    const builder = new Mp3SeekIndexBuilder();
    builder.push(new TextEncoder().encode('RIFF....WAVEfmt '));
    expect([...builder.finish()].every((offset) => offset === 0)).toBe(true);
  });
});
