import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isPortable, makeRng, type GeneratorName } from '../../../../src/lib/random/index.ts';

describe('generator state (saveState, loadState)', () => {
  it('a generator loaded with another one\'s saved state continues its stream, draw for draw', () => {
    fc.assert(
      fc.property(fc.constantFrom<GeneratorName>('cpython', 'fast'), fc.nat({ max: 2 ** 40 }), fc.nat({ max: 1500 }), (generator, seed, skip) => {
        const a = makeRng(generator, seed);
        for (let i = 0; i < skip; i++) a.nextUint32();
        const b = makeRng(generator, seed + 1);
        b.loadState(a.saveState());
        expect(Array.from({ length: 700 }, () => b.nextUint32())).toEqual(Array.from({ length: 700 }, () => a.nextUint32()));
      }),
      { numRuns: 30 },
    );
  });

  it('saves a copy, and refuses a state of the other algorithm or an all-zero xoshiro state', () => {
    const mt = makeRng('cpython', 1);
    const saved = mt.saveState();
    saved.words.fill(0);
    expect(mt.saveState().words.some((w) => w !== 0)).toBe(true);
    expect(() => makeRng('fast', 1).loadState(mt.saveState())).toThrow(RangeError);
    expect(() => mt.loadState(makeRng('fast', 1).saveState())).toThrow(RangeError);
    expect(() => makeRng('fast', 1).loadState({ algorithm: 'xoshiro128ss', words: new Uint32Array(4) })).toThrow(RangeError);
    expect(isPortable(mt)).toBe(true);
    expect(isPortable({ nextUint32: () => 0, below: () => 0 })).toBe(false);
  });
});
