import type { Measured } from '../src/claims/verdict.ts';
import { loadExperiment } from '../src/experiments/load.ts';
import { allowedText, formatParam, resolveParams } from '../src/experiments/shared/params.ts';
import type { Experiment } from '../src/experiments/shared/types.ts';
import { ensureKernels } from './build-wasm.ts';

/**
 * The notebook's terminal twin, with the conventions of the command-line tools its users know:
 * `--help` at either level, progress on stderr for runs longer than a second (never on stdout),
 * and exit codes 0 (ok), 1 (input refused, with the message) and 2 (usage). One experiment's run
 * loads that experiment's module only (loadExperiment); the lists and the claims load them all.
 */
const USAGE = `usage:
  npm run reproduce                                    the claims table: article value, reproduced value, verdict
  npm run reproduce -- --json                          the claims as a JSON array
  npm run reproduce -- --claims <prefix> [--json]      only the claims whose id starts with <prefix>
  npm run reproduce -- <experiment> [--<param> <value> ...] [--json] [--quiet]
                                                       one experiment; --json prints one JSON object
  npm run reproduce -- <experiment> --help             the experiment's parameters: kind, default, bounds
  npm run reproduce -- --help                          this text and the experiments

exit codes: 0 ok, 1 a parameter value was refused (the message says what is allowed), 2 usage`;


const argv = process.argv.slice(2);
// The experiments run on the WebAssembly kernels, as in the page; compiled here when missing.
await ensureKernels('reproduce');

function usage(message: string): never {
  process.stderr.write(`reproduce: ${message}\n(npm run reproduce -- --help for usage)\n`);
  process.exit(2);
}

function refused(message: string): never {
  process.stderr.write(`reproduce: ${message}\n`);
  process.exit(1);
}

/** Every experiment, through the registry (the help and the claims need them all). */
const allExperiments = async () => (await import('../src/experiments/registry.ts')).registry;

async function listExperiments(): Promise<string> {
  const registry = await allExperiments();
  const ids = Object.keys(registry);
  const width = Math.max(...ids.map((id) => id.length));
  return ids.map((id) => `  ${id.padEnd(width)}  ${registry[id].summary}`.trimEnd()).join('\n');
}

function describeParams(id: string, exp: Experiment): string {
  const rows = Object.entries(exp.params).map(([name, spec]) => [`--${name}`, spec.kind, formatParam(spec.default), allowedText(spec)]);
  const head = ['param', 'kind', 'default', 'allowed'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (r: string[]) => `  ${r.map((c, i) => (i < r.length - 1 ? c.padEnd(widths[i]) : c)).join('  ')}`;
  const notes = exp.notes?.length ? ['', ...exp.notes] : [];
  return [`${id}: ${exp.summary}`, '', `usage: npm run reproduce -- ${id} [--<param> <value> ...] [--json]`, '', line(head), ...rows.map(line), ...notes].join('\n');
}

const json = argv.includes('--json');
const quiet = argv.includes('--quiet');
const help = argv.includes('--help') || argv.includes('-h');
const at = argv.indexOf('--claims');
const prefix = at >= 0 ? argv[at + 1] : undefined;
const rest = argv.filter((a, i) => a !== '--json' && a !== '--quiet' && a !== '--help' && a !== '-h' && (at < 0 || (i !== at && i !== at + 1)));

if (help && (rest.length === 0 || rest[0].startsWith('-'))) {
  process.stdout.write(`${USAGE}\n\nexperiments:\n${await listExperiments()}\n`);
  process.exit(0);
}
if (at >= 0 && (prefix === undefined || prefix.startsWith('--'))) usage('--claims needs a claim id prefix, e.g. --claims swrr.');

if (rest.length === 0) {
  const { claims } = await import('../src/claims/registry.ts');
  const { measure } = await import('../src/claims/verdict.ts');
  const chosen = claims.filter((c) => prefix === undefined || c.id.startsWith(prefix));
  if (chosen.length === 0) usage(`no claim id starts with "${prefix}"`);
  const rows: Measured[] = [];
  for (const c of chosen) rows.push(await measure(c));
  if (json) {
    const out = rows.map((m) => ({
      id: m.claim.id,
      chapter: m.claim.chapter,
      article: m.claim.article,
      // A claim no run can test has no value (JSON has no NaN): null, and the verdict says why.
      reproduced: Number.isNaN(m.value) ? null : m.value,
      verdict: m.verdict,
      why: m.claim.byConstruction ?? m.claim.uncheckable ?? m.claim.knownDifference ?? null,
      experiment: m.claim.experiment ?? null,
      params: m.claim.params ?? null,
      key: m.claim.key,
      tolerance: m.claim.tolerance,
      note: m.claim.note,
    }));
    process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
  } else {
    const table = [['claim', 'article', 'reproduced', 'verdict'], ...rows.map((m) => [m.claim.id, String(m.claim.article), Number.isNaN(m.value) ? '-' : String(m.value), m.verdict])];
    const widths = table[0].map((_, i) => Math.max(...table.map((r) => r[i].length)));
    for (const r of table) process.stdout.write(`${r.map((cell, i) => cell.padEnd(widths[i])).join('  ').trimEnd()}\n`);
    const count = (v: string) => rows.filter((m) => m.verdict === v).length;
    process.stdout.write(`\n${rows.length} claims, ${count('differs')} differ, ${count('by construction')} by construction, ${count('cannot be checked here')} cannot be checked here\n`);
  }
} else {
  const [id, ...pairs] = rest;
  if (id.startsWith('-')) usage(`unknown option "${id}"`);
  if (at >= 0) usage('--claims cannot be combined with an experiment id');
  const exp = await loadExperiment(id);
  if (!exp) usage(`no experiment "${id}"; known: ${Object.keys(await allExperiments()).join(', ')}`);
  if (help) {
    process.stdout.write(`${describeParams(id, exp)}\n`);
    process.exit(0);
  }
  const given: Record<string, string> = {};
  for (let i = 0; i < pairs.length; i++) {
    const flag = pairs[i];
    if (!flag.startsWith('--') || flag === '--') usage(`expected --<param> <value>, got "${pairs.slice(i).join(' ')}"`);
    const eq = flag.indexOf('=');
    const name = eq >= 0 ? flag.slice(2, eq) : flag.slice(2);
    let value: string | undefined;
    if (eq >= 0) value = flag.slice(eq + 1);
    else value = pairs[++i];
    // Parameter names are the spec's own properties only (`Object.hasOwn`), never inherited ones.
    if (!Object.hasOwn(exp.params, name)) usage(`unknown parameter "--${name}" for ${id}; known: ${Object.keys(exp.params).map((k) => `--${k}`).join(', ')}`);
    if (value === undefined) usage(`--${name} needs a value (${allowedText(exp.params[name])})`);
    if (Object.hasOwn(given, name)) usage(`--${name} is given twice`);
    given[name] = value;
  }
  const r = resolveParams(exp.params, given, exp.check?.bind(exp));
  if (!r.ok) refused(r.errors.map((e) => e.message).join('\n'));

  // Progress goes to stderr once a run has taken a second (LB_PROGRESS_AFTER_MS, for the tests), so
  // quick runs stay silent and --json's stdout stays one JSON object. On a terminal one line is
  // redrawn; otherwise a line per 10%.
  const after = Number(process.env.LB_PROGRESS_AFTER_MS ?? 1000);
  const started = Date.now();
  const tty = process.stderr.isTTY === true;
  let shown = -1;
  const output = await exp.run(r.params, {
    signal: new AbortController().signal,
    progress(done) {
      if (quiet || Date.now() - started < after) return;
      const tenth = Math.min(10, Math.floor(done * 10));
      if (tenth <= shown) return;
      shown = tenth;
      const text = `${id}: ${tenth * 10}% (${((Date.now() - started) / 1000).toFixed(1)} s)`;
      process.stderr.write(tty ? `\r\x1b[K${text}` : `${text}\n`);
    },
  });
  if (shown >= 0) process.stderr.write(tty ? '\r\x1b[K' : `${id}: done in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  if (json) {
    process.stdout.write(`${JSON.stringify({ id, params: r.params, results: output.results, data: output.data })}\n`);
  } else {
    process.stdout.write(`${id}\n`);
    for (const [k, v] of Object.entries(r.params)) process.stdout.write(`  --${k} ${formatParam(v)}\n`);
    for (const [k, v] of Object.entries(output.results)) process.stdout.write(`  ${k} = ${v}\n`);
  }
}
