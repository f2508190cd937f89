/**
 * The tracklist match (POST /catalog/3/tracklist, server/tracklist/): every line of a list read
 * and matched in one call, on both engines: the same recording, other mixes, not found with the
 * website's search, unreleased and unread lines; its limits and errors in the envelope; the text
 * indexes in the query plan; a release published afterwards found at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { recordingNames } from '../../lib/contract/recording-match.ts';
import {
  maxTracklistLines,
  TracklistLineMatch,
  TracklistMatchMetadata,
} from '../../lib/contract/tracklist-match.ts';
import { ErrorEnvelope, envelopeOf, type Track } from '../../lib/contract/wire.ts';
import { loadTracks } from '../../server/catalog/records.ts';
import { publishRelease } from '../../server/operator/publish.ts';
import { candidateStatement } from '../../server/tracklist/track-search.ts';
import { startTestStore, type TestStore } from '../helpers/store.ts';
import { testEngine } from '../helpers/test-database.ts';

let store: TestStore;

beforeAll(async () => {
  store = await startTestStore({ scale: 400 });
});
afterAll(() => store?.close());

const Answer = envelopeOf(z.array(TracklistLineMatch), TracklistMatchMetadata);

async function match(text: string) {
  const response = await store.app.inject({
    method: 'POST',
    url: '/catalog/3/tracklist',
    payload: new URLSearchParams({ text }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  return { status: response.statusCode, body: response.json() };
}

const names = (track: Track) =>
  recordingNames({ artists: track.artists.map((a) => a.name), title: track.name, mix: track.mixName });

/** A title by one artist that the catalog has in several mixes, as its tracks. */
async function versionedTitle(): Promise<Track[]> {
  const row = await store.ctx.db.get<{ ids: string }>(
    `SELECT ${testEngine === 'postgres' ? "string_agg(t.id::text, ',')" : "group_concat(t.id, ',')"} AS ids
       FROM tracks t JOIN track_artists ta ON ta.track_id = t.id AND ta.role = 'artist'
      WHERE (SELECT count(*) FROM track_artists x WHERE x.track_id = t.id AND x.role = 'artist') = 1
      GROUP BY t.name, ta.artist_id HAVING count(DISTINCT t.mix_name) > 1
      ORDER BY t.name LIMIT 1`,
  );
  const ids = (row?.ids ?? '').split(',').map(Number);
  return [...(await loadTracks(store.ctx, ids)).values()];
}

describe('matching a tracklist', () => {
  it('answers each line: the same recording, other mixes, not found, unreleased, not a track', async () => {
    const versions = await versionedTitle();
    expect(versions.length).toBeGreaterThan(1);
    const original = versions.find((track) => track.mixName === 'Original Mix') ?? (versions[0] as Track);
    const other = versions.find((track) => track !== original) as Track;
    const artist = original.artists[0]?.name as string;
    const lines = [
      'Tracklist:',
      `01. ${artist.toUpperCase()} - ${original.name}${original.mixName === 'Original Mix' ? '' : ` (${original.mixName})`} [Some Label]`,
      `[00:12:34] ${artist} – ${other.name} - ${other.mixName}`,
      `${artist} - ${original.name} (Nobody's Dub)`,
      'Nobody Known - Nothing Like This (Extended Mix)',
      'ID - ID',
      `${artist} - ID`,
      'Кино - Группа крови',
      '坂本龍一 - 戦場のメリークリスマス',
      '',
    ];
    const { status, body } = await match(lines.join('\n'));
    expect(status).toBe(200);
    const answer = Answer.parse(body);
    expect(answer.results.map((line) => line.outcome)).toEqual([
      'notRead',
      'track',
      'track',
      'otherMixes',
      'notFound',
      'unreleased',
      'unreleased',
      'notFound',
      'notFound',
    ]);
    const [, first, second, mixes, unknown] = answer.results;
    expect(names(first?.tracks[0] as Track)).toEqual(names(original));
    expect(first?.read).toMatchObject({ kind: 'track', label: 'Some Label' });
    expect(names(second?.tracks[0] as Track)).toEqual(names(other));
    expect(mixes?.tracks.map((track) => track.id).sort()).toEqual(
      expect.arrayContaining(versions.map((track) => track.id).sort()),
    );
    expect(unknown?.searchUrl).toBe(
      `${store.ctx.config.baseUrl}/search?q=${encodeURIComponent('Nobody Known - Nothing Like This')}`,
    );
    expect(first?.searchUrl).toBeNull();
    expect(answer.metadata).toEqual({
      lines: 9,
      counts: { track: 2, otherMixes: 1, notFound: 3, unreleased: 2, notRead: 1 },
    });
  });

  it('finds a release published after the store started (the indexes follow catalog writes)', async () => {
    const release = await publishRelease(store.ctx, { tracks: 1 });
    const track = (await loadTracks(store.ctx, release.trackIds)).get(release.trackIds[0] as number) as Track;
    const { body } = await match(`${track.artists.map((a) => a.name).join(' & ')} - ${track.name}`);
    const [line] = Answer.parse(body).results;
    expect(line?.outcome).toBe('track');
    expect(names(line?.tracks[0] as Track)).toEqual(names(track));
  });
});

describe('limits and errors, in the error envelope, nothing matched', () => {
  it.each([
    ['an empty paste', '', 'text'],
    ['only blank lines', '\n \n\t\n', 'text'],
    [
      `more than ${maxTracklistLines} lines`,
      Array.from({ length: 5000 }, (_, i) => `A${i} - T`).join('\n'),
      'text',
    ],
  ])('refuses %s with a clear 400', async (_, text, parameter) => {
    const { status, body } = await match(text);
    expect(status === 400 || status === 413).toBe(true);
    const error = ErrorEnvelope.parse(body);
    if (status === 400) expect(error.metadata.parameter).toBe(parameter);
    expect(error.metadata.message).not.toMatch(/at \w+ \(/);
  });

  it('names the limit when the list is too long but fits in a request', async () => {
    const lines = Array.from({ length: maxTracklistLines + 1 }, (_, i) => `A${i} - T`).join('\n');
    const { status, body } = await match(lines);
    expect(status).toBe(400);
    expect(ErrorEnvelope.parse(body).metadata.message).toBe(
      `A tracklist match takes at most ${maxTracklistLines} lines; this one has ${maxTracklistLines + 1}. Send it in parts of ${maxTracklistLines}.`,
    );
  });

  it('reads binary junk as lines it cannot read, never a 5xx', async () => {
    const junk = String.fromCharCode(...Array.from({ length: 400 }, (_, i) => (i * 37) % 256));
    const { status, body } = await match(junk);
    expect(status).toBe(200);
    expect(Answer.parse(body).results.every((line) => line.outcome !== 'track')).toBe(true);
  });

  it('takes only POST, and requires the text', async () => {
    const get = await store.app.inject({ method: 'GET', url: '/catalog/3/tracklist?text=a' });
    expect(get.statusCode).toBe(405);
    const missing = await store.app.inject({ method: 'POST', url: '/catalog/3/tracklist' });
    expect(missing.statusCode).toBe(400);
    expect(ErrorEnvelope.parse(missing.json()).metadata.parameter).toBe('text');
  });
});

describe('the text indexes', () => {
  it('are what the candidate query reads: no scan of the catalog', async () => {
    const statement = candidateStatement(
      testEngine,
      { title: 'Breathing Nights', artists: ['Lane 8', 'Bicep'] },
      200,
    ) as { text: string; values: (string | number)[] };
    if (testEngine === 'sqlite') {
      const plan = await store.ctx.db.all<{ detail: string }>(
        `EXPLAIN QUERY PLAN ${statement.text}`,
        ...statement.values,
      );
      const details = plan.map((row) => row.detail).join('\n');
      expect(details).toMatch(/SCAN artist_search VIRTUAL TABLE INDEX/);
      expect(details).toMatch(/SCAN track_search VIRTUAL TABLE INDEX/);
      expect(details).not.toMatch(/SCAN (?:tracks|artists)\b(?! VIRTUAL)/);
    } else {
      // A 400-track catalog is small enough for a planner to read it whole; the index must be usable.
      const plan = await store.ctx.db.transaction(async () => {
        await store.ctx.db.run('SET LOCAL enable_seqscan = off');
        return store.ctx.db.all<{ 'QUERY PLAN': string }>(`EXPLAIN ${statement.text}`, ...statement.values);
      });
      const text = plan.map((row) => row['QUERY PLAN']).join('\n');
      // The planner starts from the titles' index or the artists', whichever it deems narrower.
      expect(text).toMatch(/Index Scan on (?:tracks|artists)_name_words/);
      expect(text).not.toMatch(/Seq Scan on (?:tracks|artists)\b/);
    }
  });
});

describe("the website's search, where a line not found links", () => {
  const page = async (q: string) => {
    const response = await store.app.inject({ method: 'GET', url: `/search?q=${encodeURIComponent(q)}` });
    return { status: response.statusCode, html: response.body };
  };
  const escaped = (text: string) =>
    text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

  it('finds a track by "Artist - Title", by its title alone, and says when nothing is found', async () => {
    const [track] = await versionedTitle();
    const artist = track?.artists[0]?.name as string;
    const byLine = await page(`${artist} - ${track?.name}`);
    expect(byLine.status).toBe(200);
    expect(byLine.html).toContain(escaped(track?.name as string));
    expect(byLine.html).toContain(`/track/${track?.slug}/${track?.id}`);
    const byTitle = await page(track?.name as string);
    expect(byTitle.html).toContain(`/track/${track?.slug}/${track?.id}`);
    const nothing = await page('Nobody Known - Nothing Like This');
    expect(nothing.status).toBe(200);
    expect(nothing.html).toContain('Nothing found for');
  });

  it('shows the box alone without a query, and takes any text without a 5xx', async () => {
    const empty = await page('');
    expect(empty.status).toBe(200);
    expect(empty.html).toContain('name="q"');
    for (const q of ['"', "'", 'a AND OR NOT', '()*:^', 'Кино', '戦場', 'x'.repeat(5000)]) {
      expect((await page(q)).status).toBe(200);
    }
  });
});
