/**
 * The article's numbers, per chapter (issue 29): each chapter that quotes its article opens with a
 * one-line tally of the verdicts, linking to the table at its end; the table has a row per claim of
 * the chapter, in the order the chapter first quotes them, each with the verdict the claim's chip
 * in the text carries and a link to the section that quotes it. Read from the built HTML.
 */
import { claims } from '../../src/claims/registry.ts';
import { verdictKind, type Verdict } from '../../src/claims/verdict.ts';
import { test } from './lib/fixtures.ts';
import { builtDocument, assert, label, Problems, url, withPage } from './lib/helpers.ts';

test('the article’s numbers: every chapter with claims opens with their tally (before its first section) and ends with their table, a row per claim in the order the text quotes them, each row’s verdict the chip’s and its link a section of the page (both locales; the built HTML)', ({ suite: s }) => {
  const problems = new Problems();
  const chapters = new Set(claims.map((c) => c.chapter));
  let seen = 0;
  const orders = new Map<string, string>();
  for (const p of s.pages) {
    const slug = p.path.replace(/^\/(en\/)?/, '').replace(/\/$/, '');
    if (!chapters.has(slug)) continue;
    seen++;
    const document = builtDocument(p.path);
    if (!document) {
      problems.add(label(p), 'not built');
      continue;
    }
    const own = claims.filter((c) => c.chapter === slug);
    const tally = document.querySelector<HTMLElement>('.claims-tally');
    const table = document.querySelector('.claims-table');
    if (!tally || !table) {
      problems.add(label(p), `${tally ? '' : 'no .claims-tally '}${table ? '' : 'no .claims-table'}`);
      continue;
    }
    const firstSection = document.querySelector('.chapter-main h2:not(.source-article-heading)');
    if (firstSection && !(tally.compareDocumentPosition(firstSection) & 4)) problems.add(label(p), 'the tally comes after the first section heading');
    const link = tally.querySelector('a')?.getAttribute('href') ?? '';
    if (!link.startsWith('#') || !document.getElementById(link.slice(1)) || !table.contains(document.getElementById(link.slice(1)))) problems.add(label(p), `the tally's link ${link} does not lead to the table`);
    const rows = [...table.querySelectorAll<HTMLElement>('tr[data-claim-row]')];
    if (rows.length !== own.length) problems.add(label(p), `${rows.length} rows for ${own.length} claims`);
    // The tally's counts (kind=n|…) against the rows' verdicts, and its sentence's numbers against them.
    const counted = Object.fromEntries((tally.dataset.claimsTally ?? '').split('|').map((x) => x.split('=')).map(([k, n]) => [k, Number(n)]));
    const inRows: Record<string, number> = {};
    for (const r of rows) inRows[r.dataset.kind ?? ''] = (inRows[r.dataset.kind ?? ''] ?? 0) + 1;
    if (JSON.stringify(Object.entries(counted).sort()) !== JSON.stringify(Object.entries(inRows).sort())) problems.add(label(p), `the tally counts ${tally.dataset.claimsTally}, the table ${JSON.stringify(inRows)}`);
    const said = (tally.textContent ?? '').match(/\d+/g)?.map(Number) ?? [];
    if (said[0] !== own.length || said.slice(1).sort().join() !== Object.values(inRows).sort().join()) problems.add(label(p), `the tally says "${(tally.textContent ?? '').trim()}" for ${own.length} claims (${JSON.stringify(inRows)})`);
    // The text's order: each claim's first chip in the page (the table itself holds no chips).
    const chips = [...document.querySelectorAll<HTMLElement>('.claim[data-claim]')];
    const firstAt = (id: string) => chips.findIndex((c) => c.dataset.claim === id);
    const quoted = rows.map((r) => firstAt(r.dataset.claimRow ?? '')).filter((i) => i >= 0);
    if (quoted.some((v, i) => i > 0 && v < quoted[i - 1])) problems.add(label(p), 'the rows are not in the order the text first quotes them');
    for (const r of rows) {
      const id = r.dataset.claimRow ?? '';
      const chip = chips.find((c) => c.dataset.claim === id);
      if (chip && verdictKind(chip.dataset.verdict as Verdict) !== r.dataset.kind) problems.add(label(p), `${id}: the row says ${r.dataset.kind}, the chip ${chip.dataset.verdict}`);
      // The row's section: the heading row of its group (tbody).
      const a = r.closest('tbody')?.querySelector('tr.claims-section a') ?? null;
      // A claim quoted before the first section is in the chapter's opening: no section to link.
      const opening = !!chip && !!firstSection && !!(chip.compareDocumentPosition(firstSection) & 4);
      if (chip && !a && !opening) problems.add(label(p), `${id}: quoted in a section but its row links to none`);
      if (a && !document.getElementById((a.getAttribute('href') ?? '').slice(1))) problems.add(label(p), `${id}: the row links to ${a.getAttribute('href')}, not on the page`);
      if ([...r.querySelectorAll('td')].some((td) => !(td.textContent ?? '').trim() || /NaN|undefined/.test(td.textContent ?? ''))) problems.add(label(p), `${id}: an empty, NaN or undefined cell`);
    }
    // The same claims and verdicts in both locales (the order is each text's own).
    const order = rows.map((r) => `${r.dataset.claimRow}:${r.dataset.kind}`).sort().join(' ');
    const other = orders.get(slug);
    if (other !== undefined && other !== order) problems.add(label(p), 'the claims or their verdicts differ from the other locale’s page');
    orders.set(slug, order);
  }
  if (seen === 0) problems.add('site', 'no chapter page with claims in the sitemap');
  problems.check();
  return Promise.resolve();
});

test('the article’s numbers: the folded table opens when the tally’s link is pressed, and when the page opens at #article-numbers (consistent hashing, both locales)', async ({ suite: s }) => {
  for (const path of ['/consistent-hashing/', '/en/consistent-hashing/']) {
    await withPage(s, {}, async (page) => {
      const open = () => page.locator('.claims-table details').evaluate((d) => (d as HTMLDetailsElement).open);
      await page.goto(url(s, path));
      assert(!(await open()), `${path}: the table is open before anyone asked for it`);
      await page.locator('.claims-tally a').click();
      await page.waitForFunction(() => document.querySelector<HTMLDetailsElement>('.claims-table details')?.open === true, undefined, { timeout: 5000 });
      // Closed again by the reader, the link opens it again though the address already ends in it.
      await page.locator('.claims-table summary').click();
      assert(!(await open()), `${path}: the summary did not close the table`);
      await page.locator('.claims-tally a').click();
      await page.waitForFunction(() => document.querySelector<HTMLDetailsElement>('.claims-table details')?.open === true, undefined, { timeout: 5000 });
      // A page that opens at the address (a reload of it: a whole new document).
      assert(new URL(page.url()).hash === '#article-numbers', `${path}: the link did not set the address: ${page.url()}`);
      await page.reload();
      await page.waitForFunction(() => document.querySelector<HTMLDetailsElement>('.claims-table details')?.open === true, undefined, { timeout: 5000 });
    });
  }
});
