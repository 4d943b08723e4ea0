import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runKey, runTag } from '../../../src/build/run-key.ts';

/** FNV-1a, 32 bits, over the UTF-8 bytes, written from its definition. */
function fnv1aOfBytes(text: string): number {
  let h = 0x811c9dc5;
  for (const b of new TextEncoder().encode(text)) h = Number((BigInt(h ^ b) * 0x01000193n) & 0xffffffffn);
  return h >>> 0;
}

describe('runKey', () => {
  it('names a run by its experiment and every parameter, in any order', () => {
    expect(runKey('x', { b: 2, a: [1, 2] })).toBe('x?a=1,2&b=2');
    expect(runKey('x', { a: [1, 2], b: 2 })).toBe(runKey('x', { b: 2, a: [1, 2] }));
    expect(runKey('x', { a: 1 })).not.toBe(runKey('y', { a: 1 }));
  });
  it('orders by parameter name, so a name that begins another comes first', () => {
    expect(runKey('x', { n2: 1, n: 2 })).toBe('x?n=2&n2=1');
  });
});

describe('runTag', () => {
  it('is a short tag of the run key: equal runs, equal tags', () => {
    expect(runTag('x', { b: 2, a: [1, 2] })).toMatch(/^[0-9a-f]{8}$/);
    expect(runTag('x', { a: [1, 2], b: 2 })).toBe(runTag('x', { b: 2, a: [1, 2] }));
    expect(runTag('x', { a: 1 })).not.toBe(runTag('x', { a: 2 }));
  });
  it('is FNV-1a (32 bits) of the key’s UTF-8, names in any script', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 30 }), fc.integer(), (text, n) => {
        const params = { names: text, n };
        expect(runTag('swrr.trace', params)).toBe(fnv1aOfBytes(runKey('swrr.trace', params)).toString(16).padStart(8, '0'));
      }),
    );
  });
});
