import type { KetamaCollisionsData } from '../experiments/ketama-at-scale/ketama-collisions.ts';
import type { KetamaSpreadData } from '../experiments/ketama-at-scale/ketama-spread.ts';
import type { Claim } from './types.ts';

/**
 * Chapter 4: the article summarises a Cloudflare post that could not be retrieved, so its numbers
 * are checked against the Beta formula and against rings this code builds (nginx CRC chains
 * unless said otherwise). 100 servers throughout, as in the article.
 */
const chapter4 = 'ketama-at-scale';
const ketamaSpreadAt = (points: number, rings: number, scheme = 'nginx') => ({ nodes: 100, points, scheme, rings, seed: 0 });
/**
 * The article's regime: one nginx ring of 2048 servers, every k of the grid up to 100 000 points
 * a server (10 000 and 30 000 among them), this site's tie-break (the lowest index keeps a
 * shared hash). 2 x 10^8 points at the top, counted in slices: about 20 s of CPU.
 */
const ARTICLE_REGIME = { nodes: 2048, points: 100_000, scheme: 'nginx', rings: 1, seed: 0 };
const cvAt = (d: unknown, k: number): number => {
  const point = (d as KetamaSpreadData).series.find((s) => s.k === k);
  if (!point) throw new Error(`ketama.spread: no k = ${k} in the series`);
  return point.cv;
};
export const ketama: Claim[] = [
  {
    id: 'ketama.share.mean',
    chapter: chapter4,
    article: 0.0099,
    experiment: 'ketama.spread',
    params: ketamaSpreadAt(1, 1),
    key: '1 / nodes',
    derive: (_r, d) => 1 / (d as KetamaSpreadData).nodes,
    tolerance: 0.00005,
    digits: 2,
    kind: 'percent',
    note: 'the mean share of one of 100 servers',
    articleIsWrong: 'the shares of 100 servers add up to 1, so their mean is exactly 1/100 = 1%; the article\u2019s 0.99% is the shares\u2019 standard deviation, 0.01 x sqrt(99/101)',
  },
  {
    id: 'ketama.share.std',
    chapter: chapter4,
    article: 0.0099,
    experiment: 'ketama.spread',
    params: ketamaSpreadAt(1, 1),
    key: 'cv.formula / nodes',
    derive: (r, d) => Number(r['cv.formula']) / (d as KetamaSpreadData).nodes,
    tolerance: 0.00005,
    digits: 2,
    kind: 'percent',
    note: 'the standard deviation of one server\u2019s share, 100 servers, one point each: CV x mean = sqrt(99/101) / 100 (the article writes it as the mean share)',
  },
  {
    id: 'ketama.ram.saved',
    chapter: chapter4,
    article: 100,
    key: 'RAM reclaimed across Cloudflare by this work (TB)',
    tolerance: 0,
    kind: 'int',
    note: 'the article: cutting the memory of the Pingora services (pingora-ketama among them) reclaimed more than 100 TB of RAM across Cloudflare\u2019s fleet, on top of the DNS team\u2019s own 100 TB (ketama.ram.dns)',
    uncheckable: 'a measurement of Cloudflare\u2019s fleet; no run on this site can test it',
  },
  {
    id: 'ketama.ram.dns',
    chapter: chapter4,
    article: 100,
    key: 'RAM the DNS team freed before, separately (TB)',
    tolerance: 0,
    kind: 'int',
    note: 'the article: the 100 TB that Cloudflare\u2019s DNS team had freed separately, before this work, which the work\u2019s own 100 TB adds to',
    uncheckable: 'a measurement of Cloudflare\u2019s fleet by another team; no run on this site can test it',
  },
  {
    id: 'ketama.cv.k1',
    chapter: chapter4,
    article: 0.99,
    experiment: 'ketama.spread',
    params: ketamaSpreadAt(1, 1),
    key: 'cv.formula',
    tolerance: 0.005,
    digits: 0,
    kind: 'percent',
    note: 'CV of the shares with one point per server, N = 100: the Beta formula sqrt(99/101)',
  },
  {
    id: 'ketama.cv.k1.random',
    chapter: chapter4,
    article: 0.99,
    experiment: 'ketama.spread',
    params: ketamaSpreadAt(1, 200, 'random'),
    key: 'cv',
    tolerance: 0.03,
    digits: 1,
    kind: 'percent',
    note: 'measured: root mean square CV over 200 rings of 100 uniform random points',
  },
  {
    id: 'ketama.points.per.server',
    chapter: chapter4,
    article: 160,
    experiment: 'ketama.lookup',
    params: { servers: '10.0.0.1:80\n10.0.0.2:80', keys: '/', scheme: 'nginx' },
    key: 'points / servers',
    derive: (r) => Number(r.points) / Number(r.servers),
    tolerance: 0,
    kind: 'int',
    note: 'points per server of weight 1 on the nginx ring (NGINX_POINTS_PER_WEIGHT, pingora\u2019s DEFAULT_POINT_MULTIPLE)',
    byConstruction: 'this code\u2019s constant, copied from nginx\u2019s source; the placements recorded from a real nginx confirm the ring it builds, not the count',
  },
  {
    id: 'ketama.cv.k160',
    chapter: chapter4,
    article: 0.08,
    experiment: 'ketama.spread',
    params: ketamaSpreadAt(160, 1),
    key: 'cv.formula',
    tolerance: 0.005,
    digits: 0,
    kind: 'percent',
    note: 'CV of the shares with 160 points per server, N = 100: the Beta formula sqrt(99/16001)',
  },
  {
    id: 'ketama.cv.k160.nginx',
    chapter: chapter4,
    article: 0.08,
    experiment: 'ketama.spread',
    params: ketamaSpreadAt(160, 50),
    key: 'cv',
    tolerance: 0.005,
    digits: 1,
    kind: 'percent',
    note: 'measured: root mean square CV over 50 fleets of 100 nginx servers, 160 points each',
  },
  {
    id: 'ketama.point.bytes.v1',
    chapter: chapter4,
    article: 8,
    experiment: 'ketama.memory',
    params: { nodes: 100, points: 160, rings: 1, lookups: 10_000 },
    key: 'bytes.per.point.8',
    tolerance: 0,
    kind: 'int',
    note: 'a u32 hash and a u32 node index: our aligned layout, built to match pingora-ketama V1 (Rust’s padding itself is not measured), read from the typed arrays',
    byConstruction: 'the layout is built to this size; Rust\u2019s padding is not observed',
  },
  {
    id: 'ketama.memory.saving',
    chapter: chapter4,
    article: 0.25,
    experiment: 'ketama.memory',
    params: { nodes: 100, points: 160, rings: 1, lookups: 10_000 },
    key: 'saving',
    tolerance: 0,
    digits: 0,
    kind: 'percent',
    note: '1 - 6/8: our packed layout against our aligned one (built to match pingora’s), byte lengths read from the typed arrays',
    byConstruction: 'follows from the two layouts\u2019 sizes, which are built to 6 and 8 bytes',
  },
  {
    id: 'ketama.layout.same.code',
    chapter: chapter4,
    article: 1,
    key: 'the 6-byte array with getters compiles to the same code as #[repr(packed)]',
    tolerance: 0,
    kind: 'int',
    format: 'yes-no',
    note: 'the article: storing the hash and the index as a raw byte array read through getters compiles to the same result as #[repr(packed)], and is safer',
    uncheckable: 'a statement about rustc\u2019s output for pingora\u2019s two layouts; this site builds its layouts from typed arrays in TypeScript and compiles no Rust',
  },
  {
    id: 'ketama.error.rise.spread',
    chapter: chapter4,
    article: 1,
    experiment: 'ketama.spread',
    params: ARTICLE_REGIME,
    key: 'CV at 100 000 points a server > CV at 10 000 (2048 servers, one nginx ring, measured)',
    derive: (_r, d) => Number(cvAt(d, 100_000) > cvAt(d, 10_000)),
    tolerance: 0,
    kind: 'int',
    format: 'yes-no',
    note: 'the article: on 2048 servers the error rose between 10 000 and 100 000 points a server; read as the spread of load, measured on the real ring (exact arcs, collisions included): it falls to about 30 000 points and rises past it, while the formula falls as 1/sqrt(k). The ring gives a shared hash to the lowest server index, so collisions take points systematically from the servers listed last; with the same collisions broken at random (the run\u2019s cv.random_tie) it keeps falling with the formula',
  },
  {
    id: 'ketama.error.rise.tiebreak',
    chapter: chapter4,
    article: 1,
    experiment: 'ketama.collisions',
    params: {},
    key: 'share of points lost to collisions at 100 000 points a server > at 10 000',
    derive: (_r, d) => {
      const rows = (d as KetamaCollisionsData).rows;
      const lost = (k: number) => rows.find((row) => row.k === k)!.lost / (2048 * k);
      return Number(lost(100_000) > lost(10_000));
    },
    tolerance: 0,
    kind: 'int',
    format: 'yes-no',
    note: 'the same finding read as disagreement: the keys whose server depends on how a collision is broken grow with the lost share, which grows with the ring',
  },
  {
    id: 'ketama.cut.90',
    chapter: chapter4,
    article: 1,
    experiment: 'ketama.spread',
    params: ARTICLE_REGIME,
    key: 'CV at 10 000 points a server <= CV at 100 000 (2048 servers, one nginx ring, measured)',
    derive: (_r, d) => Number(cvAt(d, 10_000) <= cvAt(d, 100_000)),
    tolerance: 0,
    kind: 'int',
    format: 'yes-no',
    note: 'the article: points per server can be cut by 90% without meaningful error; judged in its regime as "the cut leaves the spread no worse": on this ring, 100 000 -> 10 000 points a server lowers the CV, since the larger ring pays the tie-break\u2019s bias (with collisions broken at random the cut would raise it by about sqrt(10), to about 1%)',
  },
];
