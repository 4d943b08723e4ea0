import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import zlib from 'node:zlib';
import { crc32, crc32Final, crc32Init, crc32Update, crc32UpdateUint32Le } from '../../../../src/lib/hashing/crc32.ts';

const ascii = (s: string): Uint8Array => new TextEncoder().encode(s);

describe('crc32', () => {
  it('gives the CRC-32/ISO-HDLC check value 0xCBF43926 for "123456789", and 0 for no bytes', () => {
    expect(crc32(ascii('123456789'))).toBe(0xcbf43926);
    expect(crc32(new Uint8Array(0))).toBe(0);
  });

  it('equals zlib.crc32 on any bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        expect(crc32(bytes)).toBe(zlib.crc32(bytes));
      }),
    );
  });

  it('fed in any number of pieces gives the same CRC as fed at once', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), fc.array(fc.nat()), (bytes, cuts) => {
        const points = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
        let state = crc32Init();
        let start = 0;
        for (const end of [...points, bytes.length]) {
          state = crc32Update(state, bytes, start, end);
          start = end;
        }
        expect(crc32Final(state)).toBe(crc32(bytes));
      }),
    );
  });

  it('crc32UpdateUint32Le feeds the four little-endian bytes of a uint32', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 20 }), fc.integer({ min: 0, max: 2 ** 32 - 1 }), (prefix, value) => {
        const le = new Uint8Array(4);
        new DataView(le.buffer).setUint32(0, value, true);
        const state = crc32Update(crc32Init(), prefix);
        expect(crc32UpdateUint32Le(state, value)).toBe(crc32Update(state, le));
      }),
    );
  });
});
