import type { DatabaseSync } from 'node:sqlite';

/** What migrating needs of the Database (database.ts calls migrate, so it does not import it back). */
interface Migratable {
  raw: DatabaseSync;
  transaction(fn: () => void): void;
}

/**
 * Schema versions, applied in order and recorded in PRAGMA user_version.
 * Never edit a released migration: add the next one.
 */
const migrations: string[] = [
  // 1: catalog, accounts, carts, orders, downloads, OAuth state, website sessions
  `
  CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);

  CREATE TABLE audio_formats (
    name TEXT PRIMARY KEY,
    fee_cents INTEGER NOT NULL,
    position INTEGER NOT NULL
  );
  INSERT INTO audio_formats (name, fee_cents, position) VALUES ('mp3', 0, 1), ('wav', 100, 2), ('aiff', 100, 3);

  CREATE TABLE genres (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, slug TEXT NOT NULL);
  CREATE TABLE labels (id INTEGER PRIMARY KEY, name TEXT NOT NULL, slug TEXT NOT NULL);
  CREATE TABLE artists (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    slug TEXT NOT NULL,
    last_publish_date TEXT,
    track_count INTEGER NOT NULL DEFAULT 0
  );
  CREATE INDEX artists_name ON artists (name COLLATE NOCASE);
  CREATE INDEX artists_last_publish ON artists (last_publish_date, id);

  CREATE TABLE releases (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    slug TEXT NOT NULL,
    label_id INTEGER NOT NULL REFERENCES labels (id),
    genre_id INTEGER NOT NULL REFERENCES genres (id),
    catalog_number TEXT NOT NULL,
    publish_date TEXT NOT NULL,
    price_cents INTEGER NOT NULL,
    featured INTEGER NOT NULL DEFAULT 0
  );
  CREATE INDEX releases_label ON releases (label_id, publish_date DESC);
  CREATE INDEX releases_genre ON releases (genre_id, publish_date DESC);
  CREATE INDEX releases_publish ON releases (publish_date DESC);
  CREATE INDEX releases_featured ON releases (featured, publish_date DESC);

  CREATE TABLE release_artists (
    release_id INTEGER NOT NULL REFERENCES releases (id),
    artist_id INTEGER NOT NULL REFERENCES artists (id),
    position INTEGER NOT NULL,
    PRIMARY KEY (release_id, artist_id)
  ) WITHOUT ROWID;
  CREATE INDEX release_artists_artist ON release_artists (artist_id, release_id);

  CREATE TABLE tracks (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    mix_name TEXT NOT NULL,
    slug TEXT NOT NULL,
    release_id INTEGER NOT NULL REFERENCES releases (id),
    track_number INTEGER NOT NULL,
    genre_id INTEGER NOT NULL REFERENCES genres (id),
    label_id INTEGER NOT NULL REFERENCES labels (id),
    bpm INTEGER NOT NULL,
    key TEXT NOT NULL,
    length_ms INTEGER NOT NULL,
    isrc TEXT NOT NULL,
    publish_date TEXT NOT NULL,
    sale_type TEXT NOT NULL CHECK (sale_type IN ('purchase', 'promotion')),
    price_cents INTEGER NOT NULL,
    popularity INTEGER NOT NULL
  );
  CREATE INDEX tracks_release ON tracks (release_id, track_number);
  CREATE INDEX tracks_genre_popularity ON tracks (genre_id, popularity DESC);
  CREATE INDEX tracks_label_popularity ON tracks (label_id, popularity DESC);
  CREATE INDEX tracks_popularity ON tracks (popularity DESC);

  CREATE TABLE track_artists (
    track_id INTEGER NOT NULL REFERENCES tracks (id),
    artist_id INTEGER NOT NULL REFERENCES artists (id),
    role TEXT NOT NULL CHECK (role IN ('artist', 'remixer')),
    position INTEGER NOT NULL,
    PRIMARY KEY (track_id, role, artist_id)
  ) WITHOUT ROWID;
  CREATE INDEX track_artists_artist ON track_artists (artist_id, track_id);

  -- Denormalised for the artist catalog's genre facets and genreId/labelId filters at scale.
  CREATE TABLE artist_genres (
    artist_id INTEGER NOT NULL REFERENCES artists (id),
    genre_id INTEGER NOT NULL REFERENCES genres (id),
    track_count INTEGER NOT NULL,
    PRIMARY KEY (artist_id, genre_id)
  ) WITHOUT ROWID;
  CREATE INDEX artist_genres_genre ON artist_genres (genre_id, artist_id);
  CREATE TABLE artist_labels (
    artist_id INTEGER NOT NULL REFERENCES artists (id),
    label_id INTEGER NOT NULL REFERENCES labels (id),
    PRIMARY KEY (artist_id, label_id)
  ) WITHOUT ROWID;
  CREATE INDEX artist_labels_label ON artist_labels (label_id, artist_id);

  CREATE TABLE charts (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    slug TEXT NOT NULL,
    genre_id INTEGER REFERENCES genres (id),
    curator_artist_id INTEGER REFERENCES artists (id),
    publish_date TEXT NOT NULL
  );
  CREATE INDEX charts_genre ON charts (genre_id, publish_date DESC);
  CREATE TABLE chart_tracks (
    chart_id INTEGER NOT NULL REFERENCES charts (id),
    position INTEGER NOT NULL,
    track_id INTEGER NOT NULL REFERENCES tracks (id),
    PRIMARY KEY (chart_id, position)
  ) WITHOUT ROWID;

  CREATE TABLE users (
    id INTEGER PRIMARY KEY,
    username TEXT NOT NULL UNIQUE COLLATE NOCASE,
    password_hash TEXT NOT NULL,
    created_at TEXT NOT NULL
  );

  CREATE TABLE carts (
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    UNIQUE (user_id, name)
  );
  CREATE TABLE cart_items (
    cart_id INTEGER NOT NULL REFERENCES carts (id) ON DELETE CASCADE,
    item_type TEXT NOT NULL CHECK (item_type IN ('track', 'release')),
    item_id INTEGER NOT NULL,
    audio_format TEXT NOT NULL REFERENCES audio_formats (name),
    added_seq INTEGER NOT NULL,
    PRIMARY KEY (cart_id, item_type, item_id)
  ) WITHOUT ROWID;

  CREATE TABLE orders (
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users (id),
    cart_name TEXT NOT NULL,
    total_cents INTEGER NOT NULL,
    currency TEXT NOT NULL,
    created_at TEXT NOT NULL
  );
  CREATE TABLE order_items (
    order_id INTEGER NOT NULL REFERENCES orders (id),
    item_type TEXT NOT NULL,
    item_id INTEGER NOT NULL,
    audio_format TEXT NOT NULL,
    price_cents INTEGER NOT NULL,
    PRIMARY KEY (order_id, item_type, item_id)
  ) WITHOUT ROWID;

  CREATE TABLE downloads (
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users (id),
    track_id INTEGER NOT NULL REFERENCES tracks (id),
    audio_format TEXT NOT NULL REFERENCES audio_formats (name),
    source TEXT NOT NULL CHECK (source IN ('purchase', 'promotion')),
    order_id INTEGER REFERENCES orders (id),
    status TEXT NOT NULL DEFAULT 'available' CHECK (status IN ('available', 'downloaded')),
    purchased_at TEXT NOT NULL,
    last_initiated_at TEXT,
    UNIQUE (user_id, track_id, audio_format)
  );
  CREATE INDEX downloads_user_newest ON downloads (user_id, purchased_at DESC, id DESC);

  -- oidc-provider's models (sessions, grants, codes, tokens), one JSON payload per row.
  CREATE TABLE oauth_models (
    model TEXT NOT NULL,
    id TEXT NOT NULL,
    payload TEXT NOT NULL,
    grant_id TEXT,
    uid TEXT,
    user_code TEXT,
    expires_at INTEGER,
    consumed_at INTEGER,
    PRIMARY KEY (model, id)
  );
  CREATE INDEX oauth_models_grant ON oauth_models (grant_id);
  CREATE INDEX oauth_models_uid ON oauth_models (model, uid);
  CREATE INDEX oauth_models_expiry ON oauth_models (expires_at);

  CREATE TABLE web_sessions (
    id TEXT PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    csrf_token TEXT NOT NULL,
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL
  );
  `,
  // 2: sign-in attempts, counted to slow password guessing (accounts/password-sign-in.ts)
  `
  CREATE TABLE sign_in_attempts (key TEXT NOT NULL, attempted_at INTEGER NOT NULL);
  CREATE INDEX sign_in_attempts_key ON sign_in_attempts (key, attempted_at);
  CREATE INDEX sign_in_attempts_time ON sign_in_attempts (attempted_at);
  `,
];

export function migrate(db: Migratable): void {
  const current = (db.raw.prepare('PRAGMA user_version').get() as { user_version: number }).user_version;
  if (current > migrations.length) {
    throw new Error(`Database schema version ${current} is newer than this store (${migrations.length}).`);
  }
  for (let version = current + 1; version <= migrations.length; version++) {
    db.transaction(() => {
      db.raw.exec(migrations[version - 1] as string);
      db.raw.exec(`PRAGMA user_version = ${version}`);
    });
  }
}
