/**
 * A streaming-playlist export as CSV (Exportify, TuneMyMusic, Soundiiz and the like): the artist
 * and title columns are found by their header, the delimiter by the header line (comma,
 * semicolon or tab), quoted fields per RFC 4180 (a quote doubled inside, line breaks inside).
 */

/** The rows of a CSV text, each a list of fields. */
export function csvRows(text: string, delimiter: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let inQuotes = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i] as string;
    if (inQuotes) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') inQuotes = false;
      else field += char;
    } else if (char === '"' && field === '') inQuotes = true;
    else if (char === delimiter) {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += char;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows;
}

// Header names as export tools write them, in English and the languages Crate speaks.
const artistHeader =
  /^(?:artists?|artist ?names?(?:\(s\))?|performers?|interpret(?:en)?|künstler|artistas?)$/i;
const titleHeader =
  /^(?:title|track|track ?name|track ?title|song|song ?name|name|titel|título|titulo|canción)$/i;
const mixHeader = /^(?:mix|mix ?name|version|remix)$/i;

/** Where the artist, title and (if any) mix columns are, or null when a header is missing. */
function columnsOf(header: readonly string[]): { artist: number; title: number; mix: number } | null {
  const find = (pattern: RegExp) => header.findIndex((name) => pattern.test(name.trim()));
  const artist = find(artistHeader);
  const title = find(titleHeader);
  return artist < 0 || title < 0 ? null : { artist, title, mix: find(mixHeader) };
}

const delimiterOf = (headerLine: string): string =>
  [',', ';', '\t'].reduce((best, candidate) =>
    headerLine.split(candidate).length > headerLine.split(best).length ? candidate : best,
  );

/** The CSV's tracks as "Artist - Title (Mix)" lines, or null when it has no artist or title column. */
export function csvLines(text: string): string[] | null {
  const body = text.replace(/^\ufeff/, '');
  const rows = csvRows(body, delimiterOf(body.split(/\r?\n/, 1)[0] ?? ''));
  const columns = columnsOf(rows[0] ?? []);
  if (columns === null) return null;
  return rows.slice(1).flatMap((row) => {
    const artist = (row[columns.artist] ?? '').trim();
    const title = (row[columns.title] ?? '').trim();
    const mix = columns.mix < 0 ? '' : (row[columns.mix] ?? '').trim();
    if (artist === '' && title === '') return [];
    return [`${artist} - ${title}${mix ? ` (${mix})` : ''}`];
  });
}
