/**
 * Chapter 6's bench section: lookups per second of every placement scheme at N = 10, 100 and
 * 1000, on the same pre-hashed keys, against the npm packages that exist for two of them:
 * `jumphash` (bn.js arithmetic; given the same 32-bit key it must pick the same bucket as ours,
 * which is checked before timing) and `rendezvous-hash` (MD5 of shard + "\0" + key per shard).
 * Prints tables; never fails on time.
 */
import { nodeNames, SCHEME_IDS, SCHEMES } from '../../src/experiments/placement-lab/lab-common.ts';
import { murmur3, utf8 } from '../../src/lib/hashing/index.ts';
import { DEFAULT_OPTIONS } from '../../src/lib/placement/index.ts';
import { interleaved, median, printTable, requireCjs, target } from './timing.ts';

const SIZES = [10, 100, 1000];
const REPS = 5;
/** Keys per timed batch: enough for several ms at the slowest of our schemes. */
const BATCH = 50_000;
const JUMP_TARGET = 10;

/** Median lookups per second of `run(batch)` over REPS batches, after one warm-up batch. */
function perSecond(batch: number, run: (rep: number) => void): number {
  const { ms } = interleaved({ ms: (rep) => () => run(rep) }, REPS);
  return (batch / median(ms)) * 1000;
}

export function benchLab(): void {
  const jumphash = requireCjs('jumphash') as (key: number, buckets: number) => number;
  const select = requireCjs('rendezvous-hash') as (key: string, shards: Record<string, string>) => string;
  // Fresh keys per batch (rep + 1 selects a batch; -1 the warm-up).
  const keys = Array.from({ length: REPS + 1 }, (_, b) => Array.from({ length: BATCH }, (_, i) => `user:${b}:${i}`));
  const hashes = keys.map((batch) => Uint32Array.from(batch, (k) => murmur3(utf8(k))));
  let sink = 0;
  console.log(`
placement lab: lookups per second on pre-hashed keys (murmur3), median of ${REPS} batches of ${BATCH.toLocaleString('en')} after a warm-up, node ${process.version}`);
  const table: string[][] = [['N', ...SCHEME_IDS, 'npm jumphash', 'npm rendezvous-hash']];
  const jumpRatios: number[] = [];
  for (const n of SIZES) {
    const names = nodeNames(n, 0);
    const row = [String(n)];
    for (const id of SCHEME_IDS) {
      // Bounded loads fills nodes as it goes: capacities for every key the bench will send.
      const p = SCHEMES[id].build(names, undefined, { ...DEFAULT_OPTIONS, keys: BATCH * (REPS + 1) });
      const rate = perSecond(BATCH, (rep) => {
        const h = hashes[rep + 1];
        for (let i = 0; i < h.length; i++) sink += p.lookup(h[i]);
      });
      row.push(`${(rate / 1e6).toFixed(2)} M`);
      if (id === 'jump') jumpRatios.push(rate);
    }
    // npm jumphash on the same 32-bit keys: the same buckets as ours, checked first.
    const ours = SCHEMES.jump.build(names, undefined, DEFAULT_OPTIONS);
    for (let i = 0; i < 2000; i++) {
      if (jumphash(hashes[0][i], n) !== ours.lookup(hashes[0][i])) throw new Error(`jumphash disagrees at key ${hashes[0][i]}, n = ${n}`);
    }
    const jumpBatch = 5000;
    const theirs = perSecond(jumpBatch, (rep) => {
      const h = hashes[rep + 1];
      for (let i = 0; i < jumpBatch; i++) sink += jumphash(h[i], n);
    });
    row.push(`${(theirs / 1e6).toFixed(3)} M`);
    jumpRatios[jumpRatios.length - 1] /= theirs;
    // npm rendezvous-hash: string keys, one MD5 per shard per key.
    const shards = Object.fromEntries(names.map((x) => [x, x]));
    const hrwBatch = Math.max(50, Math.floor(200_000 / n));
    const hrw = perSecond(hrwBatch, (rep) => {
      const batch = keys[rep + 1];
      for (let i = 0; i < hrwBatch; i++) sink += select(batch[i], shards).length;
    });
    row.push(`${(hrw / 1e6).toFixed(4)} M`);
    table.push(row);
  }
  printTable(table, () => true);
  console.log('(npm rendezvous-hash hashes the key string with MD5 once per shard, so its column includes hashing; ours and jumphash take a 32-bit key hash)');
  const worst = Math.min(...jumpRatios);
  target(`our jump at least ${JUMP_TARGET}x npm jumphash's lookups per second at every N`, worst >= JUMP_TARGET, `lowest ${worst.toFixed(0)}x`);
  if (sink < 0) console.log('unreachable');
}
