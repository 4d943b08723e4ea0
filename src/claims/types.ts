import type { ParamValue, ResultKind } from '../experiments/shared/types.ts';

/**
 * Every number a chapter quotes from its article: the article's value, the run that reproduces
 * it, and how close the run must come. The prose quotes these through <Claim>, the terminal
 * prints them with `npm run reproduce`, and the tests fail when one leaves its tolerance.
 */
export interface Claim {
  id: string;
  chapter: string;
  /** The value as the article states it. */
  article: number;
  /** The run that reproduces it; a claim that is plain arithmetic (ln 2 / ln 3) has none. */
  experiment?: string;
  params?: Record<string, ParamValue>;
  /** The result key read, or, with `derive`, a name for what is derived from the results. */
  key: string;
  /** For a number the article derives from others (a difference, a ratio): how, from the run's results. */
  derive?: (results: Record<string, number | string>, data: unknown) => number;
  /** Fraction digits to show in prose (the article's precision); integers and the kind's default otherwise. */
  digits?: number;
  /** Largest |reproduced − article| still counted as agreeing; 0 means exactly. */
  tolerance: number;
  kind: ResultKind;
  note: string;
  /** Set when the article's number is known not to hold: why (shown as the verdict). */
  articleIsWrong?: string;
  /** Set when the article's number is known to fall outside what this code measures, without
   *  being wrong as such (a rare draw): why. The verdict is "differs"; the tests expect it. */
  knownDifference?: string;
  /** Set when the article states a bound, not a value: 'at-most' agrees with anything up to
   *  `article` (the bound holds: "reproduced"), and `tolerance` then only allows noise above it. */
  bound?: 'at-most';
  /** Set when the value this code gives is its own setting or a definition built to match the
   *  article (a constant, a layout made to its size): why. It confirms nothing, and the verdict
   *  says so ("by construction") whatever the value. */
  byConstruction?: string;
  /** Set when no run on this site can test the number (a fleet's memory, a production setting):
   *  why. The claim has no run; the verdict is "cannot be checked here". */
  uncheckable?: string;
  /** 'yes-no': the article states a finding, not a number; `article` is 1 (it holds) or 0 (it
   *  does not), and the run's answer is judged the same way. */
  format?: 'yes-no';
}
