/**
 * The formats the store sells (contract.md), in the order people see them. Its own file, free of
 * zod, so the content script and the popup's first paint can import it; lib/contract/wire.ts
 * builds its schema from it and the store service checks requests against it.
 */
export const audioFormats = ['mp3', 'wav', 'aiff'] as const;
export type AudioFormat = (typeof audioFormats)[number];

export const isAudioFormat = (value: unknown): value is AudioFormat =>
  audioFormats.includes(value as AudioFormat);
