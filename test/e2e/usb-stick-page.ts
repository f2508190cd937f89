/**
 * Runs in Chromium (usb-stick.test.ts bundles it): the stick writer against the browser's own File
 * System Access implementation, the origin-private file system standing in for the folder a DJ
 * picks. Two crates exported one after the other, then the tree read back as the test needs it.
 */
import type { TrackAnalysis } from '../../lib/contract/track-analysis.ts';
import type { StickDirectoryHandle } from '../../lib/dj-formats/rekordbox-device/stick-directory.ts';
import { exportToStick, type StickExportTrack } from '../../lib/dj-formats/rekordbox-device/stick-export.ts';

const overview = btoa(String.fromCharCode(...new Uint8Array(1200).map((_, i) => (i * 37) % 256)));
const analysis: TrackAnalysis = {
  version: 1,
  bpm: 126,
  firstDownbeatMs: 80,
  beatsPerBar: 4,
  beatCount: 64,
  durationMs: 30_000,
  cues: [{ kind: 'drop', name: 'Drop', positionMs: 15_000, hotCue: 0, color: '#e62828' }],
  waveformOverview: overview,
};

/** 40 frames of a 128 kbps MPEG-1 Layer III stream, as the store's MP3s begin. */
function mp3(): Uint8Array {
  const bytes = new Uint8Array(40 * 417);
  for (let at = 0; at < bytes.length; at += 417) bytes.set([0xff, 0xfb, 0x90, 0x64], at);
  return bytes;
}

function track(n: number, artist: string): StickExportTrack {
  const audio = mp3();
  return {
    title: `Track ${n}`,
    artist,
    album: 'Crate Tests',
    label: 'Label',
    genre: 'House',
    key: 'Am',
    year: 2026,
    trackNumber: n,
    fileType: 'mp3',
    fileName: `${artist} - Track ${n}`,
    bitrateKbps: 128,
    sampleRate: 44100,
    sampleDepth: 16,
    analysis,
    waveformDetail: new Uint8Array(30 * 150 * 3).map((_, i) => (i * 11) % 256),
    audio: async function* () {
      yield audio;
    },
  };
}

async function files(
  folder: FileSystemDirectoryHandle,
  prefix: string,
  out: Map<string, string>,
): Promise<void> {
  for await (const [name, handle] of folder as unknown as AsyncIterable<[string, FileSystemHandle]>) {
    if (handle.kind === 'directory')
      await files(handle as FileSystemDirectoryHandle, `${prefix}${name}/`, out);
    else {
      const bytes = new Uint8Array(await (await (handle as FileSystemFileHandle).getFile()).arrayBuffer());
      let binary = '';
      for (const byte of bytes) binary += String.fromCharCode(byte);
      out.set(`${prefix}${name}`, btoa(binary));
    }
  }
}

/** Both exports, then every file of the tree (base64, by path). */
async function exportTwice(): Promise<Record<string, string>> {
  const root = await navigator.storage.getDirectory();
  const stick = root as unknown as StickDirectoryHandle;
  await exportToStick(stick, {
    playlistName: 'Friday',
    tracks: [track(1, 'Åsa/Ödin'), track(2, 'Kōji')],
    date: '2026-11-27',
  });
  await exportToStick(stick, {
    playlistName: 'Saturday',
    tracks: [track(2, 'Kōji'), track(3, 'Zoë')],
    date: '2026-11-28',
  });
  const out = new Map<string, string>();
  await files(root, '', out);
  return Object.fromEntries(out);
}

Object.assign(globalThis, { exportTwice });
