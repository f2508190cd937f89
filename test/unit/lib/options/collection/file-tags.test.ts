import { describe, expect, it } from 'vitest';
import { readFileTags, trackOfTags } from '../../../../../lib/options/collection/file-tags.ts';
import { trackFile } from '../../../../../server/audio/audio-file.ts';

/** The store's own purchased files: the tags DJ software reads, in all three formats. */
const storeTrack = {
  id: 7,
  // A minute: the tags are read from its front and end whatever its length.
  lengthMs: 60_000,
  title: 'Glue (Extended Mix)',
  mixName: 'Extended Mix',
  artists: ['Bicep', 'Clara La San'],
  remixers: [],
  album: 'Isles',
  label: 'Ninja Tune',
  catalogNumber: 'ZEN123',
  releaseDate: '2021-01-22',
  trackNumber: 3,
  trackTotal: 10,
  bpm: 130,
  key: 'F Minor',
  genre: 'Electronica',
  isrc: 'GBCFB2000123',
  cover: { bytes: new Uint8Array(20_000).fill(0xaa), etag: 'x' },
};

/** A Blob that counts the bytes read from it. */
function counting(bytes: Uint8Array): { blob: Blob; read: () => number } {
  const whole = new Blob([new Uint8Array(bytes)]);
  let read = 0;
  const wrap = (blob: Blob): Blob =>
    new Proxy(blob, {
      get(target, name) {
        if (name === 'slice')
          return (start?: number, end?: number) => {
            const part = target.slice(start, end);
            read += part.size;
            return part;
          };
        const value = Reflect.get(target, name);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  return { blob: wrap(whole), read: () => read };
}

describe('readFileTags', () => {
  it.each(['mp3', 'wav', 'aiff'] as const)(
    "reads the store's %s file's ID3 tag, and only the tag's bytes",
    async (format) => {
      const file = trackFile(storeTrack, format).bytes();
      const { blob, read } = counting(file);
      const tags = await readFileTags(blob);
      expect(tags).toMatchObject({
        title: 'Glue (Extended Mix)',
        mix: 'Extended Mix',
        artists: 'Bicep, Clara La San',
        album: 'Isles',
        label: 'Ninja Tune',
        key: 'Fm',
        bpm: '130',
        isrc: 'GBCFB2000123',
      });
      // The tag (with its 20 kB cover) and chunk headers, never the audio.
      expect(read()).toBeLessThan(file.length / 10);
    },
    // Encoding the MP3 (lamejs) takes seconds on a loaded machine.
    30_000,
  );

  it('reads an ID3v2.3 tag in UTF-16 with a byte order mark', async () => {
    const frame = (id: string, text: string) => {
      const body = [
        1,
        0xff,
        0xfe,
        ...[...text].flatMap((c) => [c.charCodeAt(0) & 0xff, c.charCodeAt(0) >> 8]),
      ];
      return [...id].map((c) => c.charCodeAt(0)).concat([0, 0, 0, body.length, 0, 0], body);
    };
    const frames = [
      ...frame('TIT2', 'Déjà Vu'),
      ...frame('TPE1', 'Beyoncé'),
      ...frame('TSRC', 'USSM10603618'),
    ];
    const tag = Uint8Array.from([
      0x49,
      0x44,
      0x33,
      3,
      0,
      0,
      0,
      0,
      frames.length >> 7,
      frames.length & 0x7f,
      ...frames,
    ]);
    const tags = await readFileTags(new Blob([tag, new Uint8Array(1000)]));
    expect(trackOfTags(tags ?? {}, 'a.mp3')).toMatchObject({
      artists: 'Beyoncé',
      title: 'Déjà Vu',
      isrc: 'USSM10603618',
    });
  });

  it("reads a FLAC's Vorbis comments", async () => {
    const utf8 = new TextEncoder();
    const le = (n: number) => [n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, n >>> 24];
    const comments = ['TITLE=Latch', 'ARTIST=Disclosure', 'ARTIST=Sam Smith', 'ISRC=GBUM71204467'].map(
      (c) => [...le(utf8.encode(c).length), ...utf8.encode(c)],
    );
    const vendor = utf8.encode('reference libFLAC 1.4.3');
    const body = [...le(vendor.length), ...vendor, ...le(comments.length), ...comments.flat()];
    const streamInfo = [0, 0, 0, 34, ...new Array(34).fill(0)];
    const comment = [
      0x84,
      (body.length >> 16) & 0xff,
      (body.length >> 8) & 0xff,
      body.length & 0xff,
      ...body,
    ];
    const flac = Uint8Array.from([
      ...utf8.encode('fLaC'),
      ...streamInfo,
      ...comment,
      ...new Array(500).fill(0),
    ]);
    expect(await readFileTags(new Blob([flac]))).toEqual({
      title: 'Latch',
      artists: 'Disclosure, Sam Smith',
      isrc: 'GBUM71204467',
    });
  });

  it('reads ID3v1 at the end of an MP3 without ID3v2, and nothing from a file without tags', async () => {
    const v1 = new Uint8Array(128);
    v1.set([...'TAG'].map((c) => c.charCodeAt(0)));
    v1.set(
      [...'Glue'].map((c) => c.charCodeAt(0)),
      3,
    );
    v1.set(
      [...'Bicep'].map((c) => c.charCodeAt(0)),
      33,
    );
    expect(await readFileTags(new Blob([new Uint8Array(4000).fill(0xff), v1]))).toMatchObject({
      title: 'Glue',
      artists: 'Bicep',
    });
    expect(await readFileTags(new Blob([new Uint8Array(4000)]))).toBeNull();
  });
});
