export { cvFormula, maxOverMean, shareCounts } from './spread.ts';
export type { Scheme } from './schemes.ts';
export { fillSchemePoints, fillSchemeRange, schemeRing, schemeRingOf, SCHEMES, serverName } from './schemes.ts';
export { BitmapCounter, countLostSorted, predictedLost, tieBreakShare } from './collisions.ts';
export { movedSpace, predictedMoved, usesNewRing } from './migration.ts';
export type { ParseResult, UpstreamLine } from './upstream.ts';
export { MAX_WEIGHT, parseKeys, parseUpstream } from './upstream.ts';
