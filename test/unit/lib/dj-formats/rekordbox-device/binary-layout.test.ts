import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  array,
  at,
  bytes,
  layout,
  tag,
  u8,
  u16,
  u24,
  u32,
} from '../../../../../lib/dj-formats/rekordbox-device/binary-layout.ts';
import { propertyRuns } from '../../../../helpers/property-runs.ts';

const shape = { a: u8, b: u16, c: u24, d: u32, e: array(u16, 3), f: bytes(5), g: tag, h: at(40, u32) };

describe('layout', () => {
  it('lays fields out in order, or at their offset', () => {
    const le = layout('le', shape);
    expect(le.offsetOf).toEqual({ a: 0, b: 1, c: 3, d: 6, e: 10, f: 16, g: 21, h: 40 });
    expect(le.size).toBe(44);
    expect([...layout('be', { x: u16 }).encode({ x: 0x1234 })]).toEqual([0x12, 0x34]);
    expect([...layout('le', { x: u24 }).encode({ x: 0x123456 })]).toEqual([0x56, 0x34, 0x12]);
  });

  it('reads back what it writes, either endianness, anywhere in a buffer (property)', () => {
    const values = fc.record({
      a: fc.integer({ min: 0, max: 0xff }),
      b: fc.integer({ min: 0, max: 0xffff }),
      c: fc.integer({ min: 0, max: 0xffffff }),
      d: fc.integer({ min: 0, max: 0xffffffff }),
      e: fc.array(fc.integer({ min: 0, max: 0xffff }), { minLength: 3, maxLength: 3 }),
      f: fc.uint8Array({ minLength: 5, maxLength: 5 }),
      g: fc.string({ unit: fc.constantFrom(...'ABCDPQTZ'), minLength: 4, maxLength: 4 }),
      h: fc.integer({ min: 0, max: 0xffffffff }),
    });
    fc.assert(
      fc.property(
        fc.constantFrom('le' as const, 'be' as const),
        values,
        fc.nat(16),
        (endian, input, offset) => {
          const codec = layout(endian, shape);
          const buffer = new Uint8Array(offset + codec.size);
          codec.write(buffer, input, offset);
          expect(codec.read(buffer, offset)).toEqual(input);
        },
      ),
      { numRuns: propertyRuns(1000) },
    );
  });
});
