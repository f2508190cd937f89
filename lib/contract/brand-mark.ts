/**
 * Crate's mark: a record standing in a crate, on the accent green. One definition for the extension's
 * icons (rasterised into public/ by scripts/icons.ts) and the store website's favicon (as SVG), so
 * the toolbar, the extensions page, notifications and the store's tab show the same thing.
 * Coordinates are fractions of the icon's side.
 */

export type MarkShape =
  | { kind: 'rect'; x: number; y: number; width: number; height: number; radius: number; fill: string }
  | { kind: 'circle'; cx: number; cy: number; r: number; fill: string };

const accent = '#0a7d63';
const vinyl = '#15151a';
const paper = '#f6f6f8';

/** Painted in order, each over the ones before. */
export const markShapes: readonly MarkShape[] = [
  { kind: 'rect', x: 0, y: 0, width: 1, height: 1, radius: 0.22, fill: accent },
  { kind: 'circle', cx: 0.5, cy: 0.42, r: 0.3, fill: vinyl },
  { kind: 'circle', cx: 0.5, cy: 0.42, r: 0.11, fill: paper },
  { kind: 'circle', cx: 0.5, cy: 0.42, r: 0.03, fill: vinyl },
  { kind: 'rect', x: 0.14, y: 0.57, width: 0.72, height: 0.3, radius: 0.06, fill: paper },
  { kind: 'rect', x: 0.26, y: 0.68, width: 0.48, height: 0.07, radius: 0.035, fill: accent },
];

/** The mark as an SVG document of `size` user units. */
export function markSvg(size = 64): string {
  const at = (fraction: number) => Number((fraction * size).toFixed(2));
  const body = markShapes
    .map((shape) =>
      shape.kind === 'rect'
        ? `<rect x="${at(shape.x)}" y="${at(shape.y)}" width="${at(shape.width)}" height="${at(shape.height)}" rx="${at(shape.radius)}" fill="${shape.fill}"/>`
        : `<circle cx="${at(shape.cx)}" cy="${at(shape.cy)}" r="${at(shape.r)}" fill="${shape.fill}"/>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}">${body}</svg>`;
}
