/**
 * Chapter 3's bench section: MOLS against rendezvous at K = 10 (the mols.speed experiment itself,
 * as the page runs it), and this site's rendezvous against the npm package rendezvous-hash on the
 * same keys and relay names. The package hashes MD5(relay + "\0" + key) and keeps the highest
 * little-endian first word; an MD5 variant of our loop must pick the same relay for every key,
 * which shows the inputs are the same before their times are compared.
 */
import { claim } from '../../src/claims/registry.ts';
import { molsSpeed } from '../../src/experiments/mols-relay-routing/mols-speed.ts';
import { identity, md5FirstWordLE, rendezvousPick } from '../../src/lib/hashing/index.ts';
import { interleaved, median, quiet, requireCjs, target } from './timing.ts';

const MOLS_TARGET = 2;
const KEYS = 20_000;
const RELAYS = 10;
const REPS = 5;

/** The package's rank, rebuilt on this site's MD5: the first 4 digest bytes, little-endian. */
function md5Rank(shard: string, key: string): number {
  return md5FirstWordLE(`${shard}\0${key}`);
}

export async function benchMols(): Promise<void> {
  const speed = await molsSpeed.run({ candidates: 10, calls: 200_000, repeats: REPS }, quiet);
  const r = speed.results as Record<string, number>;
  console.log(`
mols.speed: ranking K = 10 relays for one client, ns per call, median of ${REPS} (200 000 calls each), node ${process.version}`);
  console.log(`  MOLS dual-target            ${r['ns.mols'].toFixed(0).padStart(6)} ns  (baseline)`);
  console.log(`  rendezvous, pre-hashed ids  ${r['ns.rendezvous'].toFixed(0).padStart(6)} ns  ${(r['ns.rendezvous'] / r['ns.mols']).toFixed(2)}x`);
  console.log(`  rendezvous, text hashed     ${r['ns.rendezvous_text'].toFixed(0).padStart(6)} ns  ${r.ratio.toFixed(2)}x`);
  const [goMols, goHrw] = [claim('mols.speed.mols').article, claim('mols.speed.rendezvous').article];
  console.log(`  the article (Go, its authors' machine): ${goMols} ns vs ${goHrw} ns, ${(goHrw / goMols).toFixed(2)}x`);
  target(`text rendezvous at least ${MOLS_TARGET}x MOLS`, r.ratio >= MOLS_TARGET, `${r.ratio.toFixed(2)}x`);

  const select = requireCjs('rendezvous-hash') as (key: string, shards: Record<string, string>) => string;
  const relays = Array.from({ length: RELAYS }, (_, j) => `relay-${j}.portal.example:443`);
  const shards = Object.fromEntries(relays.map((x) => [x, x]));
  const keys = Array.from({ length: KEYS }, (_, i) => `client-0-${i}`);

  // Same inputs: an MD5 version of our max-score loop agrees with the package key for key.
  let agree = 0;
  for (const key of keys.slice(0, 10_000)) {
    let best = '';
    let bestRank = 0;
    for (const x of relays) {
      const rank = md5Rank(x, key);
      if (rank > bestRank) {
        best = x;
        bestRank = rank;
      }
    }
    if (best === select(key, shards)) agree++;
  }

  const ids = Uint32Array.from(relays, identity);
  let sink = 0;
  const candidates: Record<string, () => () => void> = {
    'ours (fmix32 of FNV-1a, key hashed once)': () => () => {
      for (const key of keys) sink += rendezvousPick(identity(key), ids);
    },
    'npm rendezvous-hash (MD5 per pair)': () => () => {
      for (const key of keys) sink += select(key, shards).length;
    },
  };
  const times = interleaved(candidates, REPS);
  if (sink < 0) console.log('unreachable');
  const [ours, theirs] = Object.keys(candidates).map((k) => (median(times[k]) * 1e6) / KEYS);
  console.log(`
rendezvous: ${KEYS.toLocaleString('en')} keys over ${RELAYS} relays, ns per key, median of ${REPS}`);
  console.log(`  ${Object.keys(candidates)[0]}  ${ours.toFixed(0).padStart(6)} ns  (baseline)`);
  console.log(`  ${Object.keys(candidates)[1]}       ${theirs.toFixed(0).padStart(6)} ns  ${(theirs / ours).toFixed(2)}x`);
  console.log(`same inputs: an MD5 version of our loop picks the package's relay for ${agree} of 10 000 keys: ${agree === 10_000 ? 'agree' : 'DISAGREE'}`);
}
