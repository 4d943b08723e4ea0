import { claims } from '../src/claims/registry.ts';
import { measure } from '../src/claims/verdict.ts';
import { registry } from '../src/experiments/registry.ts';
import { resolve } from '../src/experiments/run.ts';

/**
 * The notebook's terminal twin.
 *   npm run reproduce                         the claims table
 *   npm run reproduce -- --json               the claims as a JSON array
 *   npm run reproduce -- --claims swrr.       only the claims whose id starts with that prefix
 *   npm run reproduce -- <id> [--<param> <value> ...] [--json]   one experiment
 */
const argv = process.argv.slice(2);
const json = argv.includes('--json');
const at = argv.indexOf('--claims');
const prefix = at >= 0 ? argv[at + 1] : undefined;
const rest = argv.filter((a, i) => a !== '--json' && (at < 0 || (i !== at && i !== at + 1)));

function fail(message: string): never {
  process.stderr.write(`reproduce: ${message}\n`);
  process.exit(2);
}

if (at >= 0 && (prefix === undefined || prefix.startsWith('--'))) fail('--claims needs a claim id prefix, e.g. --claims swrr.');
if (rest.length === 0) {
  const chosen = claims.filter((c) => prefix === undefined || c.id.startsWith(prefix));
  if (chosen.length === 0) fail(`no claim id starts with "${prefix}"`);
  const rows = [];
  for (const c of chosen) rows.push(await measure(c));
  if (json) {
    const out = rows.map((m) => ({
      id: m.claim.id,
      chapter: m.claim.chapter,
      article: m.claim.article,
      reproduced: m.value,
      verdict: m.verdict,
      experiment: m.claim.experiment ?? null,
      params: m.claim.params ?? null,
      key: m.claim.key,
      tolerance: m.claim.tolerance,
      note: m.claim.note,
    }));
    process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
  } else {
    const table = [['claim', 'article', 'reproduced', 'verdict'], ...rows.map((m) => [m.claim.id, String(m.claim.article), String(m.value), m.verdict])];
    const widths = table[0].map((_, i) => Math.max(...table.map((r) => r[i].length)));
    for (const r of table) process.stdout.write(`${r.map((cell, i) => cell.padEnd(widths[i])).join('  ').trimEnd()}\n`);
    const off = rows.filter((m) => m.verdict === 'differs').length;
    process.stdout.write(`\n${rows.length} claims, ${off} differ\n`);
  }
} else {
  const [id, ...pairs] = rest;
  if (!registry[id]) fail(`no experiment "${id}"; known: ${Object.keys(registry).join(', ')}`);
  const given: Record<string, string> = {};
  for (let i = 0; i < pairs.length; i += 2) {
    const flag = pairs[i];
    if (!flag.startsWith('--') || pairs[i + 1] === undefined) fail(`expected --<param> <value>, got "${pairs.slice(i).join(' ')}"`);
    given[flag.slice(2)] = pairs[i + 1];
  }
  const r = resolve(id, given);
  if (!r.ok) fail(r.errors.map((e) => e.message).join('\n'));
  let lastShown = -1;
  const output = await registry[id].run(r.params, {
    signal: new AbortController().signal,
    progress(done) {
      // Progress goes to stderr, only on a terminal, so --json output stays one JSON object.
      const pct = Math.floor(done * 10);
      if (process.stderr.isTTY && pct > lastShown) {
        lastShown = pct;
        process.stderr.write(`\r${id}: ${pct * 10}%`);
      }
    },
  });
  if (process.stderr.isTTY && lastShown >= 0) process.stderr.write('\r\x1b[K');
  if (json) {
    process.stdout.write(`${JSON.stringify({ id, params: r.params, results: output.results, data: output.data })}\n`);
  } else {
    process.stdout.write(`${id}\n`);
    for (const [k, v] of Object.entries(r.params)) process.stdout.write(`  --${k} ${Array.isArray(v) ? v.join(',') : v}\n`);
    for (const [k, v] of Object.entries(output.results)) process.stdout.write(`  ${k} = ${v}\n`);
  }
}
