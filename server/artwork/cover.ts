import jpeg from 'jpeg-js';
import { Random } from '../generation/random.ts';
import { drawableText, glyphHeight, glyphPixel, glyphWidth } from './block-font.ts';
import { coverSize } from './cover-paths.ts';

/** What a release's cover is drawn from. */
export interface CoverSpec {
  releaseId: number;
  title: string;
  /** Small print at the bottom: the catalog number. */
  caption: string;
}

const jpegQuality = 82;

type Rgb = [number, number, number];

function hsl(hue: number, saturation: number, lightness: number): Rgb {
  const a = saturation * Math.min(lightness, 1 - lightness);
  const channel = (n: number) => {
    const k = (n + hue / 30) % 12;
    return Math.round(255 * (lightness - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return [channel(0), channel(8), channel(4)];
}

const mix = (a: Rgb, b: Rgb, t: number): Rgb => [
  a[0] + (b[0] - a[0]) * t,
  a[1] + (b[1] - a[1]) * t,
  a[2] + (b[2] - a[2]) * t,
];

/** Background patterns: each maps a pixel (0..1 coordinates) to how much of the second colour it takes. */
const patterns: ((x: number, y: number, random: number) => number)[] = [
  // Diagonal stripes.
  (x, y, r) => (Math.floor((x + y) * (6 + r * 10)) % 2 === 0 ? 0.15 : 0.85),
  // Concentric rings around an off-centre point.
  (x, y, r) => (Math.floor(Math.hypot(x - r, y - 0.3) * (10 + r * 8)) % 2 === 0 ? 0.1 : 0.9),
  // A checkerboard that fades from top to bottom.
  (x, y, r) => ((Math.floor(x * (4 + r * 6)) + Math.floor(y * (4 + r * 6))) % 2 === 0 ? y : 1 - y),
  // Sunburst rays.
  (x, y, r) =>
    Math.floor(((Math.atan2(y - 1, x - 0.5) + Math.PI) / Math.PI) * (12 + r * 20)) % 2 ? 0.2 : 0.8,
  // Soft waves.
  (x, y, r) => 0.5 + 0.5 * Math.sin((x * 8 + Math.sin(y * (6 + r * 6)) * 2) * Math.PI),
];

/** The title's words broken into at most three lines of at most `width` characters. */
function lines(text: string, width: number): string[] {
  const out: string[] = [];
  for (const word of text.split(' ').filter(Boolean)) {
    const last = out.at(-1);
    if (last !== undefined && last.length + 1 + word.length <= width) out[out.length - 1] = `${last} ${word}`;
    else out.push(word.slice(0, width));
  }
  return out.slice(0, 3);
}

/** Paints text in the block font, `cell` pixels per font pixel, centred on the row `centreY`. */
function drawText(rgba: Uint8Array, size: number, text: string, cell: number, centreY: number, colour: Rgb) {
  const advance = (glyphWidth + 1) * cell;
  const left = Math.round((size - (text.length * advance - cell)) / 2);
  const top = Math.round(centreY - (glyphHeight * cell) / 2);
  [...text].forEach((char, index) => {
    for (let row = 0; row < glyphHeight; row++) {
      for (let column = 0; column < glyphWidth; column++) {
        if (!glyphPixel(char, column, row)) continue;
        const x0 = left + index * advance + column * cell;
        const y0 = top + row * cell;
        for (let y = Math.max(0, y0); y < Math.min(size, y0 + cell); y++) {
          for (let x = Math.max(0, x0); x < Math.min(size, x0 + cell); x++) {
            const offset = (y * size + x) * 4;
            rgba[offset] = colour[0];
            rgba[offset + 1] = colour[1];
            rgba[offset + 2] = colour[2];
          }
        }
      }
    }
  });
}

/**
 * A release's cover: a pattern in two colours picked from the release id, with the title in
 * large block letters on a band across the middle and the catalog number below. Deterministic:
 * the same release always gets the same picture.
 */
export function renderCover({ releaseId, title, caption }: CoverSpec, size = coverSize): Uint8Array {
  const random = new Random(Math.imul(releaseId, 2654435761) ^ 0x5eed);
  const hue = random.int(0, 359);
  const base = hsl(hue, 0.55 + random.next() * 0.3, 0.25 + random.next() * 0.15);
  const accent = hsl((hue + random.pick([40, 150, 180, 210])) % 360, 0.7, 0.55 + random.next() * 0.15);
  const pattern = random.pick(patterns);
  const shape = random.next();
  const rgba = new Uint8Array(size * size * 4);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const colour = mix(base, accent, pattern(x / size, y / size, shape));
      const offset = (y * size + x) * 4;
      rgba[offset] = colour[0];
      rgba[offset + 1] = colour[1];
      rgba[offset + 2] = colour[2];
      rgba[offset + 3] = 255;
    }
  }
  const words = lines(drawableText(title), 8);
  const longest = Math.max(1, ...words.map((line) => line.length));
  const cell = Math.max(1, Math.min(Math.floor((size * 0.86) / (longest * (glyphWidth + 1))), 16));
  const lineHeight = (glyphHeight + 3) * cell;
  const bandHeight = words.length * lineHeight + cell * 2;
  const bandTop = Math.round((size - bandHeight) / 2);
  // A dark band behind the title so it reads on any pattern.
  for (let y = Math.max(0, bandTop); y < Math.min(size, bandTop + bandHeight); y++) {
    for (let x = 0; x < size; x++) {
      const offset = (y * size + x) * 4;
      for (let c = 0; c < 3; c++) rgba[offset + c] = Math.round((rgba[offset + c] as number) * 0.25);
    }
  }
  words.forEach((line, index) => {
    drawText(rgba, size, line, cell, bandTop + cell + lineHeight * (index + 0.5), [250, 250, 245]);
  });
  const small = Math.max(2, Math.round(size / 120));
  drawText(rgba, size, drawableText(caption).slice(0, 16), small, size - small * 8, [250, 250, 245]);
  return rgba;
}

/** The cover as a baseline JPEG. */
export function encodeCover(spec: CoverSpec, size = coverSize): Uint8Array {
  const { data } = jpeg.encode({ data: renderCover(spec, size), width: size, height: size }, jpegQuality);
  return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
}
