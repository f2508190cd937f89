/**
 * FLAC in an Ogg container (Xiph's Ogg FLAC mapping, xiph.org/flac/ogg_mapping.html; Ogg pages per
 * RFC 3533): the `.ogg` files of a store that sells `ogg`, the format the extension has never heard
 * of in the test that shows a store can add one (docs/api.md). The same frames as the FLAC file,
 * so lossless; the tags and cover as the same metadata blocks, each its own header packet.
 */
import { concatBytes } from '../../lib/dj-formats/bytes.ts';
import { type FlacBlock, flacBlockBytes, flacBlockType } from '../../lib/dj-formats/flac/metadata-blocks.ts';
import type { FlacEncoding } from './flac.ts';

const crcTable = Uint32Array.from({ length: 256 }, (_, n) => {
  let crc = n << 24;
  for (let bit = 0; bit < 8; bit++) crc = crc & 0x80000000 ? (crc << 1) ^ 0x04c11db7 : crc << 1;
  return crc >>> 0;
});

/** Ogg's CRC-32: polynomial 0x04c11db7, not reflected, starting at 0 (RFC 3533 section 6). */
function oggCrc(bytes: Uint8Array): number {
  let crc = 0;
  for (const byte of bytes) crc = ((crc << 8) ^ (crcTable[((crc >>> 24) ^ byte) & 0xff] as number)) >>> 0;
  return crc;
}

const headerFlags = { continued: 1, first: 2, last: 4 } as const;
/** A page's packets stay under this, as libogg keeps its pages to about 4 KB. */
const pageBytes = 4096;
const serialNumber = 0x43524154; // "CRAT"

interface Page {
  packets: Uint8Array[];
  flags: number;
  granule: bigint;
}

/** The lacing values of whole packets: 255s, then the rest (0 when a packet is a multiple of 255). */
const lacing = (packets: readonly Uint8Array[]) =>
  packets.flatMap((packet) => [...Array(Math.floor(packet.length / 255)).fill(255), packet.length % 255]);

function pageBytesOf({ packets, flags, granule }: Page, sequence: number): Uint8Array {
  const segments = lacing(packets);
  const body = packets.reduce((sum, packet) => sum + packet.length, 0);
  const page = new Uint8Array(27 + segments.length + body);
  const view = new DataView(page.buffer);
  page.set([0x4f, 0x67, 0x67, 0x53, 0, flags]);
  view.setBigInt64(6, granule, true);
  view.setUint32(14, serialNumber, true);
  view.setUint32(18, sequence, true);
  page[26] = segments.length;
  page.set(segments, 27);
  let at = 27 + segments.length;
  for (const packet of packets) {
    page.set(packet, at);
    at += packet.length;
  }
  view.setUint32(22, oggCrc(page), true);
  return page;
}

/** The first packet: 0x7F "FLAC", mapping 1.0, the header packets that follow, "fLaC" and STREAMINFO. */
function firstPacket(streamInfo: FlacBlock, headerPackets: number, last: boolean): Uint8Array {
  const info = flacBlockBytes(streamInfo, last);
  const packet = new Uint8Array(13 + info.length);
  packet.set([0x7f, 0x46, 0x4c, 0x41, 0x43, 1, 0, headerPackets >>> 8, headerPackets & 0xff]);
  packet.set([0x66, 0x4c, 0x61, 0x43], 9);
  packet.set(info, 13);
  return packet;
}

/**
 * An Ogg FLAC file of `audio` with `extra` blocks (the Vorbis comment first, as the mapping asks,
 * then the picture). The native SEEKTABLE is left out: its byte offsets mean nothing in Ogg, where
 * readers seek by the pages' granule positions.
 */
export function oggFlacFile(
  { frames, blocks, frameOffsets }: FlacEncoding,
  extra: readonly FlacBlock[],
): Uint8Array {
  const [streamInfo] = blocks;
  if (streamInfo?.type !== flacBlockType.streamInfo) throw new Error('FLAC audio starts with STREAMINFO');
  const headers = [...extra].sort(
    (a, b) => Number(b.type === flacBlockType.vorbisComment) - Number(a.type === flacBlockType.vorbisComment),
  );
  const totalSamples = new DataView(streamInfo.body.buffer, streamInfo.body.byteOffset).getUint32(14);
  const blockSize = new DataView(streamInfo.body.buffer, streamInfo.body.byteOffset).getUint16(0);
  const pages: Page[] = [
    {
      packets: [firstPacket(streamInfo, headers.length, headers.length === 0)],
      flags: headerFlags.first,
      granule: 0n,
    },
    ...headers.map((block, i) => ({
      packets: [flacBlockBytes(block, i === headers.length - 1)],
      flags: 0,
      granule: 0n,
    })),
  ];
  let open: Uint8Array[] = [];
  let openBytes = 0;
  let samples = 0;
  const close = () => {
    if (open.length > 0) pages.push({ packets: open, flags: 0, granule: BigInt(samples) });
    open = [];
    openBytes = 0;
  };
  frameOffsets.forEach((start, index) => {
    const frame = frames.subarray(start, frameOffsets[index + 1] ?? frames.length);
    if (open.length > 0 && (openBytes + frame.length > pageBytes || lacing([...open, frame]).length > 255))
      close();
    open.push(frame);
    openBytes += frame.length;
    samples = Math.min(totalSamples, samples + blockSize);
  });
  close();
  const lastPage = pages.at(-1) as Page;
  lastPage.flags |= headerFlags.last;
  return concatBytes(pages.map(pageBytesOf));
}
