import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/** Runs the browser runner's self-test (tests/browser/selftest.ts) with real Chromium. */
const selftest = (args: string[] = [], env: Record<string, string> = {}) => {
  const r = spawnSync(process.execPath, ['tests/browser/selftest.ts', ...args], { encoding: 'utf8', env: { ...process.env, ...env }, timeout: 60_000 });
  const line = /^SELFTEST (.*)$/m.exec(r.stdout)?.[1];
  return { ...r, seen: line ? (JSON.parse(line) as { ticks: number; during: number; lastTickAfterNextStarted: number }) : null };
};

describe('the browser runner (tests/browser/runner.ts)', () => {
  it('stops a slow test at its timeout: its page is closed, it reports a timeout, and the next test sees none of it', () => {
    const r = selftest();
    // Stopped at its timeout (5000 ms: room for a busy machine to open its page), not when it
    // chose to end (never).
    const ms = Number(/✖ selftest: a slow test \((\d+)\.\d+ms\)/.exec(r.stdout)?.[1]);
    expect(ms).toBeGreaterThanOrEqual(5000);
    expect(ms).toBeLessThan(6500);
    expect(r.stdout).toMatch(/test timed out after 5000ms/);
    expect(r.stdout).toMatch(/✔ selftest: the next test/);
    expect(r.seen, r.stdout + r.stderr).not.toBeNull();
    // It was really running (a step every ~20 ms once its page was open; few on a busy machine) ...
    expect(r.seen!.ticks).toBeGreaterThan(0);
    // ... and stopped: no step after the next test started.
    expect(r.seen!.during).toBe(0);
    expect(r.seen!.lastTickAfterNextStarted).toBeLessThanOrEqual(0);
    expect(r.status).toBe(1);
  }, 60_000);

  it('the check catches a test that runs on: a page opened outside the harness keeps going into the next test', () => {
    const r = selftest([], { SELFTEST_UNOWNED: '1' });
    expect(r.seen, r.stdout + r.stderr).not.toBeNull();
    expect(r.seen!.during).toBeGreaterThan(0);
    expect(r.stdout).toMatch(/✖ selftest: the next test/);
    expect(r.status).toBe(1);
  }, 60_000);

  it('a name filter that matches nothing fails', () => {
    const r = selftest(['--grep', 'no test is called this']);
    expect(r.status).toBe(1);
    expect(r.stdout).toMatch(/no test name contains "no test is called this"/);
    const one = selftest(['--grep', 'the next test']);
    expect(one.status).toBe(0);
    expect(one.stdout).toMatch(/ℹ tests 1\b/);
  }, 60_000);
});
