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

  // Every claim's value and verdict is the claims registry test's; this is the CLI's path, on the
  // chapter-1 claims of one experiment (the whole table takes about a minute).
  it('prints the claims as a JSON array with verdicts (--claims picks them by id prefix)', () => {
    const out = JSON.parse(run('--json', '--claims', 'balls.1e6').stdout) as { id: string; verdict: string; reproduced: number }[];
    expect(out.map((c) => c.id)).toContain('balls.1e6.d1');
    expect(out.every((c) => c.id.startsWith('balls.1e6'))).toBe(true);
    expect(out.find((c) => c.id === 'balls.1e6.d1')).toMatchObject({ reproduced: 9, verdict: 'reproduced' });
    const none = run('--claims', 'no.such.');
    expect(none.status).toBe(2);
    expect(none.stderr).toMatch(/no claim id starts with "no.such."/);
  });

  it('refuses a bad parameter with a message that says what is allowed, and exits non-zero', () => {
    const r = run('balls.maxload', '--n', '0');
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/integer from 1 to 10000000/);
    expect(r.stdout).toBe('');
  });
});
