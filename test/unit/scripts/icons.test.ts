import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { markSvg } from '../../../lib/contract/brand-mark.ts';
import { iconFiles, markPng, renderMark } from '../../../scripts/icons.ts';

const root = join(import.meta.dirname, '..', '..', '..');

describe("Crate's icons", () => {
  it.each(iconFiles(root))(
    '$path is the mark rendered at $size px (run npm run icons after changing it)',
    ({ size, path }) => {
      expect(readFileSync(path).equals(markPng(size))).toBe(true);
    },
  );

  it('is opaque inside the rounded square and transparent in its corners', () => {
    const size = 128;
    const pixels = renderMark(size);
    const alpha = (x: number, y: number) => pixels[(y * size + x) * 4 + 3];
    expect(alpha(64, 64)).toBe(255);
    expect(alpha(0, 0)).toBe(0);
    expect(alpha(127, 127)).toBe(0);
  });

  it('gives the website the same shapes as SVG', () => {
    const svg = markSvg(16);
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 16 16">/);
    expect(svg.match(/<circle /g)).toHaveLength(3);
    expect(svg.match(/<rect /g)).toHaveLength(3);
  });
});
