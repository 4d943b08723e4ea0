import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { placeBalls } from '../../../../src/lib/balls/place.ts';
import { makeRng } from '../../../../src/lib/random/make.ts';
import type { Rng } from '../../../../src/lib/random/rng.ts';

const sum = (bins: Uint32Array): number => bins.reduce((a, b) => a + b, 0);

/** Passes draws through from `inner` and keeps them, so a test can see every ball's candidates. */
function recording(inner: Rng): Rng & { draws: { n: number; value: number }[] } {
  const draws: { n: number; value: number }[] = [];
  return {
    draws,
    nextUint32: () => inner.nextUint32(),
    below(n: number) {
      const value = inner.below(n);
      draws.push({ n, value });
      return value;
    },
  };
}

/** Answers below() from a script, and fails loudly when the code under test draws more than that. */
function scripted(values: readonly number[]): Rng {
  let next = 0;
  return {
    nextUint32: () => {
      throw new Error('placeBalls should draw through below(), not nextUint32()');
    },
    below(n: number) {
      if (next >= values.length) throw new Error('drew more than the script holds');
      const value = values[next++];
      if (value >= n) throw new Error(`script value ${value} is not below ${n}`);
      return value;
    },
  };
}

const generator = fc.constantFrom('cpython' as const, 'fast' as const);
const params = fc.record({
  generator,
  seed: fc.nat(),
  n: fc.integer({ min: 1, max: 200 }),
  d: fc.integer({ min: 1, max: 5 }),
  count: fc.integer({ min: 0, max: 400 }),
});

describe('placeBalls', () => {
  it('adds exactly count balls', () => {
    fc.assert(
      fc.property(params, ({ generator, seed, n, d, count }) => {
        const bins = new Uint32Array(n);
        placeBalls(bins, count, d, makeRng(generator, seed));
        expect(sum(bins)).toBe(count);
      }),
    );
  });

  it('puts each ball in the least loaded of its d candidates, the earliest drawn on a tie', () => {
    fc.assert(
      fc.property(params, ({ generator, seed, n, d, count }) => {
        const bins = new Uint32Array(n);
        const rng = recording(makeRng(generator, seed));
        placeBalls(bins, count, d, rng);

        // Replay the recorded draws d at a time against a shadow array, choosing the way the
        // article's rule reads: the lowest load among the candidates, the earliest on a tie.
        expect(rng.draws.every((draw) => draw.n === n)).toBe(true);
        expect(rng.draws).toHaveLength(count * d);
        const shadow = new Array<number>(n).fill(0);
        for (let ball = 0; ball < count; ball++) {
          const candidates = rng.draws.slice(ball * d, ball * d + d).map((draw) => draw.value);
          const least = Math.min(...candidates.map((c) => shadow[c]));
          shadow[candidates.find((c) => shadow[c] === least)!]++;
        }
        expect(Array.from(bins)).toEqual(shadow);
      }),
    );
  });

  it('gives the same bins whether the balls come in one call or in chunks', () => {
    fc.assert(
      fc.property(params, fc.array(fc.nat(50), { maxLength: 10 }), ({ generator, seed, n, d, count }, cuts) => {
        const whole = new Uint32Array(n);
        placeBalls(whole, count, d, makeRng(generator, seed));

        const chunked = new Uint32Array(n);
        const rng = makeRng(generator, seed);
        let left = count;
        for (const cut of cuts) {
          const chunk = Math.min(cut, left);
          placeBalls(chunked, chunk, d, rng);
          left -= chunk;
        }
        placeBalls(chunked, left, d, rng);
        expect(chunked).toEqual(whole);
      }),
    );
  });

  it('with d = 1 puts each ball exactly where the generator says', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20 }).chain((n) => fc.tuple(fc.constant(n), fc.array(fc.nat(n - 1), { maxLength: 60 }))),
        ([n, targets]) => {
          const bins = new Uint32Array(n);
          placeBalls(bins, targets.length, 1, scripted(targets));
          const expected = new Uint32Array(n);
          for (const t of targets) expected[t]++;
          expect(bins).toEqual(expected);
        },
      ),
    );
  });

  it('with d = 2 moves to the second candidate only when it is strictly less loaded', () => {
    const bins = Uint32Array.from([2, 1, 1]);
    // Ball 1: candidates 0 then 1 -> bin 1 (1 < 2). Ball 2: 1 (now 2) then 2 (1) -> bin 2.
    // Ball 3: 1 then 2, both at 2 -> the tie stays with bin 1. Ball 4: 2 then 2 -> bin 2.
    placeBalls(bins, 4, 2, scripted([0, 1, 1, 2, 1, 2, 2, 2]));
    expect(Array.from(bins)).toEqual([2, 3, 3]);
  });

  it('draws d values per ball, and none when count is 0', () => {
    const rng = recording(makeRng('fast', 1));
    placeBalls(new Uint32Array(5), 7, 3, rng);
    expect(rng.draws).toHaveLength(21);
    placeBalls(new Uint32Array(0), 0, 3, scripted([]));
  });

  it('rejects a count, d or bin array it cannot honour', () => {
    const rng = makeRng('fast', 1);
    expect(() => placeBalls(new Uint32Array(3), -1, 1, rng)).toThrow(RangeError);
    expect(() => placeBalls(new Uint32Array(3), 1.5, 1, rng)).toThrow(RangeError);
    expect(() => placeBalls(new Uint32Array(3), 1, 0, rng)).toThrow(RangeError);
    expect(() => placeBalls(new Uint32Array(3), 1, 1.5, rng)).toThrow(RangeError);
    expect(() => placeBalls(new Uint32Array(0), 1, 1, rng)).toThrow(RangeError);
  });
});
