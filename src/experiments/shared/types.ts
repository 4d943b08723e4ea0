import type { checks } from '../../i18n/ko/checks.ts';

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
 * word's label (`<labels><word>`); a word with no label there is shown as itself.
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
  /**
   * A first answer before the whole (a figure first, then refinement): an output of the same shape
   * as the run's, computed on part of the work (the first layout of many, say). The page draws the
   * figure from it while the run goes on; its numbers are not the run's. Consumers throttle; the
   * terminal and the build ignore it.
   */
  sketch?(output: Output): void;
}

export interface Output<D = unknown> {
  /** Flat: keys are exactly the cell's data-result keys, values its raw data-values. */
  results: Record<string, number | string>;
  /** Series behind a figure. */
  data?: D;
  /**
   * For a measured time (a `timed` key): the clock's step in ms, the fewest steps one reading
   * spanned, the samples, their spread ((slowest − fastest) / median) and whether that makes it noise.
   */
  timing?: Record<string, TimingNote>;
}

export interface TimingNote {
  step: number;
  ticks: number;
  samples: number;
  spread: number;
  noise: boolean;
}

/**
 * Parameters as a reader types them (a URL, the command line): name -> text, some of P's names
 * (any names for the untyped Params).
 */
export type Given<P extends Params = Params> = string extends keyof P ? Readonly<Record<string, string>> : { readonly [K in keyof P & string]?: string };

/**
 * What a run costs (the cost model, cost.ts): its work in the experiment's own unit (balls placed,
 * events simulated, keys looked up, ...), the constant that turns a unit into seconds of the build
 * machine's CPU, the parameter a refusal names, and the parameter sets that measure and test all
 * this.
 */
export interface Cost<P extends Params = Params> {
  work(params: P): number;
  /** The parameter a refusal for cost names: the one that adds the most work. */
  knob: keyof P & string;
  /** Seconds of build-machine CPU per unit of work, from `npm run calibrate` (scripts/calibrate-cost.ts). */
  secondsPerUnit: number;
  /**
   * `calibrate`: the set `npm run calibrate` measures secondsPerUnit on; `check`: another, of a
   * different shape where the formula has one, that `npm run test:perf` holds within a factor of
   * two of the estimate. Each takes a fraction of a second of CPU on the build machine.
   */
  probes: { calibrate: Given<P>; check: Given<P> };
  /**
   * A set slow enough to be caught mid-run on this machine (the Cancel tests: the browser's
   * every-cell test and the unit contract test), within the specs' bounds.
   */
  slow: Given<P>;
}

/**
 * An experiment typed by its params P, by D, the data behind its figure, and by F, the figures that
 * may draw it (never for one that draws none): components/figures/index.ts checks that each of F
 * is a figure that draws data of type D (so F must be written out: the default, any string, fails). Everything about the experiment is here; the registry derives its tables.
 */
export interface Experiment<P extends Params = Params, D = unknown, F extends string = string> {
  id: string;
  /** One line for `npm run reproduce -- --help`. */
  summary: string;
  /** Lines `npm run reproduce -- <id> --help` prints under the parameters: what a choice's values mean. */
  notes?: readonly string[];
  /** The figures that may draw this experiment's data; a cell names one of them. */
  figures: readonly F[];
  /** The cost model's terms, or 'instant' for an experiment that is always done within a frame or two. */
  cost: Cost<P> | 'instant';
  params: Record<keyof P & string, ParamSpec>;
  /**
   * The cell's primary controls, at most three parameter names, in the order the page shows them
   * beside the figure (the rest go under "More settings"); the first of them is the one a reader
   * moves most.
   */
  primary: readonly (keyof P & string)[];
  /** Cross-parameter checks (d > n and the like). */
  check?(params: P): CheckFailure | null;
  resultKind(key: string): ResultKind;
  /** Many results by series and measure: shown as one table (rows by series, columns by measure). */
  resultTable?: ResultTable;
  /** Result keys that are measured times (they vary from run to run and machine to machine). */
  timed?(key: string): boolean;
  /**
   * Sentences bound to a run (prose after a cell or in its caption, <Say>): for each sentence's
   * name, which of its cases a run is (the value that does not exist, the crossing that never
   * comes, one grid or three) and the values it names. The words of each case are the
   * dictionary's `cell.<experiment>.say.<sentence>.<case>` in every locale.
   */
  say?: Record<string, SayOf<P>>;
  run(params: P, ctx: RunContext): Promise<Output<D>>;
}

/**
 * A sentence's case for one run and the values it names: `{ result: key }` and `{ param: name }`
 * are shown as the cell shows them (and the result keeps its raw value in the page, data-value);
 * `{ text }` is shown as it is (a node's letter); `{ count }` is a number shown as a count.
 */
export interface Said {
  case: string;
  vars: Record<string, SayValue>;
}
/** A sentence's case function (a method's type, so that an experiment of P is still an Experiment of Params). */
export type SayOf<P extends Params> = { of(params: P, results: Output['results']): Said }['of'];
export type SayValue = { result: string } | { param: string } | { text: string } | { count: number };

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
  /**
   * Why a cell of the grid has no value, in words: the dictionary key `<missing><series>.<measure>`,
   * else `<missing><measure>`, else `<missing>any`.
   */
  missing?: string;
}
