/**
 * Cover art placeholders: a gradient picked from the item's id, so an item always looks the same.
 * The gradients are classes rather than style attributes because the CSP allows no inline styles.
 */

const hues = 36;
const shifts = 6;
const tilts = 4;

// Different per kind, so a track and a release with the same id look different.
const salts = { track: 0, release: 0x9e37, chart: 0x51ed, genre: 0x2b79, label: 0x6a09, artist: 0x3c6e };

/** The classes of an item's cover. */
export function coverClass(kind: keyof typeof salts, id: number): string {
  const salt = salts[kind];
  // Knuth's multiplicative hash spreads neighbouring ids over the whole palette.
  const hash = Math.imul(id + salt, 2654435761) >>> 0;
  return `cover hue-${hash % hues} shift-${(hash >>> 8) % shifts} tilt-${(hash >>> 16) % tilts}`;
}

/** The stylesheet rules behind coverClass, appended to the site's CSS. */
export function coverArtCss(): string {
  const rules: string[] = [];
  for (let hue = 0; hue < hues; hue++) rules.push(`.hue-${hue}{--cover-hue:${hue * 10}}`);
  for (let shift = 0; shift < shifts; shift++)
    rules.push(`.shift-${shift}{--cover-shift:${40 + shift * 25}}`);
  for (let tilt = 0; tilt < tilts; tilt++) rules.push(`.tilt-${tilt}{--cover-tilt:${45 + tilt * 90}deg}`);
  return rules.join('\n');
}
