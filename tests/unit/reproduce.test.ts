import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { loadExperiment } from '../../src/experiments/load.ts';
import { registry } from '../../src/experiments/registry.ts';

const run = (...args: string[]) => spawnSync(process.execPath, ['scripts/reproduce.ts', ...args], { encoding: 'utf8' });
/** The same, with progress shown from the start instead of after a second (no clock in the test). */
const runShowingProgress = (...args: string[]) => spawnSync(process.execPath, ['scripts/reproduce.ts', ...args], { encoding: 'utf8', env: { ...process.env, LB_PROGRESS_AFTER_MS: '0' } });

describe('npm run reproduce', () => {
  it('prints one experiment as one JSON object with every parameter filled in (quick runs print nothing on stderr)', () => {
    const r = run('balls.maxload', '--n', '1000000', '--json');
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.id).toBe('balls.maxload');
    expect(out.params).toEqual({ n: 1_000_000, choices: [1, 2], seed: 7, generator: 'cpython' });
    expect(out.results).toEqual({ 'max.d1': 9, 'max.d2': 4 });
    expect(r.stderr).toBe('');
  });

  it('loads one experiment by its id alone (its module is <folder>/<group>-<name>.ts, the folder by its group): the same definition as the registry’s, and none for an unknown id', async () => {
    for (const [id, exp] of Object.entries(registry)) {
      const own = await loadExperiment(id);
      expect(own?.id, id).toBe(id);
      expect(own?.run, id).toBe(exp.run);
      expect(own?.params, id).toBe(exp.params);
      // The cost bound is joined to the check, as in the registry.
      expect(own?.check?.({ ...Object.fromEntries(Object.entries(exp.params).map(([k, v]) => [k, v.default])) }) ?? null, id).toEqual(exp.check?.(Object.fromEntries(Object.entries(exp.params).map(([k, v]) => [k, v.default]))) ?? null);
    }
    for (const id of ['no.such', 'constructor', '../registry', 'balls.maxload.x', 'constructor.name', 'hasOwnProperty.x']) expect(await loadExperiment(id), id).toBeUndefined();
  });

  it('reads --param=value like --param value', () => {
    const r = run('balls.maxload', '--n=1000', '--choices', '1,2', '--json');
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout).params.n).toBe(1000);
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

  it('--help lists every registered experiment, one line each, and exits 0', () => {
    const r = run('--help');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^usage:/);
    const list = r.stdout.slice(r.stdout.indexOf('experiments:\n') + 'experiments:\n'.length).trimEnd().split('\n');
    expect(list.map((l) => l.trim().split(/\s+/)[0])).toEqual(Object.keys(registry));
    for (const line of list) expect(line.trim().split(/\s{2,}/)[1]?.length ?? 0, line).toBeGreaterThan(10);
    expect(run('-h').stdout).toBe(r.stdout);
  });

  it('has a one-line summary for exactly the registered experiments', () => {
    for (const [id, e] of Object.entries(registry)) {
      expect(e.summary.length, id).toBeGreaterThan(10);
      expect(e.summary, id).not.toMatch(/\n/);
    }
  });

  it('<id> --help lists the parameters with their kinds, defaults and bounds', () => {
    const r = run('balls.maxload', '--help');
    expect(r.status).toBe(0);
    const rows = r.stdout.split('\n').filter((l) => l.trim().startsWith('--'));
    expect(rows.map((l) => l.trim().split(/\s+/)[0])).toEqual(['--n', '--choices', '--seed', '--generator']);
    expect(rows[0]).toMatch(/--n\s+int\s+100000\s+an integer from 1 to 10000000/);
    expect(rows[1]).toMatch(/--choices\s+int-list\s+1,2\s+up to 4 distinct integers from 1 to 8/);
    expect(rows[3]).toMatch(/--generator\s+choice\s+cpython\s+one of cpython, fast/);
    // every experiment's help names all its params
    for (const id of ['swrr.trace', 'ketama.lookup', 'supermarket.t']) {
      const h = run(id, '--help');
      expect(h.status, id).toBe(0);
      for (const name of Object.keys(registry[id].params)) expect(h.stdout, `${id} --${name}`).toMatch(new RegExp(`--${name}\\s+${registry[id].params[name].kind}\\s`));
    }
  });

  it('flow.sim --help and flow.compare --help say what each policy is: least connections, random two, least request, Peak EWMA among them', () => {
    for (const id of ['flow.sim', 'flow.compare']) {
      const h = run(id, '--help');
      expect(h.status, id).toBe(0);
      const notes = h.stdout.slice(h.stdout.indexOf('\npolicies:\n'));
      for (const [policy, words] of [['least_conn', 'least connections'], ['random_two', 'random two'], ['least_request', 'least request'], ['peak_ewma', 'Peak EWMA']]) {
        expect(notes, `${id} ${policy}`).toMatch(new RegExp(`\\n  ${policy}\\s+${words} \\(`));
      }
    }
  });

  it('refuses a bad parameter value with a message that says what is allowed, exit 1', () => {
    const r = run('balls.maxload', '--n', '0');
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/integer from 1 to 10000000/);
    expect(r.stdout).toBe('');
    const check = run('balls.maxload', '--n', '2', '--choices', '1,3');
    expect(check.status).toBe(1);
    expect(check.stderr).toMatch(/d = 3 is larger than n = 2/);
  });

  it('treats usage mistakes as usage errors, exit 2, never a stack trace: inherited names are no parameters or experiments', () => {
    const cases: [string[], RegExp][] = [
      [['balls.maxload', '--constructor', '1'], /unknown parameter "--constructor"/],
      [['balls.maxload', '--toString', '1'], /unknown parameter "--toString"/],
      [['balls.maxload', '--__proto__', '1'], /unknown parameter "--__proto__"/],
      [['balls.maxload', '--nope', '1'], /unknown parameter "--nope" for balls.maxload; known: --n, --choices, --seed, --generator/],
      [['constructor'], /no experiment "constructor"/],
      [['no.such'], /no experiment "no.such"/],
      [['balls.maxload', '--n'], /--n needs a value/],
      [['balls.maxload', 'n', '5'], /expected --<param> <value>/],
      [['balls.maxload', '--n', '5', '--n', '6'], /--n is given twice/],
      [['--claims'], /--claims needs a claim id prefix/],
      [['--bogus'], /unknown option "--bogus"/],
    ];
    for (const [args, message] of cases) {
      const r = run(...args);
      expect(r.status, args.join(' ')).toBe(2);
      expect(r.stderr, args.join(' ')).toMatch(message);
      expect(r.stderr, args.join(' ')).not.toMatch(/\n\s+at /);
      expect(r.stdout, args.join(' ')).toBe('');
    }
  });

  it('a run that shows its progress (after a second; here from the start) writes it on stderr, and --json stdout stays one JSON object', () => {
    const r = runShowingProgress('flow.compare', '--requests', '200000', '--servers', '30', '--policies', 'jsq,p2c', '--json');
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(Object.keys(out)).toEqual(['id', 'params', 'results', 'data']);
    const lines = r.stderr.trim().split('\n');
    expect(lines.length).toBeGreaterThanOrEqual(2);
    expect(lines.slice(0, -1).every((l) => /^flow\.compare: \d+% \(\d+\.\d s\)$/.test(l)), r.stderr).toBe(true);
    expect(lines.at(-1)).toMatch(/^flow\.compare: done in \d+\.\d s$/);
    const pcts = lines.slice(0, -1).map((l) => Number(/(\d+)%/.exec(l)![1]));
    expect(pcts).toEqual([...pcts].sort((a, b) => a - b));
  });
});
