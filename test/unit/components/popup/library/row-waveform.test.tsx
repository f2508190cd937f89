// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { LibraryTab } from '../../../../../components/popup/library/library-tab.tsx';
import { RowWaveform } from '../../../../../components/popup/library/row-waveform.tsx';
import type { TrackAnalysis } from '../../../../../lib/contract/track-analysis.ts';
import { popupCache } from '../../../../../lib/storage/popup-cache.ts';
import { fakeBackground, libraryOf, scope, storeUrl } from '../../../../helpers/popup-fixtures.ts';

// The rows' waveforms are known for the popup's life (module state, shared with the other test
// files of the run): each test uses its own track ids, far from the fixtures' 1, 2, 3.

const analysis: TrackAnalysis = {
  version: 1,
  bpm: 128.05,
  firstDownbeatMs: 412,
  beatsPerBar: 4,
  beatCount: 890,
  durationMs: 420_000,
  cues: [
    { kind: 'first-downbeat', name: 'Downbeat', positionMs: 412, color: '#e13535' },
    { kind: 'intro', name: 'Intro', positionMs: 412, hotCue: 0, color: '#28e214' },
    { kind: 'drop', name: 'Drop', positionMs: 125_300, hotCue: 1, color: '#e13535' },
  ],
  energy: { level: 7, sections: [{ startMs: 412, level: 7 }] },
  waveformOverview: Buffer.from(
    Uint8Array.from({ length: 1200 }, (_, i) => (i % 3 === 0 ? 200 : 60)),
  ).toString('base64'),
};

/** The background's answer: an analysis for every track but those listed. */
const analyses =
  (without: number[] = []) =>
  ({ ids }: { ids: number[] }) =>
    ids.filter((id) => !without.includes(id)).map((id) => ({ id, analysis }));

beforeEach(async () => {
  fakeBrowser.reset();
  await popupCache.clear();
});
afterEach(cleanup);

const asks = (sent: { kind: string; payload: Record<string, unknown> }[]) =>
  sent.filter((message) => message.kind === 'trackAnalyses').map((message) => message.payload.ids);

describe('a library row’s waveform', () => {
  it('draws the three bands with the cues in its tooltip, the rows of a render asked in one message', async () => {
    const sent = fakeBackground({ trackAnalyses: analyses([9_002]) });
    render(
      <>
        <RowWaveform scope={scope} trackId={9_001} />
        <RowWaveform scope={scope} trackId={9_002} />
      </>,
    );
    const drawn = await screen.findByRole('img', {
      name: 'Waveform. Cues: Downbeat 0:00 · Intro 0:00 · Drop 2:05',
    });
    expect(drawn.querySelector('title')?.textContent).toBe(drawn.getAttribute('aria-label'));
    for (const band of ['low', 'mid', 'high'])
      expect(drawn.querySelector(`.wave-${band}`)?.getAttribute('d')).toMatch(/^M0\.5 /);
    // The track the store has no analysis of keeps an empty box.
    expect(document.querySelectorAll('.row-waveform')).toHaveLength(2);
    expect(screen.getAllByRole('img')).toHaveLength(1);
    expect(asks(sent)).toEqual([[9_001, 9_002]]);
    // Its energy beside it, read out in words; the track without an analysis keeps the place empty.
    const energies = [...document.querySelectorAll('.row-energy')].map((node) => node.textContent);
    expect(energies).toEqual(['E7Energy 7 of 10', '']);
  });

  it('is kept in the popup cache: the next popup draws it without asking the store', async () => {
    const sent = fakeBackground({ trackAnalyses: analyses() });
    render(<RowWaveform scope={scope} trackId={9_003} />);
    await screen.findByRole('img');
    await waitFor(async () => expect(await popupCache.get(scope, 'waveform:9003')).toBeDefined());
    expect((await popupCache.get<{ cues: unknown[] }>(scope, 'waveform:9003'))?.value.cues).toHaveLength(3);
    expect(asks(sent)).toEqual([[9_003]]);
  });

  it('is asked for the rows drawn only, not for a 10,000-entry library', async () => {
    const sent = fakeBackground({ library: libraryOf(10_000), trackAnalyses: analyses() });
    render(<LibraryTab scope={scope} storeUrl={storeUrl} revalidate={0} />);
    await screen.findByRole('button', { name: 'Download "Song 10000 (Original Mix)"' });
    await waitFor(() => expect(asks(sent)).toHaveLength(1));
    const ids = asks(sent)[0] as number[];
    expect(ids.length).toBe(document.querySelectorAll('.library-entry').length);
    expect(ids.length).toBeLessThan(40);
    await waitFor(() => expect(screen.getAllByRole('img', { name: /^Waveform/ })).toHaveLength(ids.length));
  });
});
