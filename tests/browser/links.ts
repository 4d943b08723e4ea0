/**
 * Links: every same-site href/src (and CSS url()) in a build points at a file that exists, every
 * #fragment at an id in its target page; in the sub-path build, nothing points outside /lb/.
 * A small attribute scanner over dist/ and dist-lb/, then a browser pass over the sub-path build.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { note, test } from './lib/fixtures.ts';
import { cellsOn, DIST, DIST_LB, eachLayout, eachOf, LB_BASE, lbSuite, Problems, runCell, scrollThrough, settle, SITE_ORIGIN, withPage } from './lib/helpers.ts';

function walk(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...walk(full));
    else out.push(full);
  }
  return out;
}

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|amp|quot|apos|lt|gt|nbsp);/gi, (m, e: string) => {
    const k = e.toLowerCase();
    if (k.startsWith('#x')) return String.fromCodePoint(parseInt(k.slice(2), 16));
    if (k.startsWith('#')) return String.fromCodePoint(parseInt(k.slice(1), 10));
    return ({ amp: '&', quot: '"', apos: "'", lt: '<', gt: '>', nbsp: '\u00a0' } as Record<string, string>)[k] ?? m;
  });
}

interface Tag {
  name: string;
  attrs: Record<string, string>;
}

/** Start tags with their attributes; the contents of script, style and comments are skipped. */
function tags(html: string): Tag[] {
  const cleaned = html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/(<script\b[^>]*>)[\s\S]*?<\/script>/gi, '$1')
    .replace(/(<style\b[^>]*>)[\s\S]*?<\/style>/gi, '$1');
  const out: Tag[] = [];
  for (const m of cleaned.matchAll(/<([a-zA-Z][\w:-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'>]+))?)*)\s*\/?>/g)) {
    const attrs: Record<string, string> = {};
    for (const a of m[2].matchAll(/([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g)) {
      attrs[a[1].toLowerCase()] = decodeEntities(a[2] ?? a[3] ?? a[4] ?? '');
    }
    out.push({ name: m[1].toLowerCase(), attrs });
  }
  return out;
}

interface Ref {
  from: string;
  value: string;
  what: string;
}

/**
 * Crawls one build. `base` is where the build is served ('/' or '/lb/'); same-site URLs are the
 * relative ones and the absolute ones on the configured site origin (canonical, hreflang).
 */
export function crawl(dir: string, base: string): { problems: string[]; checked: number; pages: number } {
  const files = walk(dir);
  const urlOf = (file: string) => {
    const rel = relative(dir, file).split(sep).join('/');
    return new URL(base + rel.replace(/(^|\/)index\.html$/, '$1'), SITE_ORIGIN);
  };
  const htmlFiles = files.filter((f) => f.endsWith('.html'));
  const ids = new Map<string, Set<string>>();
  const refs: Ref[] = [];
  for (const file of htmlFiles) {
    const html = readFileSync(file, 'utf8');
    const pageUrl = urlOf(file).href;
    const set = new Set<string>();
    for (const t of tags(html)) {
      if (t.attrs.id) set.add(t.attrs.id);
      if (t.name === 'a' && t.attrs.name) set.add(t.attrs.name);
      for (const attr of ['href', 'src', 'xlink:href', 'poster']) {
        if (attr in t.attrs && t.attrs[attr] !== '') refs.push({ from: pageUrl, value: t.attrs[attr], what: `<${t.name} ${attr}>` });
      }
      if (t.attrs.srcset) {
        for (const part of t.attrs.srcset.split(',')) {
          const u = part.trim().split(/\s+/)[0];
          if (u) refs.push({ from: pageUrl, value: u, what: `<${t.name} srcset>` });
        }
      }
    }
    ids.set(pageUrl, set);
  }
  for (const file of files.filter((f) => f.endsWith('.css'))) {
    const css = readFileSync(file, 'utf8');
    for (const m of css.matchAll(/url\(\s*(?:"([^"]*)"|'([^']*)'|([^)\s]*))\s*\)/g)) {
      const v = m[1] ?? m[2] ?? m[3] ?? '';
      if (v && !v.startsWith('data:') && !v.startsWith('#')) refs.push({ from: urlOf(file).href, value: v, what: 'css url()' });
    }
  }

  const problems: string[] = [];
  let checked = 0;
  const where = (r: Ref) => `${new URL(r.from).pathname} ${r.what}="${r.value}"`;
  for (const r of refs) {
    let target: URL;
    try {
      target = new URL(r.value, r.from);
    } catch {
      problems.push(`${where(r)}: not a URL`);
      continue;
    }
    if (target.protocol !== 'http:' && target.protocol !== 'https:') continue; // mailto:, data:, javascript:
    if (target.origin !== SITE_ORIGIN) continue; // another site
    checked++;
    const path = decodeURIComponent(target.pathname);
    if (!path.startsWith(base)) {
      problems.push(`${where(r)}: ${path} is outside the base path ${base}`);
      continue;
    }
    const rel = path.slice(base.length);
    let file = join(dir, rel);
    let isPage = false;
    if (path.endsWith('/')) {
      file = join(file, 'index.html');
      isPage = true;
    } else if (existsSync(file) && statSync(file).isDirectory()) {
      if (existsSync(join(file, 'index.html'))) {
        problems.push(`${where(r)}: ${path} is a directory; link it with the trailing slash (the server redirects)`);
      }
      file = join(file, 'index.html');
      isPage = true;
    } else if (file.endsWith('.html')) {
      isPage = true;
    }
    if (!existsSync(file)) {
      problems.push(`${where(r)}: ${path} does not exist in ${relative(process.cwd(), dir) || dir}`);
      continue;
    }
    if (target.hash && target.hash !== '#') {
      const id = decodeURIComponent(target.hash.slice(1));
      if (!isPage) {
        problems.push(`${where(r)}: #${id} on a non-HTML target`);
        continue;
      }
      const pageKey = urlOf(file).href;
      const targetIds = ids.get(pageKey);
      if (!targetIds) problems.push(`${where(r)}: cannot find the ids of ${pageKey}`);
      else if (!targetIds.has(id)) problems.push(`${where(r)}: no element with id "${id}" in ${path}`);
    }
  }
  return { problems: [...new Set(problems)], checked, pages: htmlFiles.length };
}

test('every internal link and #anchor in dist/ resolves (href, src, srcset, CSS url())', async () => {
  const r = crawl(DIST, '/');
  note(`${r.checked} same-site references checked in ${r.pages} HTML files`);
  const p = new Problems();
  if (r.checked === 0) p.add('dist', 'no internal references found; the scanner is broken');
  for (const x of r.problems) p.add('dist', x);
  p.check();
});

test('sub-path build (BASE=/lb/): every internal link and #anchor resolves and stays under /lb/', async ({ suite: s }) => {
  lbSuite(s);
  const r = crawl(DIST_LB, LB_BASE);
  note(`${r.checked} same-site references checked in ${r.pages} HTML files`);
  const p = new Problems();
  if (r.checked === 0) p.add('dist-lb', 'no internal references found; the scanner is broken');
  for (const x of r.problems) p.add('dist-lb', x);
  p.check();
});

test('sub-path build (BASE=/lb/): the home and a chapter page in each locale load, run a cell (island, Plot and worker) with no failed request, and request nothing outside /lb/ (every page\'s links: the test above)', async ({ suite: s }) => {
  const lb = lbSuite(s);
  const p = new Problems();
  await eachOf(eachLayout(lb.pages), async (page) => {
    await withPage(lb, {}, async (tab, rec) => {
      await tab.goto(new URL(page.path, lb.origin).href);
      await settle(tab);
      await scrollThrough(tab);
      await settle(tab);
      // Every cell loads the same island chunk, Plot and worker, so one run shows that path
      // works under the base; the cells themselves are driven in the root build's tests.
      const [first] = await cellsOn(tab);
      if (first) {
        const state = await runCell(tab, first.id);
        if (state !== 'done') p.add(page.path, `cell ${first.id} ended in state ${state}`);
      }
      for (const e of rec.pageErrors) p.add(page.path, `uncaught: ${e.split('\n')[0]}`);
      for (const e of rec.consoleErrors) p.add(page.path, `console error: ${e}`);
      for (const f of rec.failedRequests) p.add(page.path, `failed request: ${f}`);
      for (const f of rec.foreignRequests) p.add(page.path, `request to another origin: ${f}`);
      for (const q of rec.requests) {
        if (q.url.startsWith(lb.origin) && !new URL(q.url).pathname.startsWith(LB_BASE)) p.add(page.path, `request outside ${LB_BASE}: ${q.url}`);
      }
      const href = await tab.locator('a.lang-switch').getAttribute('href');
      if (href && !new URL(href, tab.url()).pathname.startsWith(LB_BASE)) p.add(page.path, `a.lang-switch points outside ${LB_BASE}: ${href}`);
    });
  });
  p.check();
});

test('every page declares its canonical and Open Graph URLs on the site, and its og:image exists in the build', async () => {
  const p = new Problems();
  const pages = walk(DIST).filter((f) => f.endsWith('.html') && !f.endsWith(`${sep}404.html`));
  for (const file of pages) {
    const at = relative(DIST, file);
    const head = tags(readFileSync(file, 'utf8'));
    const meta = (prop: string) => head.find((t) => t.name === 'meta' && t.attrs.property === prop)?.attrs.content;
    const canonical = head.find((t) => t.name === 'link' && t.attrs.rel === 'canonical')?.attrs.href;
    for (const [what, value] of [['canonical', canonical], ['og:url', meta('og:url')], ['og:image', meta('og:image')]] as const) {
      if (!value) p.add(at, `no ${what}`);
      else if (!value.startsWith(`${SITE_ORIGIN}/`)) p.add(at, `${what} ${value} is not on ${SITE_ORIGIN}`);
    }
    if (canonical && meta('og:url') && canonical !== meta('og:url')) p.add(at, `og:url ${meta('og:url')} differs from canonical ${canonical}`);
    const image = meta('og:image');
    if (image?.startsWith(SITE_ORIGIN) && !existsSync(join(DIST, decodeURIComponent(new URL(image).pathname)))) p.add(at, `og:image ${image} is not in dist/`);
    if (!meta('og:title') || !meta('og:description')) p.add(at, 'og:title or og:description missing');
  }
  if (pages.length === 0) p.add('dist', 'no HTML pages');
  p.check();
});
