/**
 * The catalog's tables: written only by the seed (server/seed/generate.ts), read by every
 * catalog answer. Caches of catalog answers are dropped when one of them is written
 * (Database.tablesVersion).
 */
export const catalogTables = [
  'genres',
  'labels',
  'artists',
  'releases',
  'release_artists',
  'tracks',
  'track_artists',
  'artist_genres',
  'artist_labels',
  'charts',
  'chart_tracks',
] as const;
