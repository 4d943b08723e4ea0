/**
 * The browser suite's runner, on `node:test`: registered tests run as node:test tests with real
 * per-test timeouts that stop the test, a name filter that fails when it matches nothing, and
 * groups that run a few tests at once where their timings allow.
 *
 * Stopping: node:test marks a timed-out test failed and goes on, but cannot stop an async
 * function; it aborts the test's `t.signal`. Each test runs in its own scope (AsyncLocalStorage):
 * what the test opens (browser contexts, through `own`) is closed the moment the signal aborts,
 * so every later browser call of the stopped test throws at once, and the next test starts only
 * after that cleanup has finished. `tests/unit/browser-runner.test.ts` proves it with a test that
 * loops on a page past its timeout.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { before, describe, test as nodeTest } from 'node:test';

/**
 * `any`: runs with the other `any` tests, a few at once. `after-visits`: reads the page visits
 * (pages.ts); runs, a few at once, once the `any` group is done (the visits are its first test).
 * `quiet`: measures time with a wide margin (cancel latency against a bound tens of times what it
 * takes); runs once the machine is otherwise quiet (see `beforeAlone`), two at a time, one a core.
 * `alone`: measures time closely (long tasks); runs last, one at a time.
 */
export type Group = 'any' | 'after-visits' | 'quiet' | 'alone';

export interface TestSpec<S> {
  name: string;
  fn: (s: S) => Promise<void>;
  timeout: number;
  group: Group;
}

interface Scope {
  name: string;
  signal: AbortSignal;
  cleanups: Set<() => Promise<unknown>>;
  notes: string[];
}

const store = new AsyncLocalStorage<Scope>();

/** The error a stopped test's browser calls see. */
export class TestStopped extends Error {
  constructor(name: string) {
    super(`the test "${name}" was stopped (timed out)`);
    this.name = 'TestStopped';
  }
}

/** Throws when the current test has been stopped; browser helpers call it before each step. */
export function checkRunning(): void {
  const scope = store.getStore();
  if (scope?.signal.aborted) throw new TestStopped(scope.name);
}

/** The current test's signal (an unaborted one outside a test). */
export function currentSignal(): AbortSignal {
  return store.getStore()?.signal ?? new AbortController().signal;
}

/**
 * Registers `close` to run when the current test ends or is stopped, whichever is first; returns
 * a function that unregisters it (for something closed normally before the test ends).
 */
export function own(close: () => Promise<unknown>): () => void {
  const scope = store.getStore();
  if (!scope) return () => {};
  checkRunning();
  scope.cleanups.add(close);
  return () => scope.cleanups.delete(close);
}

/** A line the current test wants printed even when it passes (timings, sizes). */
export function note(text: string): void {
  const scope = store.getStore();
  if (scope) scope.notes.push(text);
  else console.log(`# ${text}`);
}

async function closeAll(scope: Scope): Promise<void> {
  const list = [...scope.cleanups];
  scope.cleanups.clear();
  await Promise.allSettled(list.map((c) => c()));
}

/** Tests whose names contain `filter` (all when it is empty). */
export function select<S>(specs: readonly TestSpec<S>[], filter: string | undefined): TestSpec<S>[] {
  return filter ? specs.filter((t) => t.name.includes(filter)) : [...specs];
}

/** Cleanups of stopped tests still running; the next test waits for them. */
let pending: Promise<unknown> = Promise.resolve();

function register<S>(spec: TestSpec<S>, suite: () => S): void {
  nodeTest(spec.name, { timeout: spec.timeout }, async (t) => {
    await pending;
    const scope: Scope = { name: spec.name, signal: t.signal, cleanups: new Set(), notes: [] };
    const stop = () => {
      const done = closeAll(scope);
      pending = Promise.all([pending, done]);
      return done;
    };
    t.signal.addEventListener('abort', () => void stop(), { once: true });
    try {
      await store.run(scope, () => spec.fn(suite()));
    } finally {
      for (const n of scope.notes) t.diagnostic(n);
      await stop();
    }
  });
}

/**
 * Registers the chosen tests with node:test, grouped. A filter that matches nothing is a failure
 * of its own (a typo must not pass as "0 tests, all passed").
 */
export function runTests<S>(
  specs: readonly TestSpec<S>[],
  suite: () => S,
  options: { filter?: string; concurrency?: number; perf?: boolean; beforeAlone?: () => Promise<void>; onAlone?: () => void } = {},
): TestSpec<S>[] {
  // `perf`: true for only the groups that measure time (`npm run test:perf`), false for only the
  // others (`npm test`); absent, every group (the runner's self-test).
  const timed = (t: TestSpec<S>) => t.group === 'quiet' || t.group === 'alone';
  const chosen = select(specs, options.filter).filter((t) => options.perf === undefined || timed(t) === options.perf);
  if (options.filter && chosen.length === 0) {
    nodeTest(`the name filter "${options.filter}" matches a test`, () => {
      throw new Error(`no test name contains "${options.filter}" (${specs.length} tests registered)`);
    });
    return chosen;
  }
  const concurrency = options.concurrency ?? 3;
  const groups: [Group, string, number][] = [
    ['any', 'browser tests', concurrency],
    ['after-visits', 'browser tests that read the page visits', concurrency],
    ['quiet', 'browser tests that measure time (two at a time, on a quiet machine)', 2],
    ['alone', 'browser tests that measure time (one at a time)', 1],
  ];
  for (const [group, title, n] of groups) {
    // In a concurrent group the longest timeout goes first (the page visits start at once, short
    // tests fill in beside them); one at a time, the registration order is kept.
    const list = chosen.filter((t) => t.group === group);
    if (n > 1) list.sort((a, b) => b.timeout - a.timeout);
    if (!list.length) continue;
    describe(title, { concurrency: n }, () => {
      // Not part of any test's time: the wait for a quieter machine before the timing tests.
      if ((group === 'quiet' || group === 'alone') && options.beforeAlone) before(options.beforeAlone, { timeout: 900_000 });
      if (group === 'alone' && options.onAlone) before(options.onAlone);
      list.forEach((t) => register(t, suite));
    });
  }
  return chosen;
}
