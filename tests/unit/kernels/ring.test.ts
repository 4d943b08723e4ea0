import { afterEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { setKernelModule } from '../../../src/kernels/load.ts';
import { ringKernel, ringLookups, type KeyHash } from '../../../src/kernels/ring.ts';
import { buildRing, lookup, nginxKeyHash, nginxRing, vnodeKeyHash, vnodeRing } from '../../../src/lib/hashing/index.ts';

const keyHashes: Record<KeyHash, (key: string) => number> = { crc32: nginxKeyHash, murmur3: vnodeKeyHash };
const rings = {
  crc32: nginxRing(Array.from({ length: 12 }, (_, i) => ({ server: `10.0.${i}.1:80`, weight: 1 + (i % 3) }))),
  murmur3: vnodeRing(Array.from({ length: 9 }, (_, i) => `node-${i}`), 40),
};

describe('the ring kernel (WebAssembly)', () => {
  afterEach(() => setKernelModule(undefined));

  it('finds lookup()\'s node for every key string, ASCII or not (lone surrogates too), under both key hashes', async () => {
    for (const hash of ['crc32', 'murmur3'] as const) {
      const ring = rings[hash];
      const kernel = await ringKernel(ring, hash);
      if (!kernel) throw new Error('the kernel did not load');
      expect(kernel.ringBytes).toBe(6 * ring.hashes.length);
      await fc.assert(
        fc.asyncProperty(fc.array(fc.oneof(fc.string(), fc.string({ unit: 'binary' })), { maxLength: 40 }), async (keys) => {
          expect(Array.from(kernel.lookupKeys(keys))).toEqual(keys.map((key) => lookup(ring, keyHashes[hash](key))));
        }),
        { numRuns: 50 },
      );
    }
  });

  it('finds lookup()\'s node for every key hash, the ends of the ring included', async () => {
    const ring = rings.crc32;
    const kernel = await ringKernel(ring, 'crc32');
    const last = ring.hashes[ring.hashes.length - 1];
    const edges = [0, 1, ring.hashes[0], ring.hashes[0] + 1, last - 1, last, last + 1, 0xffffffff];
    await fc.assert(
      fc.asyncProperty(fc.array(fc.oneof(fc.constantFrom(...edges), fc.nat({ max: 0xffffffff })), { maxLength: 200 }), async (hashes) => {
        expect(Array.from(kernel!.lookupHashes(Uint32Array.from(hashes)))).toEqual(hashes.map((h) => lookup(ring, h)));
      }),
      { numRuns: 50 },
    );
  });

  it('answers -1 on an empty ring and keeps a one-point ring', async () => {
    const empty = await ringKernel(buildRing({ hashes: new Uint32Array(0), nodes: new Uint16Array(0) }, 0), 'crc32');
    expect(Array.from(empty!.lookupKeys(['a', 'b']))).toEqual([-1, -1]);
    const one = await ringKernel(buildRing({ hashes: Uint32Array.of(5), nodes: Uint16Array.of(0) }, 1), 'murmur3');
    expect(Array.from(one!.lookupHashes(Uint32Array.of(0, 5, 6, 0xffffffff)))).toEqual([0, 0, 0, 0]);
  });

  it('ringLookups gives the same nodes on the kernel and, when it cannot load, on lookup()', async () => {
    const ring = rings.murmur3;
    const hashes = Uint32Array.from({ length: 500 }, (_, i) => vnodeKeyHash(`key-${i}`));
    const onKernel = (await ringLookups(ring))(hashes);
    setKernelModule(null);
    expect(await ringKernel(ring, 'murmur3')).toBeNull();
    expect((await ringLookups(ring))(hashes)).toEqual(onKernel);
    expect(Array.from(onKernel)).toEqual(Array.from(hashes, (h) => lookup(ring, h)));
  });
});
