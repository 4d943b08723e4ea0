/**
 * `npm run lighthouse` (after `npm run build`): Lighthouse's mobile preset on every page of the
 * sitemap, served from dist/ by the project's own static server (compressed, as a CDN serves it),
 * in Debian's Chromium (or CHROME_PATH). Prints one line a page and exits 1 when a page misses the
 * site's bar: performance ≥ 0.95; accessibility, best practices and SEO 1; CLS ≤ 0.02.
 * Not part of `npm test` (minutes; Lighthouse's scores are simulated from one trace and move a
 * little between runs): a check to run before a release and when a page's weight changes.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { serveStatic } from './static-server.ts';

const ROOT = resolve(import.meta.dirname, '..');
const DIST = join(ROOT, 'dist');
// LH_PORT: another port when a second checkout's run holds this one.
const PORT = Number(process.env.LH_PORT ?? 4397);
const BAR = { performance: 0.95, accessibility: 1, 'best-practices': 1, seo: 1 } as const;
const MAX_CLS = 0.02;

const sitemap = join(DIST, 'sitemap-0.xml');
if (!existsSync(sitemap)) {
  console.error('dist/sitemap-0.xml is missing: run `npm run build` first');
  process.exit(2);
}
const only = process.argv.slice(2).filter((a) => a.startsWith('/'));
const paths = [...readFileSync(sitemap, 'utf8').matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname).filter((p) => !only.length || only.includes(p));

const server = await serveStatic(DIST, '/', PORT);
const chromePath = process.env.CHROME_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);
const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
const misses: string[] = [];
try {
  console.log(['page', 'perf', 'a11y', 'b.p.', 'seo', 'CLS', 'FCP', 'LCP', 'TBT', 'SI'].join('\t'));
  for (const path of paths) {
    const result = await lighthouse(`http://127.0.0.1:${PORT}${path}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: Object.keys(BAR) });
    if (!result) throw new Error(`Lighthouse gave no result for ${path}`);
    const { categories, audits } = result.lhr;
    const cls = Number(audits['cumulative-layout-shift'].numericValue ?? 0);
    const scores = Object.keys(BAR).map((k) => categories[k]?.score ?? 0);
    const shown = (id: string) => (audits[id]?.displayValue ?? '').replace(/\s/g, ' ');
    console.log([path, ...scores.map((x) => (x * 100).toFixed(0)), cls.toFixed(3), ...['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'speed-index'].map(shown)].join('\t'));
    for (const [k, min] of Object.entries(BAR)) {
      const got = categories[k]?.score ?? 0;
      if (got < min) {
        const failing = Object.values(audits)
          .filter((a) => a.score !== null && a.score < 1 && categories[k]?.auditRefs.some((r) => r.id === a.id && r.weight > 0))
          .map((a) => a.id);
        misses.push(`${path}: ${k} ${(got * 100).toFixed(0)} < ${min * 100} (${failing.join(', ')})`);
      }
    }
    if (cls > MAX_CLS) misses.push(`${path}: CLS ${cls.toFixed(3)} > ${MAX_CLS}`);
  }
} finally {
  chrome.kill();
  server.close();
}
if (misses.length) {
  console.log(`\n${misses.length} miss(es):\n${misses.join('\n')}`);
  process.exit(1);
}
console.log(`\nevery page meets the bar (${paths.length} pages)`);
