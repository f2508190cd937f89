import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  maxLineLength,
  parseTracklistLine,
  type TracklistLine,
  tracklistLines,
} from '../../../../lib/contract/tracklist-line.ts';

const track = (artists: string[], title: string, mix = '', label = ''): TracklistLine => ({
  kind: 'track',
  artists,
  title,
  mix,
  label,
});

describe('parseTracklistLine: the lines tracklists use', () => {
  it.each<[string, TracklistLine]>([
    ['Bicep - Glue', track(['Bicep'], 'Glue')],
    ['Bicep - Glue (Original Mix)', track(['Bicep'], 'Glue', 'Original Mix')],
    ['01. Bicep - Glue [Ninja Tune]', track(['Bicep'], 'Glue', '', 'Ninja Tune')],
    ['01. Bicep - Glue (Extended Mix) [Ninja Tune]', track(['Bicep'], 'Glue', 'Extended Mix', 'Ninja Tune')],
    ['[00:12:34] Lane 8 – Breathing Nights', track(['Lane 8'], 'Breathing Nights')],
    ['00:12:34 Lane 8 — Breathing Nights', track(['Lane 8'], 'Breathing Nights')],
    ['(1:02:03) Lane 8 - Breathing Nights', track(['Lane 8'], 'Breathing Nights')],
    [
      'Disclosure feat. Sam Smith - Latch - Extended Mix',
      track(['Disclosure', 'Sam Smith'], 'Latch', 'Extended Mix'),
    ],
    ['Disclosure - Latch (feat. Sam Smith)', track(['Disclosure', 'Sam Smith'], 'Latch')],
    ['A & B vs. C - Title (D Remix)', track(['A', 'B', 'C'], 'Title', 'D Remix')],
    ['Bicep - Glue [Extended Mix]', track(['Bicep'], 'Glue', 'Extended Mix')],
    ['12) Bicep - "Glue"', track(['Bicep'], 'Glue')],
    ['#3 Bicep - Glue', track(['Bicep'], 'Glue')],
    ['03 - Bicep - Glue', track(['Bicep'], 'Glue')],
    ['03 Bicep - Glue', track(['Bicep'], 'Glue')],
    ['2 Unlimited - Get Ready', track(['2 Unlimited'], 'Get Ready')],
    ['- Bicep - Glue', track(['Bicep'], 'Glue')],
    ['Кино - Группа крови', track(['Кино'], 'Группа крови')],
    ['坂本龍一 - 戦場のメリークリスマス', track(['坂本龍一'], '戦場のメリークリスマス')],
    [
      'Röyksopp & Robyn – Do It Again (Extended Mix)',
      track(['Röyksopp', 'Robyn'], 'Do It Again', 'Extended Mix'),
    ],
    ['ID - ID', { kind: 'unreleased', artists: [] }],
    ['[01:00:00] Bicep - ID', { kind: 'unreleased', artists: ['Bicep'] }],
    ['Bicep - ID (Bicep Remix)', { kind: 'unreleased', artists: ['Bicep'] }],
    ['', { kind: 'blank' }],
    ['   \t ', { kind: 'blank' }],
    ['Tracklist:', { kind: 'notTrack' }],
    ['Part 2 - the peak:', { kind: 'notTrack' }],
    ['Hour one', { kind: 'notTrack' }],
    ['Bicep-Glue', { kind: 'notTrack' }],
    [`Bicep - ${'x'.repeat(maxLineLength)}`, { kind: 'tooLong' }],
  ])('%s', (line, read) => {
    expect(parseTracklistLine(line)).toEqual(read);
  });
});

describe('tracklistLines', () => {
  it('splits on any line ending', () => {
    expect(tracklistLines('a\r\nb\rc\nd')).toEqual(['a', 'b', 'c', 'd']);
  });
});

describe('parseTracklistLine: any text', () => {
  it('never throws, and a track always has an artist and a title', () => {
    const tracklisty = fc.array(
      fc.constantFrom(
        '01.',
        '[00:12:34]',
        ' - ',
        ' – ',
        '(',
        ')',
        '[',
        ']',
        'feat.',
        'ID',
        '&',
        'vs.',
        'Mix',
        'A',
        ' ',
      ),
      { maxLength: 12 },
    );
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit: 'binary' }),
          tracklisty.map((parts) => parts.join('')),
        ),
        (text) => {
          const read = parseTracklistLine(text);
          return read.kind !== 'track' || (read.artists.length > 0 && read.title !== '');
        },
      ),
      { numRuns: 2000 },
    );
  });
});
