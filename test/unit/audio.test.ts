import { describe, expect, it } from 'vitest';
import { extended80 } from '../../server/audio/aiff.ts';
import {
  type AudioTrack,
  fileSeconds,
  sampleFile,
  sampleSeconds,
  trackFile,
} from '../../server/audio/audio-file.ts';
import { id3Key } from '../../server/audio/id3.ts';
import { ByteLruCache } from '../../server/audio/lru-cache.ts';

const track: AudioTrack = {
  id: 42,
  title: 'Été of the Kingdom (Łukasz Remix)',
  artists: ['Chloé', "D'Angelo"],
  remixers: ['Łukasz'],
  album: 'Été EP',
  bpm: 124,
  key: 'F# Minor',
  isrc: 'GB0A12600042',
  genre: 'Drum & Bass',
  label: 'Velvet Echo Records',
};

const view = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
const ascii = (bytes: Uint8Array, start: number, length: number) =>
  String.fromCharCode(...bytes.subarray(start, start + length));

function readExtended80(bytes: Uint8Array, offset: number): number {
  const data = view(bytes);
  const exponent = (data.getUint16(offset) & 0x7fff) - 16383;
  return Number(data.getBigUint64(offset + 2)) * 2 ** (exponent - 63);
}

describe('WAV', () => {
  it('is RIFF/WAVE PCM 16-bit 44.1 kHz stereo of the stated length', () => {
    const { bytes, contentType, extension } = trackFile(track, 'wav');
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
    expect(dataBytes).toBe(bytes.length - 44);
    expect(dataBytes / 4 / 44_100).toBeCloseTo(fileSeconds, 3);
  });

  it('holds audible sound, not silence or clipping', () => {
    const { bytes } = trackFile(track, 'wav');
    const samples = new Int16Array(
      bytes.buffer.slice(bytes.byteOffset + 44, bytes.byteOffset + bytes.length),
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
    const { bytes, contentType } = trackFile(track, 'aiff');
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
    expect(bytes.length).toBe(54 + frames * 4);
    expect(frames / 44_100).toBeCloseTo(fileSeconds, 3);
    // Same sound as the WAV, only big-endian.
    const wav = view(trackFile(track, 'wav').bytes);
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

/** The ID3v2 tag's frames (id -> decoded text) and the MPEG frames after it. */
function parseMp3(bytes: Uint8Array) {
  const data = view(bytes);
  expect(ascii(bytes, 0, 3)).toBe('ID3');
  expect([bytes[3], bytes[4]]).toEqual([3, 0]);
  const tagSize =
    (bytes[6] as number) * 2 ** 21 +
    (bytes[7] as number) * 2 ** 14 +
    (bytes[8] as number) * 2 ** 7 +
    (bytes[9] as number);
  const tags = new Map<string, string>();
  for (let offset = 10; offset < 10 + tagSize; ) {
    const id = ascii(bytes, offset, 4);
    const size = data.getUint32(offset + 4);
    const body = bytes.subarray(offset + 10, offset + 10 + size);
    const text =
      body[0] === 1
        ? Buffer.from(body.subarray(3)).toString('utf16le') // after the FF FE byte order mark
        : Buffer.from(body.subarray(1)).toString('latin1');
    if (body[0] === 1) expect([body[1], body[2]], `${id} byte order mark`).toEqual([0xff, 0xfe]);
    tags.set(id, text);
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
  return { tags, frames };
}

describe('MP3', () => {
  it('starts with an ID3v2.3 tag carrying title, artists, remixers, release, tempo, key and ISRC', () => {
    const { tags } = parseMp3(trackFile(track, 'mp3').bytes);
    expect(Object.fromEntries(tags)).toEqual({
      TIT2: 'Été of the Kingdom (Łukasz Remix)',
      TPE1: "Chloé/D'Angelo",
      TPE4: 'Łukasz',
      TALB: 'Été EP',
      TBPM: '124',
      TKEY: 'F#m',
      TSRC: 'GB0A12600042',
      TCON: 'Drum & Bass',
      TPUB: 'Velvet Echo Records',
    });
  });

  it('is constant-bit-rate 320 kbps stereo MPEG-1 Layer III of the stated length', () => {
    const { bytes, contentType } = trackFile(track, 'mp3');
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

  it('samples are shorter mono previews at 128 kbps', () => {
    const { frames } = parseMp3(sampleFile(track).bytes);
    expect(frames.every((frame) => frame.bitrateKbps === 128 && frame.mono)).toBe(true);
    expect((frames.length * 1152) / 44_100 - sampleSeconds).toBeLessThan(0.1);
  });

  it('writes keys the ID3v2.3 way', () => {
    expect(id3Key('F# Minor')).toBe('F#m');
    expect(id3Key('Ab Major')).toBe('Ab');
  });
});

describe('determinism and caching', () => {
  it('gives the same bytes for the same track and different audio for another', () => {
    const other = { ...track, id: 43, bpm: 140, key: 'C Major' };
    const wav = trackFile(track, 'wav').bytes;
    expect(trackFile({ ...track }, 'wav').bytes).toEqual(wav);
    expect(Buffer.compare(trackFile(other, 'wav').bytes, wav)).not.toBe(0);
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
