import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { encodeFrames, encodeMp3, midSideFrame, mp3Frames } from '../../../../server/audio/mp3.ts';

/** Two seconds of one channel: a chord and some noise, as loud as the store's music. */
function music(): Int16Array {
  const samples = new Int16Array(2 * 44_100);
  let seed = 1;
  for (let i = 0; i < samples.length; i++) {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    const t = i / 44_100;
    const tone = Math.sin(2 * Math.PI * 110 * t) + 0.5 * Math.sin(2 * Math.PI * 440 * t);
    samples[i] = Math.round(12_000 * tone + 2000 * (seed / 2 ** 31 - 0.5));
  }
  return samples;
}

/** FFmpeg's decoding of MPEG frames laid end to end, as 16-bit samples in the stream's channels. */
const decode = (frames: Uint8Array[]) =>
  new Int16Array(
    new Uint8Array(
      execFileSync('ffmpeg', ['-v', 'error', '-f', 'mp3', '-i', '-', '-f', 's16le', '-'], {
        input: Buffer.concat(frames),
        maxBuffer: 64 * 1024 * 1024,
      }),
    ).buffer,
  );

const header = (frame: Uint8Array) => new DataView(frame.buffer, frame.byteOffset, 4).getUint32(0);

describe('mid/side frames made from mono frames', () => {
  it('are 320 kbps joint stereo with mid/side on, and decode to the mono frames’ sound on both sides', () => {
    const samples = music();
    const stereo = encodeFrames(samples, { channels: 2, kbps: 320 });
    for (const frame of stereo) {
      expect(frame.length).toBe(1044);
      expect((header(frame) >>> 12) & 15).toBe(14); // 320 kbps
      expect((header(frame) >>> 6) & 3).toBe(1); // joint stereo
      expect((header(frame) >>> 4) & 3).toBe(2); // mid/side on, intensity off
    }
    const mono = mp3Frames(encodeMp3({ sampleRate: 44_100, channels: [samples] }, 256));
    expect(stereo).toHaveLength(mono.length);
    const fromStereo = decode(stereo);
    const fromMono = decode(mono);
    expect(fromStereo.length).toBe(2 * fromMono.length);
    // Left and right alike, and each the mono frames' sound (the gain raised by √2 undoes the
    // decoder's mid/side division): within a step of rounding.
    let worst = 0;
    for (let i = 0; i < fromStereo.length; i += 2) {
      expect(fromStereo[i]).toBe(fromStereo[i + 1]);
      worst = Math.max(worst, Math.abs((fromStereo[i] as number) - (fromMono[i / 2] as number)));
    }
    expect(worst).toBeLessThanOrEqual(1);
  });

  it('are made only from mono frames that do not use the bit reservoir', () => {
    const samples = music().subarray(0, 11_520);
    const [stereoFrame] = mp3Frames(encodeMp3({ sampleRate: 44_100, channels: [samples, samples] }, 320));
    expect(() => midSideFrame(stereoFrame as Uint8Array, 320)).toThrow('Not a mono frame');
    const [monoFrame] = mp3Frames(encodeMp3({ sampleRate: 44_100, channels: [samples] }, 256));
    const reservoir = Uint8Array.from(monoFrame as Uint8Array);
    reservoir[4] = 0xff; // main_data_begin: data in the frames before
    expect(() => midSideFrame(reservoir, 320)).toThrow('bit reservoir');
    // A 320 kbps mono frame can hold more than a mid/side frame has room for.
    expect(() => midSideFrame(monoFrame as Uint8Array, 128)).toThrow('does not fit');
  });
});
