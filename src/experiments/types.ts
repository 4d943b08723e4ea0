import type { checks } from '../i18n/ko/checks.ts';

/**
 * The notebook contract's experiment: a pure function of its parameters, registered under a
 * stable id, run in four places (build, browser worker, terminal, tests).
 */

export type ParamSpec =
  | { kind: 'int'; default: number; min: number; max: number }
  /**
   * A real number within [min, max] (λ and the like). `slider`: the page adds a range control
   * beside the text field (steps of `step`), and moving it runs the cell; the text field stays the
   * parameter's control, so any value in bounds can still be typed.
   */
  | { kind: 'number'; default: number; min: number; max: number; slider?: boolean; step?: number }
  | { kind: 'choice'; default: string; options: readonly string[] }
  /**
   * A comma-separated list of integers, each within [min, max]; distinct unless `distinct` is
   * false (weights may repeat, node counts may not).
   */
  | { kind: 'int-list'; default: readonly number[]; min: number; max: number; maxItems: number; distinct?: boolean }
  /**
   * Free text: a server list, some keys, some names. At most `maxLines` lines and `maxLength`
   * characters; shown as a text area when `maxLines` > 1. What the lines mean is the experiment's
   * `check` to judge, so a line it cannot read gets a message that names the line.
   */
  | { kind: 'text'; default: string; maxLength: number; maxLines: number; set?: WordSet };

/**
 * A presentation hint for a text parameter that lists some of a few known words ("jump, maglev"):
 * the page adds a checkbox per word beside the field, kept in step with it. The value, the URL and
 * the command line stay the same comma-separated text. `labels`: the dictionary key prefix of each
 * word's label (`<labels><word>`).
 */
export interface WordSet {
  words: readonly string[];
  labels: string;
}

export type ParamValue = number | string | readonly number[];
export type Params = Record<string, ParamValue>;

/**
 * How a raw result value is shown: the raw value itself always stays in data-value. `yes-no`: a
 * finding, 1 or 0, shown as a word; `int-or-none`: a count or a round where 0 means there is none.
 */
export type ResultKind = 'int' | 'percent' | 'decimal' | 'text' | 'yes-no' | 'int-or-none';

/**
 * A check's code: one per message in the check dictionary (src/i18n/<locale>/checks.ts, the key
 * `cell.check.<code>`), so a code without a message in the page's language does not compile.
 */
export type CheckCode = { [K in keyof typeof checks]: K extends `cell.check.${infer C}` ? C : never }[keyof typeof checks];

/** A failed cross-parameter check: `code` and `vars` let the page say it in its own language. */
export interface CheckFailure {
  param: string;
  code: CheckCode;
  vars: Record<string, number | string>;
  /** English, for the terminal. */
  message: string;
}

export interface RunContext {
  /** Fraction done, 0..1. Cheap to call; consumers throttle. */
  progress(done: number): void;
  signal: AbortSignal;
}

export interface Output<D = unknown> {
  /** Flat: keys are exactly the cell's data-result keys, values its raw data-values. */
  results: Record<string, number | string>;
  /** Series behind a figure. */
  data?: D;
}

/** An experiment typed by its params P and by D, the data behind its figure. */
export interface Experiment<P extends Params = Params, D = unknown> {
  id: string;
  params: Record<keyof P & string, ParamSpec>;
  /**
   * The cell's primary controls, at most three parameter names, in the order the page shows them
   * beside the figure (the rest go under "More settings"); the first of them is the one a reader
   * moves most. Absent: the first parameters, up to three.
   */
  primary?: readonly (keyof P & string)[];
  /** Cross-parameter checks (d > n and the like). */
  check?(params: P): CheckFailure | null;
  resultKind(key: string): ResultKind;
  /**
   * How much work a run of these params is, in the experiment's own unit (balls placed, events
   * simulated, keys looked up, …), for the cost model in cost.ts; absent for experiments that
   * are always done within a frame or two.
   */
  work?(params: P): number;
  /** Many results by series and measure: shown as one table (rows by series, columns by measure). */
  resultTable?: ResultTable;
  /** Result keys that are measured times (they vary from run to run and machine to machine). */
  timed?(key: string): boolean;
  run(params: P, ctx: RunContext): Promise<Output<D>>;
}

/**
 * A cell's results as one compact table: a row per series (a scheme), a column per measure. The
 * result key of a cell is `key` with {series} and {measure} filled in; results outside the grid
 * stay tiles. Labels are dictionary key prefixes (`<seriesLabels><series>`), `corner` the key of the
 * rows' heading.
 */
export interface ResultTable {
  series: readonly string[];
  measures: readonly string[];
  key: string;
  seriesLabels: string;
  measureLabels: string;
  corner: string;
}
