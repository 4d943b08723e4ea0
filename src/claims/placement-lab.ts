import type { Claim } from './types.ts';

/**
 * Chapter 6 has no source article: its claims are the papers' own, quoted as the papers state
 * them (Lamping & Veach; Eisenbud et al.; Mirrokni, Thorup & Zadimoghaddam; Appleton & O'Reilly).
 */
const chapter6 = 'placement-lab';
export const lab: Claim[] = [
  {
    id: 'lab.jump.moved',
    chapter: chapter6,
    article: 1 / 101,
    experiment: 'lab.compare',
    params: { nodes: 100, keys: 1_000_000, schemes: 'jump' },
    key: 'moved.add.jump',
    // Four standard deviations of a binomial share of 10^6 keys.
    tolerance: 4 * Math.sqrt((1 / 101) * (100 / 101) / 1_000_000),
    digits: 2,
    kind: 'percent',
    note: 'Lamping & Veach: going from n to n + 1 buckets moves 1/(n + 1) of the keys; n = 100, 10^6 keys',
  },
  {
    id: 'lab.jump.bytes',
    chapter: chapter6,
    article: 0,
    experiment: 'lab.compare',
    params: { nodes: 100, keys: 1000, schemes: 'jump' },
    key: 'bytes.jump',
    tolerance: 0,
    kind: 'int',
    note: 'Lamping & Veach: jump consistent hash needs no memory; the bytes the placement holds, 100 buckets',
  },
  {
    id: 'lab.maglev.spread',
    chapter: chapter6,
    article: 0.01,
    experiment: 'lab.compare',
    params: { nodes: 100, keys: 1000, schemes: 'maglev' },
    key: 'exact.spread.maglev',
    // The paper states a bound, at most 1%: any exact spread up to it agrees, anything above differs.
    bound: 'at-most',
    tolerance: 0,
    digits: 2,
    kind: 'percent',
    note: 'Eisenbud et al.: M prime and M > 100 N ensures at most a 1% difference in the hash space the backends get; (largest - smallest table share) / mean, N = 100, M = 65 537',
  },
  {
    id: 'lab.bounded.cap',
    chapter: chapter6,
    article: 1.25,
    experiment: 'lab.compare',
    params: { nodes: 100, keys: 100_000, schemes: 'bounded', V: 1, c: 1.25 },
    key: 'maxmean.bounded',
    tolerance: 0,
    digits: 2,
    kind: 'decimal',
    note: 'Mirrokni, Thorup & Zadimoghaddam: no bin holds more than ceil(c m / n) balls; c = 1.25 (brpc, liblb), 100 nodes with one ring point each, 10^5 keys: the fullest node over the mean',
  },
  {
    id: 'lab.multiprobe.peak',
    chapter: chapter6,
    article: 1.05,
    experiment: 'lab.compare',
    params: { nodes: 100, keys: 1000, schemes: 'multiprobe', probes: 21 },
    key: 'exact.maxmean.multiprobe',
    // The peak over the mean varies with the layout of the 100 points: 1.02 to 1.08 over the
    // layouts this code draws (seeds 0 to 7).
    tolerance: 0.03,
    digits: 2,
    kind: 'decimal',
    note: 'Appleton & O\u2019Reilly: 1 + 1/epsilon probes give a peak-to-average load of 1 + epsilon, so 21 probes about 1.05; exact expected shares, 100 nodes, one point each',
  },
];