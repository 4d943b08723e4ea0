import type { Claim } from './types.ts';

/**
 * Chapter 2: the article's own run, exactly. Its numbers come from one plain setup, which is
 * chash.remap's default: MD5 of the name read as a 128-bit big-endian integer, keys `key0` …
 * `key99999`, points `n<i>#<v>`, mod N on the whole integer, the ring ordered by the whole digest.
 */
const chapter2 = 'consistent-hashing';
const remap = { keys: 100_000, from: 4, to: 5, vnodes: 100, hash: 'md5', salt: 0, spread: 1 };

const run = (setting: 'mod' | 'ring1' | 'ring', metric: 'moved' | 'min' | 'max' | 'std', article: number, note: string): Claim => ({
  id: `chash.${setting}.${metric}`,
  chapter: chapter2,
  article,
  experiment: 'chash.remap',
  params: remap,
  key: `${setting}.${metric}`,
  tolerance: 0,
  kind: metric === 'moved' ? 'percent' : 'int',
  digits: metric === 'moved' ? 1 : 0,
  note: `4 -> 5 nodes, 100 000 keys, ${note}`,
});

const ratio = (id: string, article: number, a: string, b: string, note: string): Claim => ({
  id,
  chapter: chapter2,
  article,
  experiment: 'chash.remap',
  params: remap,
  key: `${a} / ${b}`,
  derive: (r) => Number(r[a]) / Number(r[b]),
  tolerance: 0,
  digits: 0,
  kind: 'decimal',
  note,
});

export const chash: Claim[] = [
  {
    id: 'chash.sha1.bits',
    chapter: chapter2,
    article: 160,
    key: 'bits of a SHA-1 digest',
    tolerance: 0,
    kind: 'int',
    note: 'the article\u2019s example ring: SHA-1\u2019s outputs, 0 to 2^160 - 1',
    uncheckable: 'this site computes no SHA-1 (its rings hash with MD5, CRC-32 and others); 160 bits is the digest length FIPS 180-4 defines',
  },
  run('mod', 'moved', 0.8, 'hash mod N on the whole 128-bit digest'),
  {
    id: 'chash.ideal.moved',
    chapter: chapter2,
    article: 0.2,
    experiment: 'chash.remap',
    params: remap,
    key: 'ideal.moved',
    tolerance: 0,
    kind: 'percent',
    note: 'the least that must move for the fifth node to get its share: 1 - 4/5',
    byConstruction: 'a definition: 1 - 4/5, computed from the node counts, not measured',
  },
  run('ring1', 'moved', 0.416, 'one point per node'),
  run('ring1', 'min', 9787, 'one point per node: keys on the emptiest node'),
  run('ring1', 'max', 50117, 'one point per node: keys on the fullest node'),
  run('ring1', 'std', 15201, 'one point per node: population standard deviation of keys per node'),
  ratio('chash.ring1.gap', 5, 'ring1.max', 'ring1.min', 'the fullest node over the emptiest with one point per node (the article: "five times")'),
  run('ring', 'moved', 0.216, '100 points per node'),
  run('ring', 'min', 24301, '100 points per node: keys on the emptiest node'),
  run('ring', 'max', 25706, '100 points per node: keys on the fullest node'),
  run('ring', 'std', 511, '100 points per node: population standard deviation of keys per node'),
  ratio('chash.std.ratio', 30, 'ring1.std', 'ring.std', 'how many times smaller the spread is with 100 points per node than with one (the article: "nearly 30 times", 15 201 / 511)'),
];
