/**
 * The tagged sections of rekordbox's analysis files (ANLZ0000.DAT / .EXT), big-endian, each a
 * four-letter tag, its header length, its total length, then its body (crate-digger's
 * rekordbox_anlz.ksy, Deep Symmetry's analysis of the files, and rekordbox 6's own files read
 * section by section: docs/usb-stick.md). Every fixed structure is a layout of anlz-layout.ts,
 * written with `put`; the lengths are patched in through the same layouts.
 */

import { fileHeader, type SectionTag, sectionHeader, sectionHeaders } from './anlz-layout.ts';
import type { Field, Layout, Values } from './binary-layout.ts';

export class BigEndianWriter {
  private bytes: Uint8Array;
  length = 0;

  /** `capacity`: the expected size, as growing is a copy each time. */
  constructor(capacity: number) {
    this.bytes = new Uint8Array(capacity);
  }

  private room(more: number): void {
    if (this.length + more <= this.bytes.length) return;
    const grown = new Uint8Array(Math.max(this.bytes.length * 2, this.length + more));
    grown.set(this.bytes.subarray(0, this.length));
    this.bytes = grown;
  }
  /** `values` laid out by `shape`, at the end. */
  put<F extends Record<string, Field>>(shape: Layout<F>, values: Partial<Values<F>>): this {
    this.room(shape.size);
    shape.write(this.bytes, values, this.length);
    this.length += shape.size;
    return this;
  }
  /** Fields of `shape` rewritten in place at `at` (a length known only later). */
  patch<F extends Record<string, Field>>(shape: Layout<F>, values: Partial<Values<F>>, at: number): void {
    shape.write(this.bytes, values, at);
  }
  raw(bytes: Uint8Array): this {
    this.room(bytes.length);
    this.bytes.set(bytes, this.length);
    this.length += bytes.length;
    return this;
  }
  /** UTF-16BE with a terminating NUL, as the path and cue comments are stored. */
  utf16be(text: string): this {
    const encoded = new Uint8Array((text.length + 1) * 2);
    for (let i = 0; i < text.length; i++) {
      encoded[i * 2] = text.charCodeAt(i) >> 8;
      encoded[i * 2 + 1] = text.charCodeAt(i) & 0xff;
    }
    return this.raw(encoded);
  }
  result(): Uint8Array {
    return this.bytes.slice(0, this.length);
  }
}

/**
 * Writes one section: `header` fills its header after the common 12 bytes with the tag's layout
 * (its length decides len_header), `body` the rest; the lengths are patched in afterwards.
 */
export function section<T extends SectionTag>(
  out: BigEndianWriter,
  fourcc: T,
  header: Partial<Values<(typeof sectionHeaders)[T]['fields']>>,
  body: (w: BigEndianWriter) => void = () => {},
): void {
  const start = out.length;
  out.put(sectionHeader, { tag: fourcc });
  out.put(
    sectionHeaders[fourcc] as Layout<Record<string, Field>>,
    header as Partial<Values<Record<string, Field>>>,
  );
  out.patch(sectionHeader, { lenHeader: out.length - start }, start);
  body(out);
  out.patch(sectionHeader, { lenTag: out.length - start }, start);
}

/**
 * The PMAI file header, then the sections `write` adds; the file length patched in at the end.
 * `expectedSize` sizes the buffer once.
 */
export function anlzFile(expectedSize: number, write: (w: BigEndianWriter) => void): Uint8Array {
  const out = new BigEndianWriter(expectedSize);
  out.put(fileHeader, {
    tag: 'PMAI',
    lenHeader: fileHeader.size,
    unknown1: 1,
    unknown2: 0x10000,
    unknown3: 0x10000,
  });
  write(out);
  out.patch(fileHeader, { lenFile: out.length }, 0);
  return out.result();
}
