import { mkdtempSync, rmSync, utimesSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serialize } from 'node:v8';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { claim, diskFile, runOnce } from '../../../src/build/memo.ts';
import { runKey } from '../../../src/build/run-key.ts';
import { resolve } from '../../../src/experiments/shared/run.ts';

describe('the run memo shared across processes (LB_RUN_CACHE)', () => {
  let dir = '';
  let before: string | undefined;
  beforeEach(() => {
    before = process.env.LB_RUN_CACHE;
    dir = mkdtempSync(join(tmpdir(), 'lb-memo-'));
    process.env.LB_RUN_CACHE = dir;
  });
  afterEach(() => {
    if (before === undefined) delete process.env.LB_RUN_CACHE;
    else process.env.LB_RUN_CACHE = before;
    rmSync(dir, { recursive: true, force: true });
  });

  it('a run another process has claimed is waited for and read, not computed again', async () => {
    const r = resolve('swrr.trace', { rounds: '13' });
    if (!r.ok) throw new Error('swrr.trace refused rounds 13');
    const key = runKey('swrr.trace', r.params);
    const file = diskFile(key);
    // Another process holds the claim; it writes its entry 300 ms later (a value no run gives).
    writeFileSync(`${file}.lock`, '');
    const theirs = { params: r.params, output: { results: { written_by: 1 } } };
    const peer = setTimeout(() => {
      writeFileSync(file, serialize({ key, value: theirs }));
      rmSync(`${file}.lock`);
    }, 300);
    try {
      const got = await runOnce('swrr.trace', { rounds: '13' });
      expect(got.output.results).toEqual({ written_by: 1 });
    } finally {
      clearTimeout(peer);
    }
  });

  it('a claim is exclusive, released by its holder, and taken over when stale', () => {
    const lock = join(dir, 'x.lock');
    expect(claim(lock)).toBe(true);
    expect(claim(lock)).toBe(false);
    rmSync(lock);
    expect(claim(lock)).toBe(true);
    // A holder that died: its claim is an hour old and no entry came.
    const old = Date.now() / 1000 - 3600;
    utimesSync(lock, old, old);
    expect(claim(lock)).toBe(true);
    expect(existsSync(lock)).toBe(true);
  });

  it('a run this process computes is kept for the others, and its claim released', async () => {
    const got = await runOnce('swrr.trace', { rounds: '14' });
    const r = resolve('swrr.trace', { rounds: '14' });
    if (!r.ok) throw new Error('refused');
    const file = diskFile(runKey('swrr.trace', r.params));
    expect(existsSync(file)).toBe(true);
    expect(existsSync(`${file}.lock`)).toBe(false);
    expect(got.output.results).toBeDefined();
  });
});
