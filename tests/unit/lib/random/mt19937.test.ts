import { readFileSync } from 'node:fs';
import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { cpythonRandom } from '../../../../src/lib/random/mt19937.ts';
import { placeBalls } from '../../../../src/lib/balls/place.ts';
import { loadHistogram, maxLoad } from '../../../../src/lib/balls/histogram.ts';

/** tests/vectors/cpython-balls.json, written by tests/vectors/cpython_balls.py from CPython itself. */
interface Vectors {
  python: string;
  streams: {
    seed: number | string;
    getrandbits32: number[];
    randrange: Record<string, number[]>;
    random: number[];
  }[];
  balls: { seed: number; n: number; d: number; maxLoad: number; histogram?: number[] }[];
}

const vectors = JSON.parse(
  readFileSync(new URL('../../../vectors/cpython-balls.json', import.meta.url), 'utf8'),
) as Vectors;

// Seeds past 2^53 are stored as decimal strings so JSON cannot round them.
const seedOf = (seed: number | string): number | bigint => (typeof seed === 'string' ? BigInt(seed) : seed);

function bins(n: number, d: number, seed: number): Uint32Array {
  const b = new Uint32Array(n);
  placeBalls(b, n, d, cpythonRandom(seed));
  return b;
}

describe('cpythonRandom replays CPython ' + vectors.python, () => {
  it('has vectors for every seed, randrange n and ball run the script promises', () => {
    expect(vectors.streams).toHaveLength(9);
    for (const s of vectors.streams) expect(Object.keys(s.randrange)).toHaveLength(8);
    expect(vectors.balls).toHaveLength(4 * 5 * 3);
  });

  for (const stream of vectors.streams) {
    describe(`seed ${stream.seed}`, () => {
      it('getrandbits(32) matches', () => {
        const rng = cpythonRandom(seedOf(stream.seed));
        expect(stream.getrandbits32.map(() => rng.getrandbits(32))).toEqual(stream.getrandbits32);
      });

      it('nextUint32 is getrandbits(32)', () => {
        const rng = cpythonRandom(seedOf(stream.seed));
        expect(stream.getrandbits32.map(() => rng.nextUint32())).toEqual(stream.getrandbits32);
      });

      for (const [n, expected] of Object.entries(stream.randrange)) {
        it(`below(${n}) matches randrange(${n})`, () => {
          const rng = cpythonRandom(seedOf(stream.seed));
          expect(expected.map(() => rng.below(Number(n)))).toEqual(expected);
        });
      }

      it('random() matches to the last bit', () => {
        const rng = cpythonRandom(seedOf(stream.seed));
        expect(stream.random.map(() => rng.random())).toEqual(stream.random);
      });
    });
  }

  for (const run of vectors.balls) {
    it(`max_load(n=${run.n}, d=${run.d}, seed=${run.seed}) is ${run.maxLoad}`, () => {
      const b = bins(run.n, run.d, run.seed);
      expect(maxLoad(b)).toBe(run.maxLoad);
      if (run.histogram) expect(loadHistogram(b)).toEqual(run.histogram);
    });
  }
});

describe("the article's numbers", () => {
  it('seed 7, n = 100000: max load 8 for d=1 and 3 for d=2', () => {
    expect(maxLoad(bins(100_000, 1, 7))).toBe(8);
    expect(maxLoad(bins(100_000, 2, 7))).toBe(3);
  });

  it('seed 7, n = 10^6: max load 9 for d=1 and 4 for d=2', () => {
    expect(maxLoad(bins(1_000_000, 1, 7))).toBe(9);
    expect(maxLoad(bins(1_000_000, 2, 7))).toBe(4);
  });
});

describe('cpythonRandom seeding', () => {
  it('a number seed and the equal bigint seed give the same stream', () => {
    fc.assert(
      fc.property(fc.maxSafeNat(), (seed) => {
        const a = cpythonRandom(seed);
        const b = cpythonRandom(BigInt(seed));
        for (let i = 0; i < 4; i++) expect(a.nextUint32()).toBe(b.nextUint32());
      }),
    );
  });

  it('a negative seed is its absolute value, as in CPython', () => {
    expect(cpythonRandom(-7).random()).toBe(cpythonRandom(7).random());
    expect(cpythonRandom(-(2n ** 64n) - 123n).nextUint32()).toBe(cpythonRandom(2n ** 64n + 123n).nextUint32());
  });

  it('rejects number seeds that are not safe integers', () => {
    expect(() => cpythonRandom(2 ** 53)).toThrow(RangeError);
    expect(() => cpythonRandom(1.5)).toThrow(RangeError);
  });
});

describe('cpythonRandom draws', () => {
  it('getrandbits(k) is the top k bits of the next 32-bit output', () => {
    fc.assert(
      fc.property(fc.nat(), fc.integer({ min: 1, max: 32 }), (seed, k) => {
        expect(cpythonRandom(seed).getrandbits(k)).toBe(cpythonRandom(seed).nextUint32() >>> (32 - k));
      }),
    );
  });

  it('below(n) is an integer in [0, n) for every n it accepts', () => {
    fc.assert(
      fc.property(fc.nat(), fc.integer({ min: 1, max: 2 ** 32 - 1 }), (seed, n) => {
        const rng = cpythonRandom(seed);
        for (let i = 0; i < 8; i++) {
          const r = rng.below(n);
          expect(Number.isInteger(r) && r >= 0 && r < n).toBe(true);
        }
      }),
    );
  });

  it('random() is in [0, 1)', () => {
    fc.assert(
      fc.property(fc.nat(), (seed) => {
        const x = cpythonRandom(seed).random();
        expect(x >= 0 && x < 1).toBe(true);
      }),
    );
  });

  it('rejects n and k outside their ranges', () => {
    const rng = cpythonRandom(0);
    for (const n of [0, -1, 2.5, 2 ** 32, Number.NaN]) expect(() => rng.below(n)).toThrow(RangeError);
    for (const k of [0, 33, 1.5]) expect(() => rng.getrandbits(k)).toThrow(RangeError);
  });
});
