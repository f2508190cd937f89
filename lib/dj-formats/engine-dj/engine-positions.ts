/**
 * The one place a position of the store's analysis becomes an Engine DJ position. The analysis
 * counts milliseconds from the first sample a gapless decoder plays (lib/contract/track-analysis.ts);
 * Engine counts samples of the decoded audio at the file's sample rate (libdjinterop's blobs carry
 * "sample_offset" doubles and it converts none of them, src/djinterop/engine/v2/beat_data_blob.cpp).
 * For WAV and AIFF both zeros are the file's first sample. For MP3 we take Engine's decoder to skip
 * the LAME encoder delay, as the store's does, so no shift is applied: libdjinterop says nothing
 * either way and this was not checked on a player (docs/dj-formats.md, "what a player must confirm").
 */

export const engineSampleOf = (ms: number, sampleRate: number) => (ms * sampleRate) / 1000;
