/**
 * The OneLibrary tables Crate writes, with the columns pyrekordbox's devicelib_plus models give
 * them (pyrekordbox/devicelib_plus/models.py). Not yet compared with a file rekordbox wrote: no
 * sample was found (rekordcrate's history no longer holds one), so a stick rekordbox made is only
 * ever added to, never given these tables again (CREATE TABLE IF NOT EXISTS).
 */
export const oneLibraryTables = `
CREATE TABLE IF NOT EXISTS property (deviceName VARCHAR(255) NOT NULL PRIMARY KEY, dbVersion INTEGER,
  numberOfContents INTEGER, createdDate TEXT, backGroundColorType INTEGER, myTagMasterDBID INTEGER);
CREATE TABLE IF NOT EXISTS artist (artist_id INTEGER PRIMARY KEY AUTOINCREMENT, name VARCHAR(255) UNIQUE,
  nameForSearch VARCHAR(255));
CREATE TABLE IF NOT EXISTS image (image_id INTEGER PRIMARY KEY AUTOINCREMENT, path VARCHAR(255) UNIQUE);
CREATE TABLE IF NOT EXISTS album (album_id INTEGER PRIMARY KEY AUTOINCREMENT, name VARCHAR(255) UNIQUE,
  artist_id INTEGER REFERENCES artist (artist_id), image_id INTEGER REFERENCES image (image_id),
  isComplation INTEGER, nameForSearch VARCHAR(255));
CREATE TABLE IF NOT EXISTS genre (genre_id INTEGER PRIMARY KEY AUTOINCREMENT, name VARCHAR(255) UNIQUE);
CREATE TABLE IF NOT EXISTS label (label_id INTEGER PRIMARY KEY AUTOINCREMENT, name VARCHAR(255) UNIQUE);
CREATE TABLE IF NOT EXISTS "key" (key_id INTEGER PRIMARY KEY AUTOINCREMENT, name VARCHAR(255) UNIQUE);
CREATE TABLE IF NOT EXISTS color (color_id INTEGER PRIMARY KEY AUTOINCREMENT, name VARCHAR(255) UNIQUE);
CREATE TABLE IF NOT EXISTS content (content_id INTEGER PRIMARY KEY AUTOINCREMENT, title VARCHAR(255),
  titleForSearch VARCHAR(255), subtitle VARCHAR(255), bpmx100 INTEGER, length INTEGER, trackNo INTEGER,
  discNo INTEGER, artist_id_artist INTEGER REFERENCES artist (artist_id),
  artist_id_remixer INTEGER REFERENCES artist (artist_id),
  artist_id_originalArtist INTEGER REFERENCES artist (artist_id),
  artist_id_composer INTEGER REFERENCES artist (artist_id),
  artist_id_lyricist INTEGER REFERENCES artist (artist_id), album_id INTEGER REFERENCES album (album_id),
  genre_id INTEGER REFERENCES genre (genre_id), label_id INTEGER REFERENCES label (label_id),
  key_id INTEGER REFERENCES "key" (key_id), color_id INTEGER REFERENCES color (color_id),
  image_id INTEGER REFERENCES image (image_id), djComment VARCHAR(255), rating INTEGER, releaseYear INTEGER,
  releaseDate TEXT, dateCreated TEXT, dateAdded TEXT, path VARCHAR(255) NOT NULL UNIQUE,
  fileName VARCHAR(255) NOT NULL, fileSize BIGINT NOT NULL, fileType INTEGER NOT NULL, bitrate INTEGER NOT NULL,
  bitDepth INTEGER NOT NULL, samplingRate INTEGER NOT NULL, isrc VARCHAR(12), isHotCueAutoLoadOn INTEGER,
  isKuvoDeliverStatusOn INTEGER, kuvoDeliveryComment VARCHAR(255), masterDbId INTEGER, masterContentId INTEGER,
  analysisDataFilePath VARCHAR(255), analysedBits INTEGER, contentLink INTEGER, hasModified INTEGER,
  cueUpdateCount INTEGER, analysisDataUpdateCount INTEGER, informationUpdateCount INTEGER);
CREATE TABLE IF NOT EXISTS playlist (playlist_id INTEGER PRIMARY KEY AUTOINCREMENT, sequenceNo INTEGER NOT NULL,
  name VARCHAR(255) NOT NULL, image_id INTEGER REFERENCES image (image_id), attribute INTEGER,
  playlist_id_parent INTEGER REFERENCES playlist (playlist_id));
CREATE TABLE IF NOT EXISTS playlist_content (playlist_id INTEGER NOT NULL REFERENCES playlist (playlist_id),
  content_id INTEGER NOT NULL REFERENCES content (content_id), sequenceNo INTEGER NOT NULL,
  PRIMARY KEY (playlist_id, content_id));
`;
