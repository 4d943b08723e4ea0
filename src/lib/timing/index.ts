export type { Clock } from './clock.ts';
export { clockStep } from './clock.ts';
export type { Timing, TimingOptions } from './measure.ts';
export { MIN_MS, MIN_TICKS, NOISE_SPREAD, SAMPLES, timeEach, timeOps } from './measure.ts';
