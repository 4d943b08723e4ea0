/**
 * Particles from the value (issue 29): in Korean the particle after a number depends on how the
 * number is read ("511이", "8.014가", "9와", "8과"), so a `<Value>`, `<Claim>` or `<Fill>` carries
 * it as a marker (`josa="과(와)"`) and the page chooses it from the value it shows, at build time
 * and after every live run; a counter or unit after the number (`suffix="개"`) sits inside the
 * element too, so that a verdict or a note for screen readers never stands between them.
 *
 * Two tests: the built Korean pages (their HTML, no browser): every particle against the value
 * shown, and again at values ending in every final consonant through the code the page runs
 * after a live run; no particle or counter typed after a value. Then a live run in Chromium at a
 * non-default setting whose value is read differently, and Reset.
 */
import { readFileSync } from 'node:fs';
import { JSDOM } from 'jsdom';
import { retail } from '../../components/notebook/follow.ts';
import { isMarker, readingOfEnd, tailText, type Marker } from '../../src/i18n/josa.ts';
import { ACROSS_ELEMENTS, handaEndings, numberStyleProblems } from '../unit/i18n/korean-style.ts';
import { options, test } from './lib/fixtures.ts';
import { builtDocument, assert, builtFile, label, Problems, runCell, url, withPage } from './lib/helpers.ts';

/** A particle typed after a value instead of a marker: the value's reading is not consulted. */
const TYPED_PARTICLE = /^(?:으로|[이가을를은는과와로])(?![\uac00-\ud7a3])/u;
/** Any word typed right after a value (a counter, a particle, a unit): it belongs in `suffix`. */
const TYPED_AFTER = /^(?:[\uac00-\ud7a3]|\s?(?:ns|µs|μs|ms|TB|GB|MB|KB)(?![A-Za-z]))/u;

/**
 * What each marker becomes after a value, by how the value's reading ends, written out here
 * (not computed by the module under test): no final consonant, final ㄹ (로, not 으로), another
 * final consonant. The values: 2 이, 1 일, 6 육, 3 삼, 10 십, 1000 천, 0 영.
 */
const FORMS: Record<'none' | 'rieul' | 'other', Record<'이(가)' | '을(를)' | '은(는)' | '과(와)' | '(으)로', string>> = {
  none: { '이(가)': '가', '을(를)': '를', '은(는)': '는', '과(와)': '와', '(으)로': '로' },
  rieul: { '이(가)': '이', '을(를)': '을', '은(는)': '은', '과(와)': '과', '(으)로': '로' },
  other: { '이(가)': '이', '을(를)': '을', '은(는)': '은', '과(와)': '과', '(으)로': '으로' },
};
const PROBES: [string, keyof typeof FORMS][] = [['2', 'none'], ['1', 'rieul'], ['6', 'other'], ['3', 'other'], ['10', 'other'], ['1000', 'other'], ['0', 'other']];

/** The value an element shows: its first text node (what follows it in the same word is its `.tail`). */
const shown = (el: Element) => (el.firstChild?.nodeType === 3 ? (el.firstChild.textContent ?? '') : '');

test('particles from the value: every particle after a <Value>, <Claim> or <Fill> of every Korean chapter agrees with the value shown, at the build’s values and, rewritten as a live run rewrites it, at values ending in every final consonant; no particle or counter is typed after a value or stands after its verdict (the built HTML)', async ({ suite: s }) => {
  const p = new Problems();
  const pages = s.pages.filter((x) => x.locale === 'ko');
  let particles = 0;
  let rewritten = 0;
  for (const page of pages) {
    const document = builtDocument(page.path);
    if (!document) {
      p.add(label(page), 'no built HTML file');
      continue;
    }
    for (const el of document.querySelectorAll<HTMLElement>('main .claim, main .fill')) {
      const what = el.dataset.claim ?? el.dataset.measured ?? el.dataset.fill ?? '?';
      const value = shown(el);
      const after = el.nextSibling?.nodeType === 3 ? (el.nextSibling.textContent ?? '') : '';
      if (TYPED_PARTICLE.test(after)) p.add(label(page), `${what} "${value}" is followed by a typed particle "${after.slice(0, 6)}": give it josa="…" instead`);
      else if (TYPED_AFTER.test(after)) p.add(label(page), `${what} "${value}" is followed by "${after.slice(0, 6)}" outside it: give it suffix="…" so that no note comes between them`);
      const tail = el.querySelector<HTMLElement>(':scope > .tail');
      if (!tail) continue;
      // Nothing between the value and what follows it: the tail comes right after the value, before the verdict and any note.
      if (tail.previousSibling !== el.firstChild) p.add(label(page), `${what}: something stands between "${value}" and "${tail.textContent}"`);
      const marker = tail.dataset.josa;
      if (marker === undefined) continue;
      particles++;
      if (!isMarker(marker)) {
        p.add(label(page), `${what}: data-josa="${marker}" is not a marker`);
        continue;
      }
      const suffix = tail.dataset.suffix ?? '';
      if (readingOfEnd(value + suffix) === '') p.add(label(page), `${what}: "${value + suffix}" has no known reading, so its particle is a guess`);
      if (tail.textContent !== tailText(value, suffix, marker)) p.add(label(page), `${what}: "${value}${tail.textContent}", expected "${value}${tailText(value, suffix, marker)}"`);
      // As a live run rewrites it (follow.ts), at values read to end in every way.
      for (const [probe, ending] of PROBES) {
        const copy = tail.cloneNode(true) as HTMLElement;
        retail(copy, probe);
        rewritten++;
        // After a Hangul suffix (개, 바이트) the particle follows the suffix, whatever the value.
        const expected = /[\uac00-\ud7a3]$/u.test(suffix) ? tailText('', suffix, marker) : suffix + (FORMS[ending] as Partial<Record<Marker, string>>)[marker];
        if (expected.endsWith('undefined')) p.add(label(page), `${what}: no expected form written for ${marker} here`);
        else if (copy.textContent !== expected) p.add(label(page), `${what} rewritten to ${probe}: "${probe}${copy.textContent}", expected "${probe}${expected}"`);
      }
    }
  }
  // The chapters carry some 60 particles after values: far fewer means the markers were lost.
  if (particles < 40) p.add('Korean chapters', `only ${particles} particles from markers were found`);
  assert(rewritten === particles * PROBES.length, 'every particle was rewritten at every probe');
  p.check();
});

test('particles from the value, live: the histogram cell rerun at n = 100,000 rewrites its caption’s sentence (<Say>) from "9와" (구) to "8과" (팔) after the largest load, the note for screen readers after the whole sentence; Reset gives the build’s sentence back (/power-of-two-choices/)', options(120_000), async ({ suite: s }) => {
  await withPage(s, {}, async (page) => {
    const p = new Problems();
    await page.goto(url(s, '/power-of-two-choices/'));
    const cellSel = '[data-cell="histogram"]';
    const sayKey = `${cellSel} [data-say="balls.histogram:tails"]`;
    await page.locator(cellSel).scrollIntoViewIfNeeded();
    await page.waitForSelector(`${cellSel}[data-ready]`);
    const read = () =>
      page.$eval(sayKey, (el) => ({
        html: el.innerHTML,
        text: Array.from(el.childNodes, (n) => ((n as Element).className === 'sr-only' ? '' : n.textContent)).join(''),
        last: (el.lastChild as Element | null)?.className ?? 'text',
      }));
    const build = await read();
    if (!build.text.includes('각각 9와 ')) p.add('build', `the caption reads "${build.text}", expected "… 각각 9와 …"`);
    await page.locator(`${cellSel} [name="n"]`).fill('100000');
    assert((await runCell(page, 'histogram', 60_000)) === 'done', 'the run did not finish');
    const live = await read();
    if (!live.text.includes('각각 8과 ')) p.add('live run', `the caption reads "${live.text}", expected "… 각각 8과 …"`);
    if (live.last !== 'sr-only') p.add('live run', `the sentence ends with "${live.last}", expected the note for screen readers`);
    await page.locator(`${cellSel} [data-action="reset"]`).click();
    const reset = await read();
    if (reset.html !== build.html) p.add('reset', `${reset.html}, expected ${build.html}`);
    p.check();
  });
});

/** Blocks whose text is read as a sentence or a label, for the register check. */
const BLOCKS = 'p, li, figcaption, td, th, dd, dt, h1, h2, h3, h4, summary, caption, [role="status"], .cell-verdict';

test('Korean style in the built pages: no 100 000-style grouping, no unspaced 만개 or SI unit, whole 만 in 만, no 한다체 ending, in the prose, the figures and every number the code formatted (every Korean page, the built HTML)', async ({ suite: s }) => {
  const p = new Problems();
  for (const page of s.pages.filter((x) => x.locale === 'ko')) {
    const file = builtFile(page.path);
    if (!file) {
      p.add(label(page), 'no built HTML file');
      continue;
    }
    const { document } = new JSDOM(readFileSync(file, 'utf8')).window;
    // The TeX a formula was written in, then the page without code, scripts and KaTeX's rendering.
    for (const tex of document.querySelectorAll('annotation[encoding="application/x-tex"]')) {
      for (const f of numberStyleProblems(tex.textContent ?? '').filter((x) => x.rule === 'TeX space grouping')) p.add(label(page), `${f.rule} "${f.found}" in $${f.context}$ (${f.why})`);
    }
    for (const el of document.querySelectorAll('code, pre, script, style, .katex, [data-spec], template')) el.remove();
    // Each text as written (an axis's ticks and a table's cells are apart), then each block with its
    // inline elements joined, for a number and its counter or unit in two elements ("10만" "개를").
    const walker = document.createTreeWalker(document.body, 4);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const f of numberStyleProblems(node.textContent ?? '')) p.add(label(page), `${f.rule} "${f.found}" in …${f.context}… (${f.why})`);
    }
    for (const el of document.querySelectorAll(`${BLOCKS}, text`)) {
      if (el.querySelector(BLOCKS)) continue;
      const joined = numberStyleProblems(el.textContent ?? '', ACROSS_ELEMENTS).filter((f) => !Array.from(el.childNodes).some((c) => c.nodeType === 3 && (c.textContent ?? '').includes(f.context.trim())));
      for (const f of joined) p.add(label(page), `${f.rule} "${f.found}" in …${f.context}… (${f.why})`);
    }
    for (const el of document.querySelectorAll(BLOCKS)) {
      if (el.querySelector(BLOCKS)) continue;
      for (const f of handaEndings((el.textContent ?? '').replace(/\s+/g, ' '))) p.add(label(page), `한다체: …${f.sentence}`);
    }
  }
  p.check();
});
