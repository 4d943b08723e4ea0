/**
 * Share links that reopen (issue #15): a long text parameter travels packed in the link
 * (`<cell>.<param>~=`, components/notebook/cell-url.ts), and the page that opens it fills the
 * cell and runs it exactly as from the plain text; a link that would still be longer than
 * servers accept is not handed out, and Download's JSON is offered instead; a damaged packed
 * value is a message on its field.
 */
import type { Page } from 'playwright-core';
import { MAX_LINK } from '../../components/notebook/cell-url.ts';
import { runExperiment } from '../../src/experiments/shared/run.ts';
import { options, test } from './lib/fixtures.ts';
import { Problems, resultsOf, url, withPage } from './lib/helpers.ts';

const PATH = '/en/ketama-at-scale/';
const CELL = 'lookup';
const cellSel = `[data-cell="${CELL}"]`;

/** A 6 000-character key list of request paths, a few with Hangul in them, one per line. */
function keyList(): string {
  const keys: string[] = [];
  for (let i = 0; keys.join('\n').length < 6000; i++) keys.push(i % 9 === 4 ? `/상품/${i * 31}/리뷰` : `/api/v2/users/${1000 + i * 37}/orders?page=${i % 7}`);
  return keys.join('\n').slice(0, 6000).replace(/\n[^\n]*$/, '');
}

/** Text that does not compress: random Hangul syllables, 40 to a line. */
function noise(chars: number): string {
  let x = 2463534242;
  const next = () => ((x ^= x << 13), (x ^= x >>> 17), (x ^= x << 5), (x >>> 0) / 2 ** 32);
  const s = Array.from({ length: chars }, () => String.fromCharCode(0xac00 + Math.floor(next() * 11172))).join('');
  return s.replace(/(.{40})/g, '$1\n').trim();
}

/** Records what Share copies, in this page only (the real clipboard is shared by every test at once). */
async function recordCopies(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { copied: string[] };
    w.copied = [];
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: (text: string) => (w.copied.push(text), Promise.resolve()) } });
  });
}

const waitDone = (page: Page) =>
  page.waitForFunction((sel) => {
    const el = document.querySelector<HTMLElement>(sel);
    return el?.dataset.state === 'done' && el.dataset.source === 'live';
  }, cellSel, { timeout: 10_000 });

test('share: a 6 000-character key list shares as a packed link that reopens with the same results; one too long even packed offers the JSON; a damaged one says so', options(30_000), async ({ suite: s }) => {
  const keys = keyList();
  const expected = await runExperiment('ketama.lookup', { keys });
  const want = Object.fromEntries(Object.entries(expected.output.results).map(([k, v]) => [k, String(v)]));
  const p = new Problems();
  await withPage(s, {}, async (page, rec) => {
    await recordCopies(page);
    await page.goto(url(s, PATH));
    const cell = page.locator(cellSel);
    await cell.scrollIntoViewIfNeeded();
    await cell.locator('[name="keys"]').fill(keys);
    await cell.locator('button[data-action="share"]').click();
    const link = (await page.waitForFunction(() => (window as unknown as { copied: string[] }).copied.at(-1), null, { timeout: 5000 }).then((h) => h.jsonValue())) as string;
    const query = new URL(link).searchParams;
    if (query.get(`${CELL}.keys~`) === null || query.has(`${CELL}.keys`)) p.add('link', `the key list is not packed: ${link.slice(0, 200)}…`);
    if (link.length > MAX_LINK) p.add('link', `${link.length} characters, above ${MAX_LINK}`);

    // Reopen: the link's page fills the cell, runs it, and gets what the plain key list gives.
    await page.goto(link);
    await waitDone(page).catch(async () => p.add('reopen', `never ran: data-state="${await cell.getAttribute('data-state')}", alert "${await cell.locator('[role="alert"]').textContent()}"`));
    if ((await cell.locator('[name="keys"]').inputValue()) !== keys) p.add('reopen', 'the key list in the field is not the one shared');
    const got = await resultsOf(page, CELL);
    if (JSON.stringify(got) !== JSON.stringify(want)) p.add('reopen', `results ${JSON.stringify(got)}, expected ${JSON.stringify(want)}`);
    const rows = await cell.locator('.cell-table > .table-wrap tbody tr').count();
    if (rows !== expected.output.data!.rows.length) p.add('reopen', `the table has ${rows} rows, expected one per key (${expected.output.data!.rows.length})`);

    // Too long even packed: nothing copied, the status says so, and Download's panel is open.
    const copies = await page.evaluate(() => (window as unknown as { copied: string[] }).copied.length);
    await cell.locator('[name="keys"]').fill(noise(7000));
    await cell.locator('button[data-action="share"]').click();
    // Once Download's files are ready (preparing them may say so in the status meanwhile).
    await page.waitForFunction((sel) => document.querySelector<HTMLElement>(`${sel} .cell-take`)?.dataset.ready === 'true', cellSel, { timeout: 5000 }).catch(() => {});
    const status = (await cell.locator('.cell-status').textContent()) ?? '';
    if (!/too long|more than/i.test(status) || !/JSON/.test(status)) p.add('too long', `status "${status}" does not say the link is too long and offer the JSON`);
    if (await cell.locator('.cell-take').isHidden()) p.add('too long', 'the Download panel with the JSON is not open');
    if ((await page.evaluate(() => (window as unknown as { copied: string[] }).copied.length)) !== copies) p.add('too long', 'a link was copied anyway');

    // A damaged packed value (cut short): a message on its field, the default in it, no run, no exception.
    const cut = new URL(link);
    cut.searchParams.set(`${CELL}.keys~`, cut.searchParams.get(`${CELL}.keys~`)!.slice(0, 300));
    await page.goto(cut.href);
    await page.waitForFunction((sel) => document.querySelector<HTMLElement>(sel)?.dataset.ready === 'true', cellSel, { timeout: 10_000 });
    const field = cell.locator('[name="keys"]');
    const message = (await cell.locator(`#${CELL}-keys-error`).textContent()) ?? '';
    if ((await field.getAttribute('aria-invalid')) !== 'true' || !/could not be read/.test(message)) p.add('damaged', `no message on the field (aria-invalid=${await field.getAttribute('aria-invalid')}, "${message}")`);
    if ((await cell.getAttribute('data-source')) !== 'build' || (await cell.getAttribute('data-state')) !== 'idle') p.add('damaged', 'the damaged link ran');
    if (rec.pageErrors.length) p.add('page', rec.pageErrors.join('\n'));
  });
  p.check();
});
