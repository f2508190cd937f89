import { describe, expect, it } from 'vitest';
import { declaredEncoding } from '../../../../lib/text-files/text-chunks.ts';

describe('declaredEncoding', () => {
  it.each([
    [[0xff, 0xfe, 0x3c, 0], 'utf-16le'],
    [[...'<?xml version="1.0" encoding="windows-1252"?>'].map((c) => c.charCodeAt(0)), 'windows-1252'],
    [[...'<?xml version="1.0" encoding="nonsense"?>'].map((c) => c.charCodeAt(0)), 'utf-8'],
    [[...'<DJ_PLAYLISTS>'].map((c) => c.charCodeAt(0)), 'utf-8'],
  ])('%j is %s', (bytes, encoding) => {
    expect(declaredEncoding(Uint8Array.from(bytes))).toBe(encoding);
  });
});
