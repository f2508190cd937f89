import { execFileSync } from 'node:child_process';
import { parseBuffer } from 'music-metadata';
import { describe, expect, it } from 'vitest';
import type { AudioFormat } from '../../../../lib/contract/wire.ts';
import { tonality } from '../../../../lib/dj-formats/saved-file.ts';
import { extended80 } from '../../../../server/audio/aiff.ts';
import { arrange } from '../../../../server/audio/arrangement.ts';
import {
  type AudioTrack,
  flacTrackFile,
  flacTrackFileOffThread,
  sampleFile,
  sampleSeconds,
  trackFile,
  untaggedTrackFile,
} from '../../../../server/audio/audio-file.ts';
import { ByteLruCache } from '../../../../server/jobs/lru-cache.ts';
import { median, offsetsFromGrid, onsetsOf } from '../../../helpers/beat-judge.ts';

const fileSeconds = 6;

const track: AudioTrack = {
  id: 42,
  lengthMs: fileSeconds * 1000,
  title: 'Été of the Kingdom (Łukasz Remix)',
  mixName: 'Łukasz Remix',
  artists: ['Chloé', "D'Angelo"],
  remixers: ['Łukasz'],
  album: 'Été EP',
  label: 'Velvet Echo Records',
  catalogNumber: 'VER042',
  releaseDate: '2026-03-14',
  trackNumber: 2,
  trackTotal: 4,
  bpm: 124,
  key: 'F# Minor',
  genre: 'Drum & Bass',
  isrc: 'GB0A12600042',
  cover: { bytes: Uint8Array.of(0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 0xff, 0xd9), etag: '"test-cover"' },
};

/** A short file whole, as the store would stream it. */
function fileOf(audioTrack: AudioTrack, format: AudioFormat) {
  const file = trackFile(audioTrack, format);
  return { bytes: file.bytes(), contentType: file.contentType, extension: file.extension };
}

const view = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
const ascii = (bytes: Uint8Array, start: number, length: number) =>
  String.fromCharCode(...bytes.subarray(start, start + length));

/** The ids of the chunks from `offset` to the end of a RIFF (little-endian) or IFF file, checking they fill it. */
function chunkIds(bytes: Uint8Array, offset: number, littleEndian: boolean): string[] {
  const ids: string[] = [];
  while (offset < bytes.length) {
    ids.push(ascii(bytes, offset, 4));
    const size = view(bytes).getUint32(offset + 4, littleEndian);
    offset += 8 + size + (size % 2);
  }
  expect(offset).toBe(bytes.length);
  return ids;
}

function readExtended80(bytes: Uint8Array, offset: number): number {
  const data = view(bytes);
  const exponent = (data.getUint16(offset) & 0x7fff) - 16383;
  return Number(data.getBigUint64(offset + 2)) * 2 ** (exponent - 63);
}

describe('WAV', () => {
  it('is RIFF/WAVE PCM 16-bit 44.1 kHz stereo of the stated length', () => {
    const { bytes, contentType, extension } = fileOf(track, 'wav');
    const data = view(bytes);
    expect([contentType, extension]).toEqual(['audio/wav', 'wav']);
    expect(ascii(bytes, 0, 4)).toBe('RIFF');
    expect(data.getUint32(4, true)).toBe(bytes.length - 8);
    expect(ascii(bytes, 8, 8)).toBe('WAVEfmt ');
    expect(data.getUint32(16, true)).toBe(16);
    expect(data.getUint16(20, true)).toBe(1); // PCM
    expect(data.getUint16(22, true)).toBe(2);
    expect(data.getUint32(24, true)).toBe(44_100);
    expect(data.getUint32(28, true)).toBe(44_100 * 4);
    expect(data.getUint16(32, true)).toBe(4);
    expect(data.getUint16(34, true)).toBe(16);
    expect(ascii(bytes, 36, 4)).toBe('data');
    const dataBytes = data.getUint32(40, true);
    expect(dataBytes / 4 / 44_100).toBeCloseTo(fileSeconds, 3);
    // The tags follow the sound: ID3 in an "id3 " chunk, and INFO (UTF-8, declared by CSET).
    expect(chunkIds(bytes, 44 + dataBytes, true)).toEqual(['id3 ', 'CSET', 'LIST']);
  });

  it('writes INFO text outside Latin-1 as UTF-8, declared by a CSET chunk', async () => {
    const { native } = await parseBuffer(fileOf(track, 'wav').bytes, { mimeType: 'audio/wav' });
    const info = Object.fromEntries((native.exif ?? []).map((tag) => [tag.id, tag.value]));
    expect(info).toEqual({
      INAM: track.title,
      IART: "Chloé, D'Angelo",
      IPRD: 'Été EP',
      IGNR: 'Drum & Bass',
      ICRD: '2026-03-14',
      ITRK: '2',
    });
  });

  it('holds audible sound, not silence or clipping', () => {
    const { bytes } = fileOf(track, 'wav');
    const dataBytes = view(bytes).getUint32(40, true);
    const samples = new Int16Array(
      bytes.buffer.slice(bytes.byteOffset + 44, bytes.byteOffset + 44 + dataBytes),
    );
    let sum = 0;
    let peak = 0;
    for (const sample of samples) {
      sum += sample * sample;
      peak = Math.max(peak, Math.abs(sample));
    }
    const rms = Math.sqrt(sum / samples.length) / 32768;
    expect(rms).toBeGreaterThan(0.05);
    expect(peak).toBeLessThan(32767);
  });
});

describe('AIFF', () => {
  it('is FORM/AIFF with COMM (80-bit sample rate) and big-endian SSND of the stated length', () => {
    const { bytes, contentType } = fileOf(track, 'aiff');
    const data = view(bytes);
    expect(contentType).toBe('audio/aiff');
    expect(ascii(bytes, 0, 4)).toBe('FORM');
    expect(data.getUint32(4)).toBe(bytes.length - 8);
    expect(ascii(bytes, 8, 8)).toBe('AIFFCOMM');
    expect(data.getUint32(16)).toBe(18);
    expect(data.getUint16(20)).toBe(2);
    const frames = data.getUint32(22);
    expect(data.getUint16(26)).toBe(16);
    expect(readExtended80(bytes, 28)).toBe(44_100);
    expect(ascii(bytes, 38, 4)).toBe('SSND');
    expect(data.getUint32(42)).toBe(8 + frames * 4);
    expect(chunkIds(bytes, 54 + frames * 4, false)).toEqual(['ID3 ']);
    expect(frames / 44_100).toBeCloseTo(fileSeconds, 3);
    // Same sound as the WAV, only big-endian.
    const wav = view(fileOf(track, 'wav').bytes);
    for (const frame of [0, 1000, 100_000])
      expect(data.getInt16(54 + frame * 4)).toBe(wav.getInt16(44 + frame * 4, true));
  });

  it('writes 80-bit extended floats exactly', () => {
    expect([...extended80(44_100)]).toEqual([0x40, 0x0e, 0xac, 0x44, 0, 0, 0, 0, 0, 0]);
    for (const rate of [8000, 22_050, 44_100, 48_000, 96_000, 192_000]) {
      expect(readExtended80(extended80(rate), 0)).toBe(rate);
    }
  });
});

interface Mp3Frame {
  bitrateKbps: number;
  sampleRate: number;
  mono: boolean;
}

const syncsafe = (bytes: Uint8Array, offset: number) =>
  (bytes[offset] as number) * 2 ** 21 +
  (bytes[offset + 1] as number) * 2 ** 14 +
  (bytes[offset + 2] as number) * 2 ** 7 +
  (bytes[offset + 3] as number);

/** One string of a v2.3 text frame: Latin-1, or UTF-16 after its byte order mark. */
function decodeString(bytes: Uint8Array, encoding: number): string {
  if (encoding === 0) return Buffer.from(bytes).toString('latin1');
  expect(encoding).toBe(1);
  expect([bytes[0], bytes[1]], 'a UTF-16 string starts with its BOM').toEqual([0xff, 0xfe]);
  return Buffer.from(bytes.subarray(2)).toString('utf16le');
}

/** A v2.3 text frame body's strings, split at the encoding's NUL (two bytes in UTF-16). */
function frameStrings(body: Uint8Array): string[] {
  const encoding = body[0] as number;
  const rest = body.subarray(1);
  if (encoding === 0) return decodeString(rest, 0).split('\0');
  const strings: string[] = [];
  let start = 0;
  for (let i = 0; i + 1 < rest.length; i += 2)
    if (rest[i] === 0 && rest[i + 1] === 0) {
      strings.push(decodeString(rest.subarray(start, i), 1));
      start = i + 2;
    }
  strings.push(decodeString(rest.subarray(start), 1));
  return strings;
}

/** The ID3v2.3 tag's text frames (id, or TXXX:description -> value), its APIC body, and the MPEG frames after it. */
function parseMp3(bytes: Uint8Array) {
  const data = view(bytes);
  expect(ascii(bytes, 0, 3)).toBe('ID3');
  expect([bytes[3], bytes[4]]).toEqual([3, 0]);
  const tagSize = syncsafe(bytes, 6);
  const tags = new Map<string, string>();
  const encodings = new Map<string, number>();
  let picture: Uint8Array | undefined;
  for (let offset = 10; offset < 10 + tagSize; ) {
    const id = ascii(bytes, offset, 4);
    const size = data.getUint32(offset + 4); // v2.3 frame sizes are plain 32-bit numbers
    expect([bytes[offset + 8], bytes[offset + 9]], `${id} flags`).toEqual([0, 0]);
    const body = bytes.subarray(offset + 10, offset + 10 + size);
    if (id === 'APIC') {
      picture = body;
    } else {
      const strings = frameStrings(body);
      if (id === 'TXXX') {
        expect(strings, 'TXXX: a description and one value').toHaveLength(2);
        tags.set(`TXXX:${strings[0]}`, strings[1] as string);
        encodings.set(`TXXX:${strings[0]}`, body[0] as number);
      } else {
        encodings.set(id, body[0] as number);
        expect(strings, `${id}: one value`).toHaveLength(1);
        tags.set(id, strings[0] as string);
      }
    }
    offset += 10 + size;
  }
  const bitrates = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
  const rates = [44_100, 48_000, 32_000];
  const frames: Mp3Frame[] = [];
  let offset = 10 + tagSize;
  while (offset + 4 <= bytes.length) {
    const header = data.getUint32(offset);
    expect(header >>> 21, `frame sync at ${offset}`).toBe(0x7ff);
    expect((header >>> 19) & 3).toBe(3); // MPEG-1
    expect((header >>> 17) & 3).toBe(1); // Layer III
    const bitrateKbps = bitrates[(header >>> 12) & 15] as number;
    const sampleRate = rates[(header >>> 10) & 3] as number;
    const padding = (header >>> 9) & 1;
    frames.push({ bitrateKbps, sampleRate, mono: ((header >>> 6) & 3) === 3 });
    offset += Math.floor((144_000 * bitrateKbps) / sampleRate) + padding;
  }
  expect(offset).toBe(bytes.length);
  return { tags, encodings, picture, frames };
}

describe('MP3', () => {
  // The first MP3 test encodes the track (later ones reuse it): seconds on a loaded machine.
  it('starts with an ID3v2.3 tag carrying every field and the front cover', { timeout: 30_000 }, () => {
    const { tags, encodings, picture } = parseMp3(fileOf(track, 'mp3').bytes);
    // Latin-1 (0) where the value fits, UTF-16 with a BOM (1) where it does not.
    expect([encodings.get('TPUB'), encodings.get('TIT2'), encodings.get('TXXX:ARTISTS')]).toEqual([0, 1, 0]);
    expect(Object.fromEntries(tags)).toEqual({
      TIT2: 'Été of the Kingdom (Łukasz Remix)',
      TIT3: 'Łukasz Remix',
      TPE1: "Chloé, D'Angelo",
      'TXXX:ARTISTS': "Chloé/D'Angelo",
      TPE4: 'Łukasz',
      TALB: 'Été EP',
      TPUB: 'Velvet Echo Records',
      'TXXX:CATALOGNUMBER': 'VER042',
      TYER: '2026',
      TDAT: '1403',
      'TXXX:RELEASEDATE': '2026-03-14',
      TRCK: '2/4',
      TBPM: '124',
      TKEY: 'F#m',
      TSRC: 'GB0A12600042',
      TCON: 'Drum & Bass',
    });
    // Latin-1 encoding, MIME type, picture type 3 (front cover), empty description, then the JPEG.
    const mime = Buffer.from('image/jpeg\0', 'latin1');
    expect(picture).toEqual(
      Buffer.concat([Uint8Array.of(0), mime, Uint8Array.of(3, 0), track.cover?.bytes ?? new Uint8Array()]),
    );
  });

  it('is constant-bit-rate 320 kbps stereo MPEG-1 Layer III of the stated length', () => {
    const { bytes, contentType } = fileOf(track, 'mp3');
    expect(contentType).toBe('audio/mpeg');
    const { frames } = parseMp3(bytes);
    expect(new Set(frames.map((frame) => `${frame.bitrateKbps}/${frame.sampleRate}/${frame.mono}`))).toEqual(
      new Set(['320/44100/false']),
    );
    // The encoder adds its delay and pads the last frame: up to two frames more than the audio.
    const seconds = (frames.length * 1152) / 44_100;
    expect(seconds).toBeGreaterThanOrEqual(fileSeconds);
    expect(seconds - fileSeconds).toBeLessThan(0.1);
  });

  it('samples are 30-second mono previews at 128 kbps, tagged without the cover', () => {
    const { frames, tags, picture } = parseMp3(sampleFile(track).bytes());
    expect(frames.every((frame) => frame.bitrateKbps === 128 && frame.mono)).toBe(true);
    expect(sampleSeconds).toBe(30);
    expect((frames.length * 1152) / 44_100 - sampleSeconds).toBeGreaterThanOrEqual(0);
    expect((frames.length * 1152) / 44_100 - sampleSeconds).toBeLessThan(0.1);
    expect(tags.get('TIT2')).toBe(track.title);
    expect(picture).toBeUndefined();
  });

  it('escapes only a genre that starts with "(", as ID3v2.3 says, so readers do not take it for a reference', () => {
    const tcon = (genre: string) => parseMp3(fileOf({ ...track, genre }, 'mp3').bytes).tags.get('TCON');
    expect(tcon('Techno (Raw / Deep / Hypnotic)')).toBe('Techno (Raw / Deep / Hypnotic)');
    expect(tcon('(Dub) Techno')).toBe('((Dub) Techno');
  });

  it('writes keys in the standard notation', () => {
    expect(tonality('F# Minor')).toBe('F#m');
    expect(tonality('Ab Major')).toBe('Ab');
  });
});

describe('determinism and caching', () => {
  it('gives the same bytes for the same track and different audio for another', () => {
    const other = { ...track, id: 43, bpm: 140, key: 'C Major' };
    const wav = fileOf(track, 'wav').bytes;
    expect(fileOf({ ...track }, 'wav').bytes).toEqual(wav);
    expect(Buffer.compare(fileOf(other, 'wav').bytes, wav)).not.toBe(0);
  });

  it('evicts the least recently used entries beyond its byte budget', () => {
    const cache = new ByteLruCache(10);
    cache.set('a', new Uint8Array(4));
    cache.set('b', new Uint8Array(4));
    cache.get('a');
    cache.set('c', new Uint8Array(4));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('c')).toBeDefined();
    cache.set('huge', new Uint8Array(11));
    expect(cache.get('huge')).toBeUndefined();
    let made = 0;
    const make = () => {
      made++;
      return new Uint8Array(1);
    };
    cache.getOrCreate('d', make);
    cache.getOrCreate('d', make);
    expect(made).toBe(1);
  });
});

describe('the beat', () => {
  // A track long enough for an intro, the main part and an outro: three sections, two changes.
  const arranged = { ...track, id: 7, bpm: 128, lengthMs: 75_000 };
  const { beatFrames, leadInFrames, totalFrames } = arrange(arranged);

  it.each(['wav', 'aiff', 'mp3'] as const)(
    'is steady in the %s file as a decoder plays it: every kick aubio finds within 1 ms of one grid',
    { timeout: 60_000 },
    async (format) => {
      const { onsets, frames } = await onsetsOf(untaggedTrackFile(arranged, format).bytes(), format);
      // Gapless: an MP3 decoder that trims the delay and padding the LAME header declares plays
      // exactly the samples the WAV holds.
      expect(frames).toBe(totalFrames);
      const offsets = offsetsFromGrid(onsets, leadInFrames / 44_100, beatFrames / 44_100);
      // 75 s at 128 BPM: the kicks of 16 bars of the main part and 8 of the outro.
      expect(offsets.length).toBeGreaterThan(90);
      // aubio reports an onset some samples after it starts, the same for every kick.
      const center = median(offsets);
      expect(center).toBeGreaterThanOrEqual(0);
      expect(center).toBeLessThan(5);
      const drift = offsets.map((offset) => Math.abs(offset - center)).sort((a, b) => a - b);
      // Every kick within 1 ms; the one onset allowed off is the music's very start after the silence.
      expect(drift.slice(0, -1).every((value) => value < 1)).toBe(true);
    },
  );

  it('plays in the preview from the main part’s downbeat, 30 seconds on the same steady beat', {
    timeout: 60_000,
  }, async () => {
    const { onsets, frames } = await onsetsOf(sampleFile(arranged).bytes(), 'mp3');
    expect(frames).toBe(30 * 44_100);
    // The preview starts on the section's first downbeat: its grid starts at 0. aubio reports
    // the sound's very start at 0 as an onset of its own.
    const offsets = offsetsFromGrid(
      onsets.filter((time) => time > 0),
      0,
      beatFrames / 44_100,
    );
    expect(offsets.length).toBeGreaterThan(50);
    const center = median(offsets);
    expect(center).toBeGreaterThanOrEqual(0);
    expect(center).toBeLessThan(5);
    expect(offsets.every((offset) => Math.abs(offset - center) < 1)).toBe(true);
  });
});

/** FFmpeg's decoding of a file to 16-bit little-endian interleaved samples. */
const decodedBy = (bytes: Uint8Array, format: string) =>
  execFileSync('ffmpeg', ['-v', 'error', '-f', format, '-i', '-', '-f', 's16le', '-'], {
    input: bytes,
    maxBuffer: 64 * 1024 * 1024,
  });

describe('flacTrackFile', () => {
  it("holds exactly the WAV's samples, read by FFmpeg", () => {
    const flac = flacTrackFile({ ...track, id: 43, lengthMs: 20_000 });
    expect(flac.contentType).toBe('audio/flac');
    const wav = untaggedTrackFile({ ...track, id: 43, lengthMs: 20_000 }, 'wav').bytes();
    expect(Buffer.compare(decodedBy(flac.bytes(), 'flac'), decodedBy(wav, 'wav'))).toBe(0);
    expect(flac.size).toBeLessThan(0.7 * wav.length);
  });

  it('is the same file when encoded in a worker thread', async () => {
    const inWorker = await flacTrackFileOffThread({ ...track, id: 44, lengthMs: 8000 });
    const here = untaggedTrackFile({ ...track, id: 44, lengthMs: 8000 }, 'wav').bytes();
    expect(Buffer.compare(decodedBy(inWorker.bytes(), 'flac'), decodedBy(here, 'wav'))).toBe(0);
    expect(flacTrackFile({ ...track, id: 44, lengthMs: 8000 })).toBe(inWorker);
  });

  it("keeps a full-length FLAC, larger than the other files' cache, for the next request: no second encode", async () => {
    // Eight minutes: about 18 MB, past the 16 MB the looped formats' files share.
    const long = { ...track, id: 45, lengthMs: 480_000 };
    const first = await flacTrackFileOffThread(long);
    expect(first.size).toBeGreaterThan(16 * 1024 * 1024);
    expect(await flacTrackFileOffThread(long)).toBe(first);
  });
});
