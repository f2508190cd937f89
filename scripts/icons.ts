/**
 * `npm run icons`: renders Crate's mark (lib/contract/brand-mark.ts) into the PNG icons the
 * browsers and their stores ask for: public/icon/<size>.png (WXT lists them in the manifest) and
 * public/notification-icon.png. No image tool is needed: shapes are sampled 8x8 per pixel and the
 * PNG is written with node:zlib, so the same bytes come out on every machine (a unit test checks
 * that the committed icons are what this renders).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { type MarkShape, markShapes } from '../lib/contract/brand-mark.ts';

export const iconSizes = [16, 32, 48, 96, 128] as const;
export const notificationIconSize = 96;

const samples = 8;

function inside(shape: MarkShape, x: number, y: number): boolean {
  if (shape.kind === 'circle') return (x - shape.cx) ** 2 + (y - shape.cy) ** 2 <= shape.r ** 2;
  if (x < shape.x || y < shape.y || x > shape.x + shape.width || y > shape.y + shape.height) return false;
  // Distance into the nearest corner's circle, when the point is in a corner square.
  const r = shape.radius;
  const cx = Math.min(Math.max(x, shape.x + r), shape.x + shape.width - r);
  const cy = Math.min(Math.max(y, shape.y + r), shape.y + shape.height - r);
  return (x - cx) ** 2 + (y - cy) ** 2 <= r ** 2;
}

const rgb = (hex: string) =>
  [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];

/** RGBA pixels, premultiplied while compositing, straight alpha in the result. */
export function renderMark(size: number): Uint8Array {
  const pixels = new Uint8Array(size * size * 4);
  const colours = markShapes.map((shape) => rgb(shape.fill));
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let [r, g, b, a] = [0, 0, 0, 0];
      markShapes.forEach((shape, index) => {
        let covered = 0;
        for (let sy = 0; sy < samples; sy++) {
          for (let sx = 0; sx < samples; sx++) {
            if (inside(shape, (px + (sx + 0.5) / samples) / size, (py + (sy + 0.5) / samples) / size))
              covered++;
          }
        }
        const alpha = covered / samples ** 2;
        const [cr, cg, cb] = colours[index] as [number, number, number];
        r = cr * alpha + r * (1 - alpha);
        g = cg * alpha + g * (1 - alpha);
        b = cb * alpha + b * (1 - alpha);
        a = alpha + a * (1 - alpha);
      });
      const at = (py * size + px) * 4;
      pixels[at] = a ? Math.round(r / a) : 0;
      pixels[at + 1] = a ? Math.round(g / a) : 0;
      pixels[at + 2] = a ? Math.round(b / a) : 0;
      pixels[at + 3] = Math.round(a * 255);
    }
  }
  return pixels;
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = (crcTable[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** The mark as a PNG file of size x size pixels (8-bit RGBA, no interlace). */
export function markPng(size: number): Buffer {
  const pixels = renderMark(size);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8);
  const rows = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++)
    rows.set(pixels.subarray(y * size * 4, (y + 1) * size * 4), y * (size * 4 + 1) + 1);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', new Uint8Array()),
  ]);
}

export const iconFiles = (root: string) => [
  ...iconSizes.map((size) => ({ size, path: join(root, 'public', 'icon', `${size}.png`) })),
  { size: notificationIconSize, path: join(root, 'public', 'notification-icon.png') },
];

if (import.meta.main) {
  const root = join(import.meta.dirname, '..');
  mkdirSync(join(root, 'public', 'icon'), { recursive: true });
  for (const { size, path } of iconFiles(root)) {
    writeFileSync(path, markPng(size));
    console.log(`${path} (${size}x${size})`);
  }
}
