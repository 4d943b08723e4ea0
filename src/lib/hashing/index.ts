export { crc32, crc32Final, crc32Init, crc32Update, crc32UpdateUint32Le } from './crc32.ts';
export { md5, md5BigEndian, md5Words } from './md5.ts';
export { md5FirstWordLE, md5WordLE } from './md5-words.ts';
export type { Ring128 } from './ring128.ts';
export { buildRing128, compare128, lookup128, mod128 } from './ring128.ts';
export { fmix32, murmur3 } from './murmur3.ts';
export { fnv1a32, identity } from './fnv1a.ts';
export { pairHash, rendezvousPick, rendezvousPickText, rendezvousRank, unit, weightedScore } from './rendezvous.ts';
export { utf8 } from './utf8.ts';
export type { BuildOptions, Ring, RingPoints } from './ring.ts';
export { buildRing, lookup, lookupIndex, MAX_NODES, RADIX_FROM, ringBytes, sortPoints } from './ring.ts';
export type { NginxServer } from './points-nginx.ts';
export {
  fillNginxPoints,
  NGINX_POINTS_PER_WEIGHT,
  nginxHostPort,
  nginxKeyHash,
  nginxRing,
  nginxServerPoints,
} from './points-nginx.ts';
export type { KetamaServer } from './points-ketama.ts';
export {
  fillKetamaPoints,
  hashringDigestCount,
  KETAMA_DIGESTS_PER_SERVER,
  ketamaDigestCount,
  ketamaKeyHash,
  ketamaRing,
  ketamaServerPoints,
} from './points-ketama.ts';
export { vnodeKeyHash, vnodePoints, vnodeRing } from './points-vnodes.ts';
export { modN } from './mod-n.ts';
export type { Ring8 } from './ring8.ts';
export { lookup8, ring8Bytes, toRing8 } from './ring8.ts';
export type { HashFamily } from './named-ring.ts';
export { keyName, keyPrefix, md5Family, md5Names, murmurFamily, murmurName, namedRing, namedRing128, pointName } from './named-ring.ts';
