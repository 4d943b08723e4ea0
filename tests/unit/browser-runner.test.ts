import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/**
 * Runs the browser runner's self-test (tests/browser/selftest.ts) with real Chromium, as a child
 * process that the test awaits (not spawnSync: the four runs below go at once, each mostly waiting
 * on its own timeouts, instead of blocking the test worker one after the other).
 */
const selftest = (args: string[] = [], env: Record<string, string> = {}) =>
  new Promise<{ status: number | null; stdout: string; stderr: string; seen: { ticks: number; during: number; lastTickAfterNextStarted: number } | null }>((done) => {
    const child = spawn(process.execPath, ['tests/browser/selftest.ts', ...args], { env: { ...process.env, ...env }, timeout: 60_000 });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (status) => {
      const line = /^SELFTEST (.*)$/m.exec(stdout)?.[1];
      done({ status, stdout, stderr, seen: line ? JSON.parse(line) : null });
    });
  });

describe.concurrent('the browser runner (tests/browser/runner.ts)', () => {
  it('stops a slow test at its timeout: its page is closed, it reports a timeout, and the next test sees none of it', async () => {
    const r = await selftest();
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

  it('the check catches a test that runs on: a page opened outside the harness keeps going into the next test', async () => {
    const r = await selftest([], { SELFTEST_UNOWNED: '1' });
    expect(r.seen, r.stdout + r.stderr).not.toBeNull();
    expect(r.seen!.during).toBeGreaterThan(0);
    expect(r.stdout).toMatch(/✖ selftest: the next test/);
    expect(r.status).toBe(1);
  }, 60_000);

  it('a name filter that matches nothing fails', async () => {
    const [r, one] = await Promise.all([selftest(['--grep', 'no test is called this']), selftest(['--grep', 'the next test'])]);
    expect(r.status).toBe(1);
    expect(r.stdout).toMatch(/no test name contains "no test is called this"/);
    expect(one.status).toBe(0);
    expect(one.stdout).toMatch(/ℹ tests 1\b/);
  }, 60_000);
});
