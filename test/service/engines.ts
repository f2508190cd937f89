/**
 * Which service files run on PostgreSQL as well as on SQLite (vitest.config.ts's service-postgres
 * project). Every file runs on SQLite; a file runs on both when its subject is what the database
 * answers or keeps, since the engines differ there (types, ordering, text comparison, locks,
 * transactions, NUL in text). A file whose subject is HTTP, files, validation or rendering goes
 * through the same queries as the files below, so a second engine adds time and no coverage.
 * `npm run lint:structure` fails on a service file named in neither list.
 */
export const bothEngines = [
  'cart', // the cart add's locking and limits
  'checkout',
  'catalog', // catalog and artist catalog paging, sorting, text search
  'store-formats', // the catalog's sold formats and the cart's refusal, read from audio_formats
  'downloads', // the library's statuses and paging
  'drift', // names and keys stored and read back (PostgreSQL refuses NUL in text)
  'limits', // cart and account limits counted in SQL
  'oauth-adapter', // the OAuth provider's records
  'prepared-queries',
  'previews-and-statuses',
  'publish', // two instances publishing
  'seed',
  'sign-in-limits', // attempts counted in a window
  'start-together', // ten store processes migrating and seeding one empty database at once
  'tracklist', // each engine's own text index (FTS5, pg_trgm words), and its query plan
  'track-analysis', // measured once, kept in track_analyses and read back
  'two-instances', // PostgreSQL only: one database, two store processes
  'website', // pages built from the catalog queries
];

export const sqliteOnly = [
  'artwork',
  'audio-work', // the event loop while a worker thread encodes
  'file-network',
  'file-serving',
  'file-tags',
  'fuzz',
  'input-errors',
  'log-redaction',
  'oauth',
  'openapi',
  'redirects',
  'scopes',
  'store-process',
  'website-security',
];
