/**
 * Chapter 4's bench section. Ring build and lookup: the 6-byte layout (u32 hash + u16 node)
 * against the 8-byte one (u32 + u32), both nginx CRC-32 rings, and against npm hashring 3.2.0
 * (MD5, 160 points a server); lookups from key strings also on the WebAssembly kernel, in C and
 * in CPython.
 */
import { performance } from 'node:perf_hooks';
import { ringKernel } from '../../src/kernels/ring.ts';
import { lookup, lookup8, nginxKeyHash, nginxRing, ring8Bytes, ringBytes, toRing8 } from '../../src/lib/hashing/index.ts';
import { serverName } from '../../src/lib/ketama/index.ts';
import { HashRing } from './consistent-hashing.ts';
import { ringBaselines } from './ring-baselines.ts';
import { median, printTable } from './timing.ts';

const KT = { servers: 2048, reps: 7, lookups: 1_000_000, hashringBatch: 200_000, pythonBatch: 50_000, sameWithin: 1.05 };

export async function benchKetama(): Promise<void> {
  const names = Array.from({ length: KT.servers }, (_, i) => serverName(i));
  const fleet = names.map((server) => ({ server }));
  console.log(`
ketama: ${KT.servers} servers, nginx CRC-32 rings; median of ${KT.reps} after a warm-up, layouts interleaved`);

  // Build: the 6-byte ring as the library makes it; the 8-byte ring is that plus widening the node
  // indices (what a u32 layout must hold); hashring builds its own from MD5 digests.
  const buildTimes = { six: [] as number[], eight: [] as number[], hashring: [] as number[] };
  for (let rep = 0; rep <= KT.reps; rep++) {
    let t = performance.now();
    const ring = nginxRing(fleet);
    const six = performance.now() - t;
    t = performance.now();
    const wide = toRing8(nginxRing(fleet));
    const eight = performance.now() - t;
    t = performance.now();
    const hr = new HashRing(names);
    const hashringMs = performance.now() - t;
    if (ring.hashes.length !== wide.hashes.length || !hr) throw new Error('unreachable');
    if (rep === 0) continue;
    buildTimes.six.push(six);
    buildTimes.eight.push(eight);
    buildTimes.hashring.push(hashringMs);
  }
  console.log(`build ${KT.servers} x 160 points: 6-byte ${median(buildTimes.six).toFixed(1)} ms, 8-byte ${median(buildTimes.eight).toFixed(1)} ms, hashring ${median(buildTimes.hashring).toFixed(1)} ms`);

  // Lookup on pre-hashed keys: the binary search and the node read, nothing else.
  let sink = 0;
  const verdicts: string[] = [];
  for (const points of [160, 1000]) {
    const ring = nginxRing(fleet, points);
    const wide = toRing8(ring, true);
    const keys = new Uint32Array(KT.lookups);
    for (let i = 0; i < keys.length; i++) keys[i] = nginxKeyHash(`/object/${points}/${i}`);
    const six: number[] = [];
    const eight: number[] = [];
    for (let rep = 0; rep <= KT.reps; rep++) {
      let t = performance.now();
      for (let i = 0; i < keys.length; i++) sink += lookup(ring, keys[i]);
      const a = performance.now() - t;
      t = performance.now();
      for (let i = 0; i < keys.length; i++) sink -= lookup8(wide, keys[i]);
      const b = performance.now() - t;
      if (rep === 0) continue;
      six.push(a);
      eight.push(b);
    }
    const ns6 = (median(six) * 1e6) / KT.lookups;
    const ns8 = (median(eight) * 1e6) / KT.lookups;
    const ratio = ns6 / ns8;
    console.log(`lookup, ${ring.hashes.length} points (${(ringBytes(ring) / 2 ** 20).toFixed(1)} MiB vs ${(ring8Bytes(wide) / 2 ** 20).toFixed(1)} MiB): 6-byte ${ns6.toFixed(1)} ns, 8-byte ${ns8.toFixed(1)} ns, ratio ${ratio.toFixed(3)}`);
    verdicts.push(`${points} points a server: ${ratio <= KT.sameWithin ? 'yes' : 'NO'} (${ratio.toFixed(3)})`);
  }
  if (sink !== 0) console.log('the two layouts disagree');
  console.log(`target: the 6-byte layout no slower than the 8-byte one on lookups (within ${((KT.sameWithin - 1) * 100).toFixed(0)}% timing noise): ${verdicts.join('; ')}`);

  // Whole lookups from key strings: our nginx ring (CRC-32 of the key) in TypeScript and on the
  // kernel against hashring.get (MD5), fresh keys every batch so hashring's LRU cache never hits.
  const ring = nginxRing(fleet);
  const kernel = await ringKernel(ring, 'crc32');
  if (!kernel) throw new Error('bench: the WebAssembly kernel did not load');
  const hr = new HashRing(names);
  let batchNo = 0;
  const fresh = (): string[] => {
    batchNo++;
    return Array.from({ length: KT.hashringBatch }, (_, i) => `/k/${batchNo}/${i}`);
  };
  const ours: number[] = [];
  const onKernel: number[] = [];
  const theirs: number[] = [];
  for (let rep = 0; rep <= KT.reps; rep++) {
    let keys = fresh();
    let t = performance.now();
    for (const k of keys) sink += lookup(ring, nginxKeyHash(k));
    const a = performance.now() - t;
    keys = fresh();
    t = performance.now();
    sink += kernel.lookupKeys(keys)[0];
    const w = performance.now() - t;
    keys = fresh();
    t = performance.now();
    for (const k of keys) sink += hr.get(k)!.length;
    const b = performance.now() - t;
    if (rep === 0) continue;
    ours.push(a);
    onKernel.push(w);
    theirs.push(b);
  }
  const perLookup = (ms: number[]) => (median(ms) * 1e6) / KT.hashringBatch;
  const baselines = ringBaselines(ring, 'crc32', '/k/%d/%d', KT.reps, KT.hashringBatch, KT.pythonBatch);
  const rows = [
    { name: 'ours, TypeScript (CRC-32, 6-byte)', ns: perLookup(ours), agrees: true },
    { name: 'ours, WebAssembly kernel (same ring, a batch a call)', ns: perLookup(onKernel), agrees: true },
    { name: 'hashring 3.2.0 (MD5, LRU cache)', ns: perLookup(theirs), agrees: true },
    ...baselines.rows,
  ];
  const nsOf = (prefix: string) => rows.find((r) => r.name.startsWith(prefix))?.ns;
  const ratio = (value: number, base: number | undefined) => (base === undefined ? '-' : `${(value / base).toFixed(2)}x`);
  console.log(`lookup from a key string, ${ring.hashes.length} points (160 a server), fresh keys; time ratios, the row's ns / the baseline's:`);
  printTable(
    [
      ['name', 'ns/lookup', 'x C', 'x CPython', 'x hashring'],
      ...rows.map((r) => [r.name + (r.agrees ? '' : ' (DISAGREES)'), r.ns.toFixed(0), ratio(r.ns, nsOf('C -O2')), ratio(r.ns, nsOf('CPython')), ratio(r.ns, nsOf('hashring'))]),
    ],
    (col) => col !== 0,
  );
  for (const note of baselines.notes) console.log(note);
  console.log(`ours ${(rows[2].ns / rows[0].ns).toFixed(1)}x faster than hashring in TypeScript, ${(rows[2].ns / rows[1].ns).toFixed(1)}x on the kernel`);
  if (sink < 0) console.log('unreachable');
}
