import type { Generated } from 'kysely';
import type { AudioFormat } from '../../lib/contract/wire.ts';

/**
 * The store's tables as Kysely sees them (migrations.ts makes them): every query's row type comes
 * from here. Integers are numbers on both engines (database.ts parses PostgreSQL's bigint), dates
 * are ISO 8601 text, flags are 0 or 1; a format is one the contract names (the audio_formats rows).
 */
export interface Schema {
  settings: { key: string; value: string };
  audio_formats: { name: string; fee_cents: number; position: number };
  genres: { id: Generated<number>; name: string; slug: string };
  labels: { id: Generated<number>; name: string; slug: string };
  artists: {
    id: Generated<number>;
    name: string;
    slug: string;
    last_publish_date: string | null;
    track_count: Generated<number>;
  };
  releases: {
    id: Generated<number>;
    name: string;
    slug: string;
    label_id: number;
    genre_id: number;
    catalog_number: string;
    publish_date: string;
    price_cents: number;
    featured: Generated<number>;
  };
  release_artists: { release_id: number; artist_id: number; position: number };
  tracks: {
    id: Generated<number>;
    name: string;
    mix_name: string;
    slug: string;
    release_id: number;
    track_number: number;
    genre_id: number;
    label_id: number;
    bpm: number;
    key: string;
    length_ms: number;
    isrc: string;
    publish_date: string;
    sale_type: 'purchase' | 'promotion';
    price_cents: number;
    popularity: number;
  };
  track_analyses: { track_id: number; sound: string; analysis: string };
  track_artists: { track_id: number; artist_id: number; role: 'artist' | 'remixer'; position: number };
  artist_genres: { artist_id: number; genre_id: number; track_count: number };
  artist_labels: { artist_id: number; label_id: number };
  charts: {
    id: Generated<number>;
    name: string;
    slug: string;
    genre_id: number | null;
    curator_artist_id: number | null;
    publish_date: string;
  };
  chart_tracks: { chart_id: number; position: number; track_id: number };
  users: { id: Generated<number>; username: string; password_hash: string; created_at: string };
  carts: { id: Generated<number>; user_id: number; name: string; created_at: string; updated_at: string };
  cart_items: {
    cart_id: number;
    item_type: 'track' | 'release';
    item_id: number;
    audio_format: AudioFormat;
    added_seq: number;
  };
  orders: {
    id: Generated<number>;
    user_id: number;
    cart_name: string;
    total_cents: number;
    currency: string;
    created_at: string;
  };
  order_items: {
    order_id: number;
    item_type: 'track' | 'release';
    item_id: number;
    audio_format: AudioFormat;
    price_cents: number;
    /** Its place in the cart it was bought from; null for items bought before places were kept. */
    position: number | null;
  };
  downloads: {
    id: Generated<number>;
    user_id: number;
    track_id: number;
    audio_format: AudioFormat;
    source: 'purchase' | 'promotion';
    order_id: number | null;
    status: Generated<'available' | 'downloaded'>;
    purchased_at: string;
    last_initiated_at: string | null;
  };
  oauth_models: {
    model: string;
    id: string;
    payload: string;
    grant_id: string | null;
    uid: string | null;
    user_code: string | null;
    expires_at: number | null;
    consumed_at: number | null;
  };
  web_sessions: { id: string; user_id: number; csrf_token: string; created_at: string; expires_at: string };
  sign_in_attempts: { id: Generated<number>; key: string; attempted_at: number };
}
