export type { Strategy } from './strategy.ts';
export { checkStrategy, strategyName } from './strategy.ts';
export type { Board } from './board.ts';
export { makeBoard, post } from './board.ts';
export type { HerdOptions, HerdState } from './simulate.ts';
export { makeHerd, step } from './simulate.ts';
