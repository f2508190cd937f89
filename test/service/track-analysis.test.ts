import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trackUrl } from '../../lib/contract/store-urls.ts';
import { TrackAnalysis, WaveformDetail } from '../../lib/contract/track-analysis.ts';
import { ErrorEnvelope, envelopeOf, type Track } from '../../lib/contract/wire.ts';
import { analysisUrl, waveformUrl } from '../../server/analysis/routes.ts';
import { arrange } from '../../server/audio/arrangement.ts';
import { trackFile } from '../../server/audio/audio-file.ts';
import { loadTracks } from '../../server/catalog/records.ts';
import { audioTrackOf } from '../../server/downloads/file-tags.ts';
import { offsetsFromGrid, onsetsOf } from '../helpers/beat-judge.ts';
import { startTestStore, type TestStore } from '../helpers/store.ts';

let store: TestStore;

// Tracks of 100 seconds: an intro, the main part and an outro, quick to measure and to judge.
const trackSeconds = 100;

beforeAll(async () => {
  store = await startTestStore({ scale: 300, trackSeconds });
});
afterAll(() => store?.close());

const get = (url: string) => store.app.inject({ method: 'GET', url });
const track = async (id: number) => (await loadTracks(store.ctx, [id])).get(id) as Track;
const AnalysisResponse = envelopeOf(TrackAnalysis);

describe('a track’s analysis', () => {
  it('is measured on the audio, at the catalog’s tempo and length, named cues and all, under 8 KB', async () => {
    const record = await track(12);
    const response = await get(`${analysisUrl}?id=12`);
    expect(response.statusCode).toBe(200);
    expect(response.body.length).toBeLessThan(8 * 1024);
    const { results } = AnalysisResponse.parse(response.json());
    expect(Math.abs(results.bpm - record.bpm)).toBeLessThan(0.25);
    expect(results.durationMs).toBe(record.lengthMs);
    expect(results.firstDownbeatMs).toBeGreaterThan(150);
    expect(results.firstDownbeatMs).toBeLessThan(700);
    expect(results.beatCount).toBeGreaterThan((record.lengthMs / 60_000) * record.bpm - 8);
    expect(results.cues[0]).toMatchObject({ kind: 'first-downbeat', positionMs: results.firstDownbeatMs });
    // Each section of the track's arrangement at least 8 bars long has its hot cue, named for it,
    // within a beat of where it starts.
    const { sections, barFrames, beatFrames } = arrange(record);
    const hotCues = results.cues.slice(1);
    const long = sections.filter((section) => section.frames >= 8 * barFrames);
    expect(long.length).toBeGreaterThanOrEqual(2);
    for (const section of long) {
      const cue = hotCues.find((candidate) => candidate.kind === section.kind);
      expect(Math.abs((cue?.positionMs ?? 0) - (section.start / 44_100) * 1000)).toBeLessThan(
        (beatFrames / 44_100) * 1000,
      );
    }
    expect(hotCues.map((cue) => cue.hotCue)).toEqual(hotCues.map((_, index) => index));
    expect(Buffer.from(results.waveformOverview, 'base64').length).toBe(1200);
  });

  it('is kept: the second answer is the stored one, the same', async () => {
    const first = (await get(`${analysisUrl}?id=13`)).json();
    const row = await store.ctx.db.get<{ analysis: string }>(
      'SELECT analysis FROM track_analyses WHERE track_id = 13',
    );
    expect(JSON.parse(row?.analysis ?? '{}')).toEqual(first.results);
    expect((await get(`${analysisUrl}?id=13`)).json()).toEqual(first);
  });

  it('puts the grid on the beat of the MP3 the store serves, as a decoder plays it', {
    timeout: 90_000,
  }, async () => {
    const record = await track(12);
    const { results } = AnalysisResponse.parse((await get(`${analysisUrl}?id=12`)).json());
    const file = trackFile(await audioTrackOf(store.ctx, record, { withCover: true }), 'mp3');
    const { onsets, frames } = await onsetsOf(file.bytes(), 'mp3');
    expect(Math.abs((frames / 44_100) * 1000 - record.lengthMs)).toBeLessThan(1);
    const offsets = offsetsFromGrid(onsets, results.firstDownbeatMs / 1000, 60 / results.bpm);
    expect(offsets.length).toBeGreaterThan(80);
    expect(offsets.every((offset) => Math.abs(offset) < 10)).toBe(true);
  });

  it('answers an unknown track with 404 and a wrong id with 400, in the error envelope', async () => {
    const missing = await get(`${analysisUrl}?id=99999999`);
    expect(missing.statusCode).toBe(404);
    expect(ErrorEnvelope.parse(missing.json()).metadata.error).toBe('notFound');
    const wrong = await get(`${analysisUrl}?id=abc`);
    expect(wrong.statusCode).toBe(400);
    expect(ErrorEnvelope.parse(wrong.json()).metadata.parameter).toBe('id');
    expect((await store.app.inject({ method: 'POST', url: `${analysisUrl}?id=12` })).statusCode).toBe(405);
  });
});

describe('a track’s detailed waveform', () => {
  it('has 150 columns a second of three bands', async () => {
    const record = await track(14);
    const response = await get(`${waveformUrl}?id=14`);
    expect(response.statusCode).toBe(200);
    const { results } = envelopeOf(WaveformDetail).parse(response.json());
    expect(results.columns).toBe(Math.ceil((record.lengthMs / 1000) * 150));
    expect(Buffer.from(results.data, 'base64').length).toBe(results.columns * 3);
  });
});

describe('the store’s track page', () => {
  it('shows the waveform and the named hot cues once the track is measured, and never measures for a view', async () => {
    const record = await track(15);
    const url = new URL(trackUrl(record), 'http://store.test').pathname;
    const before = await get(url);
    expect(before.statusCode).toBe(200);
    expect(before.body).not.toContain('Ready to play');
    expect(await store.ctx.db.get('SELECT track_id FROM track_analyses WHERE track_id = 15')).toBeUndefined();

    const { results } = AnalysisResponse.parse((await get(`${analysisUrl}?id=15`)).json());
    const after = await get(url);
    expect(after.body).toContain('Ready to play');
    expect(after.body).toContain('<svg');
    for (const cue of results.cues.filter((candidate) => candidate.hotCue !== undefined))
      expect(after.body).toContain(`data-position-ms="${cue.positionMs}"`);
    expect(after.body).toContain('· Intro ·');
    expect(after.body).toContain(`${results.bpm.toFixed(2)} BPM`);
    // The energy beside BPM and key, once measured; not before.
    expect(before.body).not.toContain('<dt>Energy</dt>');
    expect(after.body).toContain(`<dt>Energy</dt><dd>${results.energy?.level} of 10</dd>`);
  });
});
