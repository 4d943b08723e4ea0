/**
 * Every number a chapter quotes from its article: the article's value, the run that reproduces
 * it, and how close the run must come. The prose quotes these through <Claim>, the terminal
 * prints them with `npm run reproduce`, and the tests fail when one leaves its tolerance.
 * Each chapter keeps its claims in its own file; this module only joins them, in chapter order.
 */
import { chash } from './consistent-hashing.ts';
import { ketama } from './ketama-at-scale.ts';
import { mols } from './mols-relay-routing.ts';
import { lab } from './placement-lab.ts';
import { powerOfTwoChoices } from './power-of-two-choices.ts';
import { swrr } from './smooth-weighted-round-robin.ts';
import type { Claim } from './types.ts';

export type { Claim } from './types.ts';

export const claims: Claim[] = [...powerOfTwoChoices, ...chash, ...ketama, ...swrr, ...mols, ...lab];

export function claim(id: string): Claim {
  const c = claims.find((x) => x.id === id);
  if (!c) throw new Error(`no claim "${id}"`);
  return c;
}
