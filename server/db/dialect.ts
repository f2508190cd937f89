/**
 * The store's SQL is written once, with `?` parameters, in the subset both engines share. For
 * PostgreSQL, the parameters become $1, $2, ... and the two SQLite functions the store uses,
 * json_each(?) over a JSON id list and unixepoch(text), become the functions migration 1 defines.
 */
const translated = new Map<string, string>();

export function postgresSql(text: string): string {
  let out = translated.get(text);
  if (out !== undefined) return out;
  let n = 0;
  out = text
    // Outside string literals only: a '?' inside quotes is text.
    .replace(/'(?:[^']|'')*'|\?/g, (match) => (match === '?' ? `$${++n}` : match));
  out = postgresFunctions(out);
  translated.set(text, out);
  return out;
}

/** The two SQLite functions as PostgreSQL names them (for queries Kysely compiled for PostgreSQL). */
export const postgresFunctions = (text: string): string =>
  text.replace(/\bjson_each\(/g, 'crate_json_ids(').replace(/\bunixepoch\(/g, 'crate_unixepoch(');
