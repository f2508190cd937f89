/**
 * The options page's live preview of a file name template: the path the newest purchase in the
 * person's library would be saved under (the background sends it: `filenameSample`), or, with no
 * library to show, a made-up track that the page labels as a sample.
 */
import type { KeyNotation } from '../contract/musical-key.ts';
import type { AudioFormat, Release, Track } from '../contract/wire.ts';
import {
  fieldsUsed,
  filenameFields,
  renderFilename,
  type TemplateField,
} from '../file-names/filename-template.ts';
import { templateProblem } from '../file-names/template-problem.ts';

export interface PreviewSource {
  track: Track;
  audioFormat: AudioFormat;
  release: Pick<Release, 'catalogNumber' | 'trackIds'> | null;
  /** From the person's library (true) or the made-up sample (false). */
  real: boolean;
}

const ref = (id: number, name: string, slug: string) => ({ id, name, slug });

/** A plausible track for people with nothing bought yet; never saved, only shown as "sample". */
export const sampleSource: PreviewSource = {
  track: {
    id: 1001,
    type: 'track',
    name: 'Night Drive',
    mixName: 'Extended Mix',
    slug: 'night-drive',
    artists: [{ ...ref(1, 'Mira Vale', 'mira-vale'), role: 'artist' }],
    remixers: [],
    genre: ref(1, 'Melodic House', 'melodic-house'),
    label: ref(1, 'Low Tide Records', 'low-tide-records'),
    release: ref(1, 'Coastline EP', 'coastline-ep'),
    bpm: 122,
    key: 'A Minor',
    lengthMs: 384_000,
    isrc: 'GBXYZ2400103',
    publishDate: '2024-05-17',
    saleType: 'purchase',
    price: { value: 1.49, currency: 'USD' },
    audioFormatFee: { wav: { value: 1, currency: 'USD' }, aiff: { value: 1, currency: 'USD' } },
    sampleUrl: '',
  },
  audioFormat: 'wav',
  release: { catalogNumber: 'LTR042', trackIds: [1003, 1002, 1001, 1004] },
  real: false,
};

export type Preview =
  | { ok: true; path: string; emptyFields: TemplateField[] }
  | { ok: false; problem: string };

/** What the template makes of the source's track, or why it cannot be used. */
export function previewFilename(
  template: string,
  options: { folderPerRelease: boolean; keyNotation: KeyNotation },
  source: PreviewSource,
): Preview {
  const problem = templateProblem(template);
  if (problem) return { ok: false, problem };
  const fields = filenameFields(source.track, source.audioFormat, {
    release: source.release ?? undefined,
    keyNotation: options.keyNotation,
  });
  const path = renderFilename(template.trim(), fields, {
    folderPerRelease: options.folderPerRelease,
    fallbackName: `track-${source.track.id}`,
  });
  return { ok: true, path, emptyFields: fieldsUsed(template).filter((field) => fields[field] === '') };
}
