export type { Swrr, TraceRow } from './swrr.ts';
export { checkWeights, pick, picks, reset, swrr, trace, WeightsError } from './swrr.ts';
export type { BurstRoundRobin, RoundRobin } from './round-robin.ts';
export { burstRoundRobin, pickBurst, pickRoundRobin, roundRobin } from './round-robin.ts';
export type { Attempt, NginxOptions, NginxPeer, NginxUpstream } from './nginx.ts';
export { eligible, nginxFree, nginxPick, nginxRequest, nginxUpstream } from './nginx.ts';
export type { Warmup } from './warmup.ts';
export { warmUp, warmupSkips } from './warmup.ts';
export { counts, letter, letters, longestRun, maxGap } from './sequence.ts';
