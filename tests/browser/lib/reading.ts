/**
 * What a page visit reads of the page as a reader finds it at 360 px, right after it loads
 * (visits.ts): display equations that neither run under their numbers nor get cut off, and long
 * code and the article's numbers folded on screen and shown in print. The tests in reader.ts
 * read them from every page's visit instead of loading every page again.
 */
import type { Page } from 'playwright-core';

/** What at 360 px is wrong with each display equation on the page: a number over its formula, a formula cut off, or one that scrolls out of the keyboard's reach. */
export async function equationProblems(page: Page): Promise<{ count: number; problems: string[] }> {
  return page.evaluate(async () => {
    // Each formula as a reader finds it: shown (render on demand lays out what nears the screen;
    // equation-scroll.ts marks a box that scrolls once it is laid out), two frames to settle.
    const frame = () => new Promise((done) => requestAnimationFrame(done));
    const start = scrollY;
    for (const d of document.querySelectorAll('.katex-display')) {
      d.scrollIntoView({ block: 'center', behavior: 'instant' });
      await frame();
      await frame();
    }
    scrollTo({ top: start, behavior: 'instant' });
    const problems: string[] = [];
    const displays = [...document.querySelectorAll<HTMLElement>('.katex-display')];
    displays.forEach((d, i) => {
      const name = d.closest('[id]')?.id ? `#${d.closest('[id]')!.id}` : `display ${i + 1}`;
      const tag = d.querySelector('.katex-html > .tag');
      const bases = [...d.querySelectorAll('.katex-html > .base')].map((b) => b.getBoundingClientRect());
      if (tag && bases.length) {
        const t = tag.getBoundingClientRect();
        for (const b of bases) {
          const overlapX = Math.min(t.right, b.right) - Math.max(t.left, b.left);
          const overlapY = Math.min(t.bottom, b.bottom) - Math.max(t.top, b.top);
          if (overlapX > 1 && overlapY > 1) {
            problems.push(`${name}: its number ${(tag.textContent ?? '').trim()} overlaps the formula (${overlapX.toFixed(0)}×${overlapY.toFixed(0)} px)`);
            break;
          }
        }
      }
      const style = getComputedStyle(d);
      const box = d.getBoundingClientRect();
      if (box.left < -1 || box.right > document.documentElement.clientWidth + 1) problems.push(`${name}: its box (${box.left.toFixed(0)} to ${box.right.toFixed(0)} px) leaves the page (${document.documentElement.clientWidth} px)`);
      const scrolls = (v: string) => v === 'auto' || v === 'scroll';
      if (d.scrollWidth > d.clientWidth + 1 && !scrolls(style.overflowX)) problems.push(`${name}: ${d.scrollWidth - d.clientWidth} px of the formula cut off with no scrolling (overflow-x: ${style.overflowX})`);
      if (d.scrollHeight > d.clientHeight + 1 && !scrolls(style.overflowY)) problems.push(`${name}: ${d.scrollHeight - d.clientHeight} px of the formula cut off at the top or bottom (overflow-y: ${style.overflowY})`);
      // Whatever the box clips must be within its scrollable area: nothing of the formula to the left of where scrolling starts.
      const ink = [...d.querySelectorAll('.katex-html > .base, .katex-html > .tag')].map((e) => e.getBoundingClientRect());
      const left = Math.min(...ink.map((r) => r.left));
      if (ink.length && left < box.left - 1 - d.scrollLeft) problems.push(`${name}: ${(box.left - left).toFixed(0)} px of the formula lie left of its box, where scrolling cannot reach`);
      if (d.scrollWidth > d.clientWidth + 1 && getComputedStyle(d).backgroundImage === 'none') problems.push(`${name}: it scrolls, with no cue at its edges (no background shading)`);
      if (d.scrollWidth > d.clientWidth + 1 && d.tabIndex < 0) problems.push(`${name}: it scrolls, but the keyboard cannot reach it (no tab stop)`);
    });
    return { count: displays.length, problems };
  });
}

/**
 * Long code (over 25 lines) and the article's numbers: folded behind a disclosure on screen, shown
 * in print, each disclosure saying how much it holds. Leaves the page in the screen medium.
 */
export async function foldProblems(page: Page): Promise<{ folded: number; problems: string[] }> {
  const seen = () =>
    page.evaluate(() => {
      const code = [...document.querySelectorAll('figure.source pre')].map((pre) => ({
        lines: (pre.textContent ?? '').split('\n').length,
        folded: !!pre.closest('details[data-print-open]'),
        shown: pre.checkVisibility(),
      }));
      const tables = [...document.querySelectorAll('.claims-table table')].map((t) => ({ folded: !!t.closest('details[data-print-open]'), shown: t.checkVisibility() }));
      return { code, tables, summaries: [...document.querySelectorAll('details[data-print-open] > summary')].map((x) => (x.textContent ?? '').trim()) };
    });
  const problems: string[] = [];
  let folded = 0;
  const screen = await seen();
  await page.emulateMedia({ media: 'print' });
  const print = await seen();
  await page.emulateMedia({ media: 'screen' });
  for (const [i, c] of screen.code.entries()) {
    if (c.lines > 25 && (!c.folded || c.shown)) problems.push(`a ${c.lines}-line source is not folded on screen`);
    if (c.lines <= 25 && c.folded) problems.push(`a ${c.lines}-line source is folded`);
    if (!print.code[i].shown) problems.push(`a ${c.lines}-line source is not shown in print`);
    if (c.folded) folded++;
  }
  for (const [i, t] of screen.tables.entries()) {
    if (!t.folded || t.shown) problems.push('the article’s numbers are not folded on screen');
    if (!print.tables[i].shown) problems.push('the article’s numbers are not shown in print');
  }
  for (const x of screen.summaries) if (!/\d/.test(x)) problems.push(`the disclosure "${x}" does not say how much it holds`);
  return { folded, problems };
}
