import { execFileSync, spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const run = (...args: string[]) => spawnSync(process.execPath, ['scripts/reproduce.ts', ...args], { encoding: 'utf8' });

describe('npm run reproduce', () => {
  it('prints one experiment as one JSON object with every parameter filled in', () => {
    const out = JSON.parse(execFileSync(process.execPath, ['scripts/reproduce.ts', 'balls.maxload', '--n', '1000000', '--json'], { encoding: 'utf8' }));
    expect(out.id).toBe('balls.maxload');
    expect(out.params).toEqual({ n: 1_000_000, choices: [1, 2], seed: 7, generator: 'cpython' });
    expect(out.results).toEqual({ 'max.d1': 9, 'max.d2': 4 });
  });

  it('prints the claims as a JSON array with verdicts', () => {
    const out = JSON.parse(run('--json').stdout) as { id: string; verdict: string }[];
    expect(out.map((c) => c.id)).toContain('balls.1e6.d1');
    expect(out.every((c) => typeof c.verdict === 'string')).toBe(true);
  });

  it('refuses a bad parameter with a message that says what is allowed, and exits non-zero', () => {
    const r = run('balls.maxload', '--n', '0');
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/integer from 1 to 10000000/);
    expect(r.stdout).toBe('');
  });
});
