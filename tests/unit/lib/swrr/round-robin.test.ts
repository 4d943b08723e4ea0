import { describe, expect, it } from 'vitest';
import { burstRoundRobin, letters, pickBurst, pickRoundRobin, roundRobin } from '../../../../src/lib/swrr/index.ts';

const run = <S>(s: S, next: (s: S) => number, n: number) => Array.from({ length: n }, () => next(s));

describe('round robin and burst weighted round robin', () => {
  it('plain round robin ignores the weights: A:2 B:1 goes A B A B A B', () => {
    expect(letters(run(roundRobin([2, 1]), pickRoundRobin, 6))).toBe('ABABAB');
  });
  it('burst WRR serves each node its weight in a row: A:2 B:1 goes A A B A A B, 5:1 goes AAAAAB', () => {
    expect(letters(run(burstRoundRobin([2, 1]), pickBurst, 6))).toBe('AABAAB');
    expect(letters(run(burstRoundRobin([5, 1]), pickBurst, 12))).toBe('AAAAABAAAAAB');
  });
  it('both skip nodes of weight 0', () => {
    expect(letters(run(roundRobin([0, 1, 0, 2]), pickRoundRobin, 4))).toBe('BDBD');
    expect(letters(run(burstRoundRobin([0, 1, 0, 2]), pickBurst, 6))).toBe('BDDBDD');
  });
  it('both refuse all-zero weights', () => {
    expect(() => roundRobin([0])).toThrow(/every weight is 0/);
    expect(() => burstRoundRobin([0, 0])).toThrow(/every weight is 0/);
  });
});
