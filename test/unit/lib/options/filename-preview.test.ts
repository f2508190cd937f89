import { describe, expect, it } from 'vitest';
import { previewFilename, sampleSource } from '../../../../lib/options/filename-preview.ts';

const options = { folderPerRelease: false, keyNotation: 'musical' as const };

describe('previewFilename', () => {
  it('renders the sample track with every field filled', () => {
    const preview = previewFilename(
      '{label}/{catalog} {track}. {artist} - {title} ({mix}) [{year} {key} {camelot} {bpm}] {isrc}.{format}',
      options,
      sampleSource,
    );
    expect(preview).toEqual({
      ok: true,
      path: 'Low Tide Records/LTR042 03. Mira Vale - Night Drive (Extended Mix) [2024 A min 8A 122] GBXYZ2400103.wav',
      emptyFields: [],
    });
  });

  it('follows the folder choice and the key notation', () => {
    expect(
      previewFilename('{title} {key}', { folderPerRelease: true, keyNotation: 'openKey' }, sampleSource),
    ).toEqual({ ok: true, path: 'Coastline EP/Night Drive 1m.wav', emptyFields: [] });
  });

  it('names the fields this track has no value for', () => {
    const source = { ...sampleSource, release: null, track: { ...sampleSource.track, bpm: 0 } };
    const preview = previewFilename('{catalog} - {title} [{bpm}] {track}', options, source);
    expect(preview).toEqual({ ok: true, path: 'Night Drive.wav', emptyFields: ['catalog', 'bpm', 'track'] });
  });

  it('gives the problem instead of a path for a broken template', () => {
    expect(previewFilename('{title', options, sampleSource)).toEqual({
      ok: false,
      problem: 'A "{" is not closed (character 1): add "}" after the field name.',
    });
  });
});
