/**
 * The rows rekordbox writes into every export whatever its tracks: the eight colour labels, the
 * browse categories (columns) and the two menu tables. Values as a rekordbox 6 export holds them
 * (rekordcrate's test data, docs/usb-stick.md); players read their menus from these tables.
 */

export const defaultColors: readonly (readonly [number, string])[] = [
  [1, 'Pink'],
  [2, 'Red'],
  [3, 'Orange'],
  [4, 'Yellow'],
  [5, 'Green'],
  [6, 'Aqua'],
  [7, 'Blue'],
  [8, 'Purple'],
];

/** Id, code and name of each browse category. */
export const defaultColumns: readonly (readonly [number, number, string])[] = [
  [1, 0x80, 'GENRE'],
  [2, 0x81, 'ARTIST'],
  [3, 0x82, 'ALBUM'],
  [4, 0x83, 'TRACK'],
  [5, 0x85, 'BPM'],
  [6, 0x86, 'RATING'],
  [7, 0x87, 'YEAR'],
  [8, 0x88, 'REMIXER'],
  [9, 0x89, 'LABEL'],
  [10, 0x8a, 'ORIGINAL ARTIST'],
  [11, 0x8b, 'KEY'],
  [12, 0x8d, 'CUE'],
  [13, 0x8e, 'COLOR'],
  [14, 0x92, 'TIME'],
  [15, 0x93, 'BITRATE'],
  [16, 0x94, 'FILE NAME'],
  [17, 0x84, 'PLAYLIST'],
  [18, 0x98, 'HOT CUE BANK'],
  [19, 0x95, 'HISTORY'],
  [20, 0x91, 'SEARCH'],
  [21, 0x96, 'COMMENTS'],
  [22, 0x8c, 'DATE ADDED'],
  [23, 0x97, 'DJ PLAY COUNT'],
  [24, 0x90, 'FOLDER'],
  [25, 0xa1, 'DEFAULT'],
  [26, 0xa2, 'ALPHABET'],
  [27, 0xaa, 'MATCHING'],
];

type Quad = readonly [number, number, number, number];

/** Page type 17: category, source, kind and visibility, sort order (rekordcrate's `Menu`). */
export const defaultMenus17: readonly Quad[] = [
  [1, 1, 355, 0],
  [5, 6, 261, 0],
  [6, 7, 355, 0],
  [7, 8, 355, 0],
  [8, 9, 355, 0],
  [9, 10, 355, 0],
  [10, 11, 355, 0],
  [13, 15, 355, 0],
  [14, 19, 260, 0],
  [15, 20, 262, 0],
  [16, 21, 355, 0],
  [18, 23, 355, 0],
  [2, 2, 2, 1],
  [3, 3, 3, 2],
  [4, 4, 1, 3],
  [11, 12, 99, 4],
  [17, 5, 99, 5],
  [19, 22, 99, 6],
  [20, 18, 99, 7],
  [27, 26, 611, 8],
  [24, 17, 99, 9],
  [22, 27, 99, 10],
];

/** Page type 18, as rekordbox writes it. */
export const defaultMenus18: readonly Quad[] = [
  [1, 6, 1, 0],
  [21, 7, 1, 0],
  [14, 8, 1, 0],
  [8, 9, 1, 0],
  [9, 10, 1, 0],
  [10, 11, 1, 0],
  [15, 13, 1, 0],
  [13, 15, 1, 0],
  [23, 16, 1, 0],
  [22, 17, 1, 0],
  [25, 0, 256, 0],
  [26, 1, 512, 0],
  [2, 2, 768, 0],
  [3, 3, 1024, 0],
  [5, 4, 1280, 0],
  [6, 5, 1536, 0],
  [11, 12, 1792, 0],
];
