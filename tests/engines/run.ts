/**
 * `npm run test:engines`: the site in the two engines the Chromium suite does not drive, Firefox
 * ESR (Gecko, SpiderMonkey) and WebKitGTK (JavaScriptCore). In each, every cell of every page of
 * the sitemap runs with its defaults and must give the build's `data-value`s to the last digit
 * (measured times aside: positive, and within a factor of ten across two runs), on the kernel;
 * the flow views play; search answers in Korean and English. dist/ is served by the project's
 * static server (as `npm start` does); it is built first when it is missing.
 *
 * ENGINES=firefox or ENGINES=webkit runs one; PAGES=<text> only the pages whose path contains it.
 * Exit code 0 when every check passed in every engine, 1 otherwise.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { DIST, ROOT, serve, sitemapPages } from '../browser/lib/helpers.ts';
import { checkFlow, checkPage, checkSearch, builtPage } from './checks.ts';
import { ENGINES } from './drivers.ts';
import type { EngineName } from './drivers.ts';

const names = (process.env.ENGINES ?? 'firefox,webkit').split(',').map((s) => s.trim()).filter(Boolean) as EngineName[];
for (const n of names) if (!(n in ENGINES)) throw new Error(`ENGINES: unknown engine "${n}" (known: ${Object.keys(ENGINES).join(', ')})`);

if (!existsSync(join(DIST, 'sitemap-0.xml')) || !existsSync(join(DIST, 'pagefind'))) {
  console.log('# dist/ is missing or has no search index: npm run build');
  const r = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0) process.exit(1);
}

const filter = process.env.PAGES ?? '';
const pages = sitemapPages(DIST).filter((p) => p.path.includes(filter));
if (pages.length === 0) throw new Error(`no page of the sitemap matches PAGES=${filter}`);
const { server, origin } = await serve(DIST, '/', 4340);
const started = Date.now();
const failures: string[] = [];
const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

try {
  for (const name of names) {
    const t0 = Date.now();
    const engine = await ENGINES[name]();
    console.log(`# ${name}: ${engine.version}`);
    const problems: string[] = [];
    let cells = 0;
    let matched = 0;
    try {
      for (const p of pages) {
        const r = await checkPage(engine, origin, p);
        cells += r.cells;
        matched += r.matched;
        problems.push(...r.problems);
        console.log(`${r.problems.length ? 'not ok' : 'ok'} ${name} ${p.path}: ${r.matched}/${r.cells} cells match the build${r.timedCells ? ` (${r.timedCells} with measured times, run twice)` : ''}${r.repressed ? `, Run pressed again ${r.repressed}×` : ''}, ${secs(r.ms)}`);
        for (const q of r.problems) console.log(`  ${q}`);
      }
      for (const p of pages) {
        for (const flow of builtPage(p.path).flows) {
          const out = await checkFlow(engine, origin, p.path, flow);
          problems.push(...out);
          console.log(`${out.length ? 'not ok' : 'ok'} ${name} ${p.path}: the flow view ${flow} plays`);
          for (const q of out) console.log(`  ${q}`);
        }
      }
      const searches: [string, string, string][] = [
        ['/power-of-two-choices/', '선택', '/power-of-two-choices/'],
        ['/en/power-of-two-choices/', 'choices', '/en/power-of-two-choices/'],
      ];
      for (const [from, query, want] of searches) {
        if (!pages.some((p) => p.path === from)) continue;
        const out = await checkSearch(engine, origin, from, query, want);
        problems.push(...out);
        console.log(`${out.length ? 'not ok' : 'ok'} ${name} search "${query}" on ${from} finds ${want}`);
        for (const q of out) console.log(`  ${q}`);
      }
    } catch (e) {
      problems.push(`${name}: ${(e as Error).stack ?? String(e)}`);
      console.log(`not ok ${name}: ${(e as Error).message}`);
    } finally {
      await engine.close();
    }
    console.log(`# ${name}: ${matched}/${cells} cells match the build, ${problems.length} problem(s), ${secs(Date.now() - t0)}`);
    failures.push(...problems.map((q) => `${name}: ${q}`));
  }
} finally {
  server.close();
}

console.log(`# test:engines: ${names.join(', ')} on ${pages.length} page(s), ${secs(Date.now() - started)}`);
if (failures.length) {
  console.log(`# FAILED: ${failures.length} problem(s)\n${failures.map((f) => `  ${f}`).join('\n')}`);
  process.exit(1);
}
console.log('# all passed');
