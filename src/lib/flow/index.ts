export type { Policy } from './policy.ts';
export { isPolicy, POLICIES } from './policy.ts';
export type { Streams } from './streams.ts';
export { makeStreams, unit } from './streams.ts';
export type { FlowOptions, FlowState } from './engine.ts';
export { makeFlow, MAX_CHOICES, next, serverSpeeds } from './engine.ts';
export type { FlowMeasure, LatencySummary } from './measure.ts';
export { run, startMeasure, summarise, utilisation } from './measure.ts';
export { exponential } from './exponential.ts';
