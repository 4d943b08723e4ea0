import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fnv1a32, identity } from '../../../../src/lib/hashing/fnv1a.ts';
import { fmix32 } from '../../../../src/lib/hashing/murmur3.ts';

/** The definition, over TextEncoder's bytes: the reference the allocation-free encoder must match. */
function reference(text: string): number {
  let h = 0x811c9dc5;
  for (const b of new TextEncoder().encode(text)) h = Math.imul(h ^ b, 0x01000193);
  return h >>> 0;
}

/** Strings of arbitrary UTF-16 code units, weighted towards surrogates, paired or alone. */
const codeUnits = fc
  .array(
    fc.oneof(
      fc.integer({ min: 0, max: 0xffff }),
      fc.constantFrom(0xd800, 0xdbff, 0xdc00, 0xdfff, 0xd83d, 0xde00, 0x7f, 0x80, 0x7ff, 0x800, 0xfffd, 0xffff),
    ),
    { maxLength: 24 },
  )
  .map((units) => String.fromCharCode(...units));

describe('fnv1a32', () => {
  // FNV-1a 32-bit test vectors from the FNV reference test suite (Noll, test_fnv.c, fnv1a_32).
  it.each([
    ['', 0x811c9dc5],
    ['a', 0xe40c292c],
    ['b', 0xe70c2de5],
    ['c', 0xe60c2c52],
    ['foo', 0xa9f37ed7],
    ['foob', 0x3f5076ef],
    ['fooba', 0x39aaa18a],
    ['foobar', 0xbf9cf968],
  ])('FNV-1a 32 of "%s" is the published %i', (text, expected) => {
    expect(fnv1a32(text)).toBe(expected);
  });

  it('hashes the bytes TextEncoder gives, lone surrogates as U+FFFD', () => {
    expect(fnv1a32('\ud800')).toBe(reference('\ufffd'));
    expect(fnv1a32('a\udc00b')).toBe(reference('a\ufffdb'));
    expect(fnv1a32('\ud800\ud800\udc00')).toBe(reference('\ufffd\u{10000}'));
    expect(fnv1a32('\u{1f600}é')).toBe(reference('\u{1f600}é'));
  });

  it('agrees with TextEncoder on any string of code units', () => {
    fc.assert(fc.property(codeUnits, (text) => fnv1a32(text) === reference(text)), { numRuns: 2000 });
    fc.assert(fc.property(fc.string({ unit: 'binary' }), (text) => fnv1a32(text) === reference(text)), { numRuns: 500 });
  });
});

describe('identity', () => {
  it('is fmix32 of the FNV-1a hash, as portal-tunnel names relays and clients', () => {
    fc.assert(fc.property(codeUnits, (text) => identity(text) === fmix32(reference(text))));
  });
});
