import { createHash } from 'node:crypto';

/**
 * A piece of a file that can hand out any byte range of itself. A file is a few of them end to end:
 * small bytes kept whole (a header, the tags) and a long body that repeats a loop, made on demand,
 * so no file is ever whole in memory, whatever its length.
 */
export interface FilePart {
  readonly size: number;
  /**
   * Bytes [offset, offset + length) of the part, in one or more slices; the caller keeps within
   * its size. Slices are views of bytes the part keeps wherever they can be: no copy per download.
   */
  slices(offset: number, length: number): Iterable<Uint8Array>;
  /** What the part's bytes are made from, hashed into the file's ETag. */
  identity(): Uint8Array;
  /** Bytes the part holds of its own (what a cache counts); a shared loop is counted where it is cached. */
  readonly byteLength: number;
}

/** Bytes kept whole: a header, a tag, a preview. */
export function bytesPart(bytes: Uint8Array): FilePart {
  return {
    size: bytes.length,
    slices: (offset, length) => [bytes.subarray(offset, offset + length)],
    identity: () => bytes,
    byteLength: bytes.length,
  };
}

/** Bytes laid over a stretch of a loop part: where a file differs from its repeated loop. */
export interface Overlay {
  offset: number;
  bytes: Uint8Array;
}

/** A loop, with its hash computed once: the same loop serves every file made of it. */
export interface Loop {
  bytes: Uint8Array;
  hash: Uint8Array;
  byteLength: number;
}

export function loopOf(bytes: Uint8Array): Loop {
  return { bytes, hash: createHash('sha256').update(bytes).digest(), byteLength: bytes.length };
}

/**
 * `size` bytes of a loop repeated from its byte `skip` on, with overlays (fades) where the file
 * differs.
 */
export function loopPart(loop: Loop, size: number, overlays: readonly Overlay[] = [], skip = 0): FilePart {
  const source = loop.bytes;
  return {
    size,
    *slices(offset, length) {
      for (let done = 0; done < length; ) {
        const start = offset + done;
        const at = (start + skip) % source.length;
        const take = Math.min(length - done, source.length - at);
        const slice = source.subarray(at, at + take);
        const touched = overlays.filter(
          (overlay) => overlay.offset < start + take && start < overlay.offset + overlay.bytes.length,
        );
        // Only a slice that meets a fade is copied, to lay the fade over it.
        if (touched.length === 0) yield slice;
        else {
          const out = Buffer.from(slice);
          for (const overlay of touched) {
            const from = Math.max(start, overlay.offset);
            const to = Math.min(start + take, overlay.offset + overlay.bytes.length);
            out.set(overlay.bytes.subarray(from - overlay.offset, to - overlay.offset), from - start);
          }
          yield out;
        }
        done += take;
      }
    },
    identity() {
      const hash = createHash('sha256').update(loop.hash).update(`${size}@${skip}`);
      for (const overlay of overlays) hash.update(String(overlay.offset)).update(overlay.bytes);
      return hash.digest();
    },
    byteLength: overlays.reduce((sum, overlay) => sum + overlay.bytes.length, 0),
  };
}

/** Slices of at most this size go out one at a time, so a download holds little memory. */
const chunkBytes = 64 * 1024;

/** A file made of parts end to end, with a strong ETag for exactly its bytes. */
export class PartedFile {
  readonly size: number;
  readonly etag: string;
  readonly byteLength: number;

  readonly parts: readonly FilePart[];
  readonly contentType: string;
  readonly extension: string;

  constructor(parts: readonly FilePart[], contentType: string, extension: string) {
    this.parts = parts;
    this.contentType = contentType;
    this.extension = extension;
    this.size = parts.reduce((sum, part) => sum + part.size, 0);
    this.byteLength = parts.reduce((sum, part) => sum + part.byteLength, 0);
    const hash = createHash('sha256').update(contentType);
    for (const part of parts) hash.update(String(part.size)).update(part.identity());
    this.etag = `"${hash.digest('base64url').slice(0, 27)}"`;
  }

  /** Bytes [start, end] (inclusive), in slices of at most 64 KiB, made as they are asked for. */
  *chunks(start = 0, end = this.size - 1): Generator<Uint8Array> {
    let partStart = 0;
    for (const part of this.parts) {
      const partEnd = partStart + part.size;
      for (let at = Math.max(start, partStart); at < Math.min(end + 1, partEnd); ) {
        const length = Math.min(chunkBytes, end + 1 - at, partEnd - at);
        yield* part.slices(at - partStart, length);
        at += length;
      }
      partStart = partEnd;
    }
  }

  /** The whole file in one buffer: for tests and tools on short files, never for serving. */
  bytes(): Uint8Array {
    return Buffer.concat([...this.chunks()]);
  }
}
