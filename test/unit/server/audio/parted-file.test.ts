import { describe, expect, it } from 'vitest';
import { bytesPart, loopOf, loopPart, PartedFile } from '../../../../server/audio/parted-file.ts';
import { Random } from '../../../../server/generation/random.ts';

/** A file of a header, a loop repeated with overlays at both ends, and a trailer, against the same bytes made whole. */
function sample() {
  const loop = Uint8Array.from({ length: 1000 }, (_, i) => i % 251);
  const size = 70_500;
  const head = { offset: 0, bytes: new Uint8Array(300).fill(7) };
  const tail = { offset: size - 900, bytes: new Uint8Array(900).fill(9) };
  const header = new Uint8Array(44).fill(1);
  const trailer = new Uint8Array(333).fill(2);
  const expected = new Uint8Array(44 + size + 333);
  expected.set(header);
  for (let i = 0; i < size; i++) expected[44 + i] = loop[i % loop.length] as number;
  expected.set(head.bytes, 44);
  expected.set(tail.bytes, 44 + size - 900);
  expected.set(trailer, 44 + size);
  const file = new PartedFile(
    [bytesPart(header), loopPart(loopOf(loop), size, [head, tail]), bytesPart(trailer)],
    'audio/wav',
    'wav',
  );
  return { file, expected };
}

describe('a file made of parts', () => {
  it('reads whole as the bytes it stands for', () => {
    const { file, expected } = sample();
    expect(file.size).toBe(expected.length);
    expect(Buffer.compare(file.bytes(), expected)).toBe(0);
  });

  it('reads any range exactly, across parts, seams and overlays', () => {
    const { file, expected } = sample();
    const random = new Random(7);
    for (let n = 0; n < 300; n++) {
      const start = random.int(0, expected.length - 1);
      const end = random.int(start, expected.length - 1);
      const read = Buffer.concat([...file.chunks(start, end)]);
      expect(Buffer.compare(read, expected.subarray(start, end + 1)), `${start}-${end}`).toBe(0);
    }
  });

  it('hands out views of the loop where no overlay lies, never more than 64 KiB at a time', () => {
    const { file } = sample();
    const chunks = [...file.chunks(5000, 60_000)];
    expect(chunks.every((chunk) => chunk.length <= 64 * 1024)).toBe(true);
    expect(chunks.some((chunk) => chunk.byteLength === 1000 && chunk.byteOffset === 0)).toBe(true);
  });

  it('has an ETag that changes with any part', () => {
    const { file } = sample();
    const other = new PartedFile(
      [...file.parts.slice(0, 2), bytesPart(new Uint8Array(333).fill(3))],
      'audio/wav',
      'wav',
    );
    expect(file.etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect(sample().file.etag).toBe(file.etag);
    expect(other.etag).not.toBe(file.etag);
  });
});
