/**
 * Candidate tracks by their words, through each engine's text index (migration 0005): tracks whose
 * title holds every word of the title asked for, by the artists named. A candidate is only a
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
  /** Each artist's name as written. */
  artists: readonly string[];
}

/** FTS5's query syntax: every word quoted, so none reads as an operator. */
const ftsWord = (word: string) => `"${word.replaceAll('"', '""')}"`;
/** tsquery's syntax: every word quoted, so none reads as an operator. */
const tsWord = (word: string) => `'${word.replaceAll("'", "''").replaceAll('\\', '\\\\')}'`;

/** Names a strict candidate must hold each, the longest first (the fewest artists hold it). */
const maxStrictNames = 4;

/**
 * The artist terms of a query: `strict`, each whole name (a phrase), every one of which an artist
 * of the track must match, as the matcher wants the same artists; loose, any word of three letters
 * or more of any name, so a name the index spells otherwise ("Weiß" for "WEISS", "Fred again.."
 * for "Fred Again") still finds its tracks.
 */
function artistTerms(artists: readonly string[], strict: boolean): string[][] {
  const names = artists.map(searchWords).filter((words) => words.length > 0);
  const distinct = (terms: string[][]) => [
    ...new Map(terms.map((words) => [words.join(' ').toLowerCase(), words])).values(),
  ];
  if (strict) {
    const byLength = distinct(names).sort((a, b) => b.join(' ').length - a.join(' ').length);
    return byLength.slice(0, maxStrictNames);
  }
  return distinct(
    names
      .flat()
      .filter((word) => word.length >= 3)
      .map((word) => [word]),
  );
}

/** Each engine's way to say "artists matching these terms" and "titles holding these words". */
const dialects = {
  sqlite: {
    artists: 'SELECT rowid FROM artist_search WHERE artist_search MATCH ?',
    titles: 'SELECT rowid FROM track_search WHERE track_search MATCH ?',
    phrase: (words: readonly string[]) => ftsWord(words.join(' ')),
    any: ' OR ',
    all: (words: readonly string[]) => words.map(ftsWord).join(' AND '),
  },
  postgres: {
    artists: "SELECT a.id FROM artists a WHERE a.name_words @@ to_tsquery('simple', crate_fold(?))",
    titles: "SELECT t.id FROM tracks t WHERE t.name_words @@ to_tsquery('simple', crate_fold(?))",
    phrase: (words: readonly string[]) => `(${words.map(tsWord).join(' <-> ')})`,
    any: ' | ',
    all: (words: readonly string[]) => words.map(tsWord).join(' & '),
  },
};

/**
 * The candidates' statement: tracks whose title holds every word of the title, with an artist in
 * each artist set. SQLite: `+` keeps the title set off the primary key, so the artists' few
 * tracks are walked and looked up in it (else every track of a common title was walked: "Fire",
 * 20 ms at 1,000,000). PostgreSQL: each artist set read from its index once (MATERIALIZED), its
 * tracks' stored words checked against the title's; `coalesce` keeps the planner off the titles'
 * index, whose estimate for common words is a hundredth of the truth ("Out of Time": 5,378 rows
 * read for 4, 44 ms).
 */
function candidateSql(engine: 'sqlite' | 'postgres', artistSets: number): string {
  const d = dialects[engine];
  const sets = Array.from({ length: artistSets }, (_, i) => i);
  const setOf = (i: number) => (engine === 'sqlite' ? `(${d.artists})` : `(SELECT id FROM named${i})`);
  const more = sets
    .slice(1)
    .map(
      (i) => `AND EXISTS (SELECT 1 FROM track_artists x WHERE x.track_id = ta.track_id
        AND x.role = 'artist' AND x.artist_id IN ${setOf(i)})`,
    )
    .join('\n');
  if (engine === 'sqlite') {
    return `SELECT DISTINCT ta.track_id AS id FROM track_artists ta
      WHERE ta.role = 'artist' AND ta.artist_id IN ${setOf(0)} AND +ta.track_id IN (${d.titles})
      ${more}
      LIMIT ?`;
  }
  const named = sets.map((i) => `named${i} AS MATERIALIZED (${d.artists})`);
  return `WITH ${named.join(', ')}
    SELECT DISTINCT ta.track_id AS id FROM track_artists ta JOIN tracks t ON t.id = ta.track_id
     WHERE ta.role = 'artist' AND ta.artist_id IN ${setOf(0)}
       AND coalesce(t.name_words, ''::tsvector) @@ to_tsquery('simple', crate_fold(?))
       ${more}
     LIMIT ?`;
}

/** The statement and its values, also for reading its plan (the service tests do). */
export function candidateStatement(
  engine: 'sqlite' | 'postgres',
  { title, artists }: WordQuery,
  limit: number,
  strict = true,
) {
  const d = dialects[engine];
  const titleWords = searchWords(title);
  const terms = artistTerms(artists, strict);
  if (titleWords.length === 0 || terms.length === 0) return null;
  const phrases = terms.map((words) => d.phrase(words));
  const sets = strict ? phrases : [phrases.join(d.any)];
  // Bound in the order the text names them: PostgreSQL's CTEs name every artist set first.
  const values =
    engine === 'sqlite'
      ? [sets[0] as string, d.all(titleWords), ...sets.slice(1), limit]
      : [...sets, d.all(titleWords), limit];
  return { text: candidateSql(engine, sets.length), values };
}

/**
 * Ids of tracks whose title holds the title's words, by the artists named; none without words.
 * Every whole name first; only when that finds nothing, any of their words alone (artistTerms).
 */
export async function candidateTracks(ctx: StoreContext, words: WordQuery, limit: number): Promise<number[]> {
  for (const strict of [true, false]) {
    const statement = candidateStatement(ctx.db.engine, words, limit, strict);
    if (statement === null) return [];
    const rows = await ctx.db.all<{ id: number }>(statement.text, ...statement.values);
    if (rows.length > 0) return rows.map((row) => Number(row.id));
  }
  return [];
}

const sqliteByTitle = 'SELECT rowid AS id FROM track_search WHERE track_search MATCH ? LIMIT ?';
const postgresByTitle = `SELECT t.id FROM tracks t
  WHERE t.name_words @@ to_tsquery('simple', crate_fold(?)) LIMIT ?`;
const sqliteByArtist = `SELECT ta.track_id AS id FROM track_artists ta WHERE ta.role = 'artist'
  AND ta.artist_id IN (SELECT rowid FROM artist_search WHERE artist_search MATCH ?) LIMIT ?`;
const postgresByArtist = `SELECT ta.track_id AS id FROM track_artists ta WHERE ta.role = 'artist'
  AND ta.artist_id IN (SELECT a.id FROM artists a
    WHERE a.name_words @@ to_tsquery('simple', crate_fold(?))) LIMIT ?`;

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
