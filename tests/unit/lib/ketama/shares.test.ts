import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fillNginxPoints } from '../../../../src/lib/hashing/points-nginx.ts';
import { buildRing } from '../../../../src/lib/hashing/ring.ts';
import { fillNginxChain } from '../../../../src/lib/ketama/chain.ts';
import { fillSchemePoints, schemeRing, serverName } from '../../../../src/lib/ketama/schemes.ts';
import { contestedShareCounts, slicedShareCounts, type SlicedSource } from '../../../../src/lib/ketama/shares.ts';
import { shareCounts } from '../../../../src/lib/ketama/spread.ts';
import type { Scheme } from '../../../../src/lib/ketama/schemes.ts';

const schemeSource = (scheme: Scheme, n: number, k: number, seed: number): SlicedSource => ({
  servers: n,
  perServer: k,
  fill: (i, out) => fillSchemePoints(scheme, i, k, seed, out, 0),
});

/** A source whose points fall on few hashes, so that servers share many of them. */
const crowded = (n: number, k: number, values: number): SlicedSource => ({
  servers: n,
  perServer: k,
  fill: (i, out) => {
    let x = i * 7919 + 1;
    for (let j = 0; j < k; j++) {
      x = (Math.imul(x, 1103515245) + 12345) >>> 0;
      out[j] = ((x >>> 8) % values) * 1_431_655 + (x & 1);
    }
  },
});

/** The whole ring of a source's points, sorted by (hash, node) and not deduped. */
function wholeRing(source: SlicedSource) {
  const { servers: n, perServer: k } = source;
  const hashes = new Uint32Array(n * k);
  const nodes = new Uint16Array(n * k);
  const tmp = new Uint32Array(k);
  for (let i = 0; i < n; i++) {
    source.fill(i, tmp);
    hashes.set(tmp, i * k);
    nodes.fill(i, i * k, (i + 1) * k);
  }
  return buildRing({ hashes, nodes }, n);
}

describe('fillNginxChain', () => {
  it('makes fillNginxPoints’ chain bit for bit, for any server string and length', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), fc.integer({ min: 0, max: 300 }), (server, count) => {
        const a = new Uint32Array(count);
        const b = new Uint32Array(count);
        fillNginxPoints(server, count, a);
        fillNginxChain(server, count, b);
        expect(Array.from(b)).toEqual(Array.from(a));
      }),
      { numRuns: 300 },
    );
    const a = new Uint32Array(2000);
    const b = new Uint32Array(2000);
    fillNginxPoints(serverName(4095, 17), 2000, a);
    fillNginxChain(serverName(4095, 17), 2000, b);
    expect(b).toEqual(a);
  });
});

describe('contestedShareCounts', () => {
  it('under the lowest tie-break is shareCounts of the deduped ring, and both tie-breaks add up to the whole space', () => {
    const ring = wholeRing(crowded(40, 500, 3000));
    const deduped = shareCounts(buildRing({ hashes: ring.hashes, nodes: ring.nodes }, 40, { dedupe: true }));
    expect(contestedShareCounts(ring, 'lowest')).toEqual(deduped);
    const random = contestedShareCounts(ring, 'random', 5);
    expect(random.reduce((a, b) => a + b, 0)).toBe(2 ** 32);
    expect(random).not.toEqual(deduped);
  });

  it('the lowest tie-break takes the shared hashes from the servers listed last; the random one does not', () => {
    // 40 servers x 500 points on 6000 hashes: most points are shared. Under `lowest` the shares
    // fall with the index; at random they do not (the last ten against the first ten).
    const ring = wholeRing(crowded(40, 500, 3000));
    const sum = (xs: Float64Array, from: number, to: number) => xs.slice(from, to).reduce((a, b) => a + b, 0);
    const lowest = contestedShareCounts(ring, 'lowest');
    const random = contestedShareCounts(ring, 'random', 1);
    expect(sum(lowest, 30, 40) / sum(lowest, 0, 10)).toBeLessThan(0.5);
    expect(sum(random, 30, 40) / sum(random, 0, 10)).toBeGreaterThan(0.8);
    expect(sum(random, 30, 40) / sum(random, 0, 10)).toBeLessThan(1.25);
  });
});

describe('slicedShareCounts', () => {
  it.each([
    ['nginx', 50, 200, 4000],
    ['nginx', 300, 1000, 1 << 20],
    ['nginx', 7, 3, 16],
    ['libketama', 50, 200, 4000],
    ['random', 300, 1000, 1 << 18],
    ['random', 1, 5, 1 << 20],
  ] as const)('%s, %i servers x %i points in %i bytes: the whole ring’s shares, to the bit, under both tie-breaks', async (scheme, n, k, bytes) => {
    const source = schemeSource(scheme, n, k, 3);
    const got = await slicedShareCounts(source, { memoryBytes: bytes, seed: 3 });
    expect(got.lowest).toEqual(shareCounts(schemeRing(scheme, n, k, 3)));
    expect(got.random).toEqual(contestedShareCounts(wholeRing(source), 'random', 3));
  });

  it('with most points shared and the slices one bucket wide, still the whole ring’s shares', async () => {
    const source = crowded(40, 500, 3000);
    const got = await slicedShareCounts(source, { memoryBytes: 800, seed: 5 });
    const ring = wholeRing(source);
    expect(got.lowest).toEqual(contestedShareCounts(ring, 'lowest'));
    expect(got.random).toEqual(contestedShareCounts(ring, 'random', 5));
  });

  it('makes every point 1 + slices times and reports each pass to tick; a throwing tick stops it', async () => {
    let made = 0;
    const base = schemeSource('nginx', 200, 500, 0);
    const source = { ...base, fill: (i: number, out: Uint32Array) => (made++, base.fill(i, out)) };
    let units = 0;
    await slicedShareCounts(source, { memoryBytes: 4 * 25_000, chunk: 10_000, tick: async (u) => void (units += u) });
    // 100 000 points in slices of at most 25 000: at least four slices, and the count pass.
    expect(made / 200).toBeGreaterThanOrEqual(5);
    expect(units).toBe(made * 500 + 100_000);
    const stop = new Error('stop');
    await expect(slicedShareCounts(base, { memoryBytes: 1 << 20, chunk: 10_000, tick: async () => { throw stop; } })).rejects.toBe(stop);
  });
});
