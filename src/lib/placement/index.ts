export { jumpHash } from './jump.ts';
export { isPrime, MAGLEV_M, MAGLEV_M_LARGE, maglevShares, maglevTable } from './maglev.ts';
export type { BoundedLoads } from './bounded.ts';
export { assign, boundedCapacity, boundedLoads } from './bounded.ts';
export { MULTIPROBE_K, multiProbeLookup, multiProbeShares, probeHash } from './multiprobe.ts';
export type { Placement, Scheme, SchemeId, SchemeOptions } from './scheme.ts';
export { addNode, DEFAULT_OPTIONS, removeNode } from './scheme.ts';
export { boundedScheme, jumpScheme, ketamaScheme, maglevScheme, modNScheme, multiProbeScheme, nginxScheme, rendezvousScheme } from './schemes.ts';
