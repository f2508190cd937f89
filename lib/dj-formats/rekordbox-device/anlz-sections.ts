/**
 * The tagged sections of rekordbox's analysis files (ANLZ0000.DAT / .EXT), big-endian, each a
 * four-letter tag, its header length, its total length, then its body (crate-digger's
 * rekordbox_anlz.ksy, Deep Symmetry's analysis of the files, and rekordbox 6's own files read
 * section by section: docs/usb-stick.md).
 */

export class BigEndianWriter {
  private bytes: Uint8Array;
  private view: DataView;
  length = 0;

  /** `capacity`: the expected size, as growing is a copy each time. */
  constructor(capacity: number) {
    this.bytes = new Uint8Array(capacity);
    this.view = new DataView(this.bytes.buffer);
  }

  private room(more: number): void {
    if (this.length + more <= this.bytes.length) return;
    const grown = new Uint8Array(Math.max(this.bytes.length * 2, this.length + more));
    grown.set(this.bytes.subarray(0, this.length));
    this.bytes = grown;
    this.view = new DataView(grown.buffer);
  }
  u8(value: number): this {
    this.room(1);
    this.view.setUint8(this.length++, value);
    return this;
  }
  u16(value: number): this {
    this.room(2);
    this.view.setUint16(this.length, value);
    this.length += 2;
    return this;
  }
  u32(value: number): this {
    this.room(4);
    this.view.setUint32(this.length, value >>> 0);
    this.length += 4;
    return this;
  }
  raw(bytes: Uint8Array): this {
    this.room(bytes.length);
    this.bytes.set(bytes, this.length);
    this.length += bytes.length;
    return this;
  }
  tag(fourcc: string): this {
    for (let i = 0; i < 4; i++) this.u8(fourcc.charCodeAt(i));
    return this;
  }
  /** UTF-16BE with a terminating NUL, as the path and cue comments are stored. */
  utf16be(text: string): this {
    for (let i = 0; i < text.length; i++) this.u16(text.charCodeAt(i));
    return this.u16(0);
  }
  setU32(at: number, value: number): void {
    this.view.setUint32(at, value >>> 0);
  }
  result(): Uint8Array {
    return this.bytes.slice(0, this.length);
  }
}

/**
 * Writes one section: `header` fills the header after the 12 common bytes (its length decides
 * len_header), `body` the rest; the lengths are patched in afterwards.
 */
export function section(
  out: BigEndianWriter,
  fourcc: string,
  header: (w: BigEndianWriter) => void,
  body: (w: BigEndianWriter) => void = () => {},
): void {
  const start = out.length;
  out.tag(fourcc).u32(0).u32(0);
  header(out);
  out.setU32(start + 4, out.length - start);
  body(out);
  out.setU32(start + 8, out.length - start);
}

/**
 * The PMAI file header, then the sections `write` adds; the file length patched in at the end.
 * `expectedSize` sizes the buffer once.
 */
export function anlzFile(expectedSize: number, write: (w: BigEndianWriter) => void): Uint8Array {
  const out = new BigEndianWriter(expectedSize);
  out.tag('PMAI').u32(0x1c).u32(0).u32(1).u32(0x10000).u32(0x10000).u32(0);
  write(out);
  out.setU32(8, out.length);
  return out.result();
}
