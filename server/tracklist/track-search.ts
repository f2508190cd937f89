/**
 * Candidate tracks by their words, through each engine's text index (migration 0003): tracks by
 * one of the artists whose title holds every word of the title asked for. A candidate is only a
 * candidate: the recording matcher (lib/contract/recording-match.ts) decides what it is.
 */
import type { StoreContext } from '../context.ts';

/** Words as the text indexes cut them: letters and digits, accents dropped (case: the index folds it). */
export const searchWords = (text: string): string[] =>
  text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

export interface WordQuery {
  title: string;
  /** Each artist's name as written; a track by any one of them is a candidate. */
  artists: readonly string[];
}

/** FTS5's query syntax: every word quoted, so none reads as an operator. */
const ftsWord = (word: string) => `"${word.replaceAll('"', '""')}"`;
/** tsquery's syntax: every word quoted, so none reads as an operator. */
const tsWord = (word: string) => `'${word.replaceAll("'", "''").replaceAll('\\', '\\\\')}'`;

/**
 * The artists' words a candidate's artist holds: each whole name as a phrase; or, `loose`, each
 * word of three letters or more alone too, so a name the index spells otherwise ("Weiß" for
 * "WEISS", "Fred again.." for "Fred Again") still finds its tracks through its other words.
 */
function artistTerms(artists: readonly string[], loose: boolean): string[][] {
  const names = artists.map(searchWords).filter((words) => words.length > 0);
  if (!loose) return names;
  const single = names.flat().filter((word) => word.length >= 3);
  const terms = [...names, ...single.map((word) => [word])];
  return [...new Map(terms.map((words) => [words.join(' ').toLowerCase(), words])).values()];
}

/** The two engines' query texts: the title's words all, the artists' terms any. */
function queryTexts(engine: 'sqlite' | 'postgres', { title, artists }: WordQuery, loose: boolean) {
  const titleWords = searchWords(title);
  const terms = artistTerms(artists, loose);
  if (titleWords.length === 0 || terms.length === 0) return null;
  if (engine === 'sqlite') {
    return {
      title: titleWords.map(ftsWord).join(' AND '),
      artists: terms.map((words) => ftsWord(words.join(' '))).join(' OR '),
    };
  }
  return {
    title: titleWords.map(tsWord).join(' & '),
    artists: terms.map((words) => `(${words.map(tsWord).join(' <-> ')})`).join(' | '),
  };
}

/** SQLite: the artists' ids from their index, the titles' from theirs, joined on track_artists. */
const sqliteCandidates = `
  SELECT DISTINCT ta.track_id AS id FROM track_artists ta
  WHERE ta.role = 'artist'
    AND ta.artist_id IN (SELECT rowid FROM artist_search WHERE artist_search MATCH ?)
    AND ta.track_id IN (SELECT rowid FROM track_search WHERE track_search MATCH ?)
  LIMIT ?`;

/**
 * PostgreSQL: the same through the GIN indexes on crate_fold(name)'s words, each set read from its
 * index once (MATERIALIZED): joined as subqueries, the planner rechecked the title's words on every
 * track of the artists, computing each title's words again, and scanned track_artists whole.
 */
const postgresCandidates = `
  WITH named AS MATERIALIZED (
    SELECT a.id FROM artists a
     WHERE to_tsvector('simple', crate_fold(a.name)) @@ to_tsquery('simple', crate_fold(?))
  ), titled AS MATERIALIZED (
    SELECT t.id FROM tracks t
     WHERE to_tsvector('simple', crate_fold(t.name)) @@ to_tsquery('simple', crate_fold(?))
  )
  SELECT DISTINCT ta.track_id AS id FROM titled
    JOIN track_artists ta ON ta.track_id = titled.id AND ta.role = 'artist'
   WHERE ta.artist_id IN (SELECT id FROM named)
  LIMIT ?`;

/** The statement and its values, also for reading its plan (the service tests do). */
export function candidateStatement(
  engine: 'sqlite' | 'postgres',
  words: WordQuery,
  limit: number,
  loose = false,
) {
  const texts = queryTexts(engine, words, loose);
  if (texts === null) return null;
  return {
    text: engine === 'sqlite' ? sqliteCandidates : postgresCandidates,
    values: [texts.artists, texts.title, limit],
  };
}

/**
 * Ids of tracks by one of the artists whose title holds the title's words; none without words.
 * The artists' whole names first; only when they find nothing, their words alone (artistTerms).
 */
export async function candidateTracks(ctx: StoreContext, words: WordQuery, limit: number): Promise<number[]> {
  for (const loose of [false, true]) {
    const statement = candidateStatement(ctx.db.engine, words, limit, loose);
    if (statement === null) return [];
    const rows = await ctx.db.all<{ id: number }>(statement.text, ...statement.values);
    if (rows.length > 0) return rows.map((row) => Number(row.id));
  }
  return [];
}

const sqliteByTitle = 'SELECT rowid AS id FROM track_search WHERE track_search MATCH ? LIMIT ?';
const postgresByTitle = `SELECT t.id FROM tracks t
  WHERE to_tsvector('simple', crate_fold(t.name)) @@ to_tsquery('simple', crate_fold(?)) LIMIT ?`;
const sqliteByArtist = `SELECT ta.track_id AS id FROM track_artists ta WHERE ta.role = 'artist'
  AND ta.artist_id IN (SELECT rowid FROM artist_search WHERE artist_search MATCH ?) LIMIT ?`;
const postgresByArtist = `SELECT ta.track_id AS id FROM track_artists ta WHERE ta.role = 'artist'
  AND ta.artist_id IN (SELECT a.id FROM artists a
    WHERE to_tsvector('simple', crate_fold(a.name)) @@ to_tsquery('simple', crate_fold(?))) LIMIT ?`;

/**
 * The website's search (GET /search): an "Artist - Title" line finds that title by those artists,
 * else the title by anyone; other text finds the titles holding all its words, then the tracks of
 * the artists whose name holds them.
 */
export async function searchTracks(
  ctx: StoreContext,
  query: string,
  line: WordQuery | null,
  limit: number,
): Promise<number[]> {
  const found = new Set(line ? await candidateTracks(ctx, line, limit) : []);
  const words = searchWords(line && found.size === 0 ? line.title : query);
  if (found.size > 0 || words.length === 0) return [...found];
  const sqlite = ctx.db.engine === 'sqlite';
  const all = sqlite ? words.map(ftsWord).join(' AND ') : words.map(tsWord).join(' & ');
  for (const statement of sqlite ? [sqliteByTitle, sqliteByArtist] : [postgresByTitle, postgresByArtist]) {
    if (found.size >= limit) break;
    const rows = await ctx.db.all<{ id: number }>(statement, all, limit - found.size);
    for (const row of rows) found.add(Number(row.id));
  }
  return [...found];
}
