/**
 * OneLibrary's tables as a fresh stick gets them. Columns are pyrekordbox's devicelib_plus models
 * (pyrekordbox/devicelib_plus/models.py); the declarations' style, content.djPlayCount (missing
 * from pyrekordbox) and cue.OutFileOffsetInBlock's capital follow a second, independent
 * transcription of rekordbox's schema in a public converter script. Neither is a file rekordbox
 * wrote (none was found), so a stick rekordbox made keeps its own tables (IF NOT EXISTS).
 */
export const oneLibraryTables = `
CREATE TABLE IF NOT EXISTS album(album_id integer primary key, name varchar, artist_id integer, image_id integer, isComplation integer, nameForSearch varchar);
CREATE TABLE IF NOT EXISTS artist(artist_id integer primary key, name varchar, nameForSearch varchar);
CREATE TABLE IF NOT EXISTS category(category_id integer primary key, menuItem_id integer, sequenceNo integer, isVisible integer);
CREATE TABLE IF NOT EXISTS color(color_id integer primary key, name varchar);
CREATE TABLE IF NOT EXISTS content(content_id integer primary key, title varchar, titleForSearch varchar, subtitle varchar, bpmx100 integer, length integer, trackNo integer, discNo integer, artist_id_artist integer, artist_id_remixer integer, artist_id_originalArtist integer, artist_id_composer integer, artist_id_lyricist integer, album_id integer, genre_id integer, label_id integer, key_id integer, color_id integer, image_id integer, djComment varchar, rating integer, releaseYear integer, releaseDate varchar, dateCreated varchar, dateAdded varchar, path varchar, fileName varchar, fileSize integer, fileType integer, bitrate integer, bitDepth integer, samplingRate integer, isrc varchar, djPlayCount integer, isHotCueAutoLoadOn integer, isKuvoDeliverStatusOn integer, kuvoDeliveryComment varchar, masterDbId integer, masterContentId integer, analysisDataFilePath varchar, analysedBits integer, contentLink integer, hasModified integer, cueUpdateCount integer, analysisDataUpdateCount integer, informationUpdateCount integer);
CREATE TABLE IF NOT EXISTS cue(cue_id integer primary key, content_id integer, kind integer, colorTableIndex integer, cueComment varchar, isActiveLoop integer, beatLoopNumerator integer, beatLoopDenominator integer, inUsec integer, outUsec integer, in150FramePerSec integer, out150FramePerSec integer, inMpegFrameNumber integer, outMpegFrameNumber integer, inMpegAbs integer, outMpegAbs integer, inDecodingStartFramePosition integer, outDecodingStartFramePosition integer, inFileOffsetInBlock integer, OutFileOffsetInBlock integer, inNumberOfSampleInBlock integer, outNumberOfSampleInBlock integer);
CREATE TABLE IF NOT EXISTS genre(genre_id integer primary key, name varchar);
CREATE TABLE IF NOT EXISTS history(history_id integer primary key, sequenceNo integer, name varchar, attribute integer, history_id_parent integer);
CREATE TABLE IF NOT EXISTS history_content(history_id integer, content_id integer, sequenceNo integer);
CREATE TABLE IF NOT EXISTS hotCueBankList(hotCueBankList_id integer primary key, sequenceNo integer, name varchar, image_id integer, attribute integer, hotCueBankList_id_parent integer);
CREATE TABLE IF NOT EXISTS hotCueBankList_cue(hotCueBankList_id integer, cue_id integer, sequenceNo integer);
CREATE TABLE IF NOT EXISTS image(image_id integer primary key, path varchar);
CREATE TABLE IF NOT EXISTS key(key_id integer primary key, name varchar);
CREATE TABLE IF NOT EXISTS label(label_id integer primary key, name varchar);
CREATE TABLE IF NOT EXISTS menuItem(menuItem_id integer primary key, kind integer, name varchar);
CREATE TABLE IF NOT EXISTS myTag(myTag_id integer primary key, sequenceNo integer, name varchar, attribute integer, myTag_id_parent integer);
CREATE TABLE IF NOT EXISTS myTag_content(myTag_id integer, content_id integer);
CREATE TABLE IF NOT EXISTS playlist(playlist_id integer primary key, sequenceNo integer, name varchar, image_id integer, attribute integer, playlist_id_parent integer);
CREATE TABLE IF NOT EXISTS playlist_content(playlist_id integer, content_id integer, sequenceNo integer);
CREATE TABLE IF NOT EXISTS property(deviceName varchar, dbVersion varchar, numberOfContents integer, createdDate varchar, backGroundColorType integer, myTagMasterDBID integer);
CREATE TABLE IF NOT EXISTS recommendedLike(content_id_1 integer, content_id_2 integer, rating integer, createdDate integer);
CREATE TABLE IF NOT EXISTS sort(sort_id integer primary key, menuItem_id integer, sequenceNo integer, isVisible integer, isSelectedAsSubColumn integer);
CREATE INDEX IF NOT EXISTS index_hotCueBankList_cue_hotCueBankList_id on hotCueBankList_cue(hotCueBankList_id);
CREATE INDEX IF NOT EXISTS index_myTag_content_content_id on myTag_content(content_id);
CREATE INDEX IF NOT EXISTS index_myTag_content_myTag_id on myTag_content(myTag_id);
CREATE INDEX IF NOT EXISTS index_playlist_content_playlist_id on playlist_content(playlist_id);
`;
