/**
 * How Korean text on the site writes numbers and ends its sentences (issue 29), as checks over a
 * piece of text a reader sees: the Korean strings, the chapters' prose, the built pages. Shared by
 * the unit tests (register.test.ts, number-style.test.ts) and the browser suite's check of the built
 * HTML (tests/browser/particles.ts).
 */

/**
 * A sentence ending in 한다체: 다 not after 니 (…한다, …이다, …었다), a bookish question or
 * imperative; or in a 해요체 ending that 합니다체 prose does not use (…니까요, …거든요, …잖아요, …죠).
 */
const HANDA = [/(?<!니)다$/, /[는은]가$/, /[을ㄹ]까$/, /(?:보|하|주|세|오)라$/, /느냐$/, /니까요$/, /거든요$/, /잖아요$/, /죠$/];
/** Words that end in 다 but are not verbs: a short allow-list. */
const ALLOWED = [/시다$/, /람다$/, /판다$/, /바다$/, /더 나아가다$/];

/** The prose of one line, quotations, code, math, tags and references taken out. */
function prose(line: string): string {
  return (
    line
      .replace(/`[^`]*`/g, ' ')
      .replace(/\$[^$]*\$/g, ' X ')
      // A value's component reads as a number and what follows it in the same word (its suffix and particle).
      .replace(/<[A-Z][^>]*\/>/g, (tag) => ` X${/\ssuffix="([^"]*)"/.exec(tag)?.[1] ?? ''}${/\sjosa="/.test(tag) ? '이' : ''} `)
      .replace(/<\/?[A-Za-z][^>]*>/g, ' ')
      .replace(/“[^”]*”|‘[^’]*’|"[^"]*"|'[^']*'/g, ' X ')
      .replace(/\[\]\(#[^)]*\)/g, ' X ')
      .replace(/\[\^[^\]]*\]/g, '')
      .replace(/\*\*|__|\*/g, '')
  );
}

/** The sentences of a text that end in 한다체, each with its line. */
export function handaEndings(text: string): { line: number; sentence: string }[] {
  const found: { line: number; sentence: string }[] = [];
  text.split('\n').forEach((raw, i) => {
    for (const part of prose(raw).split(/(?<=[.!?;])\s+|\s*\|\s*|:\s+/)) {
      // The end of the sentence: closing marks and a trailing parenthesis are not its ending.
      const end = part.trim().replace(/\s*\([^()]*\)\s*[.!?;]?$/, '').replace(/[\s.!?;:,…)\]}>-]+$/, '');
      if (end === '' || !/[\uac00-\ud7a3]$/.test(end)) continue;
      if (ALLOWED.some((a) => a.test(end))) continue;
      if (HANDA.some((h) => h.test(end))) found.push({ line: i + 1, sentence: part.trim().slice(-60) });
    }
  });
  return found;
}

/** A chapter without its code blocks and display math, which are not prose; lines keep their numbers. */
export function chapterProse(text: string): string {
  let inBlock = false;
  return text
    .split('\n')
    .map((line) => {
      const fence = /^(```|\$\$)/.test(line.trim());
      if (fence) {
        const closesOnSameLine = line.trim().startsWith('$$') && line.trim().length > 2 && line.trim().endsWith('$$');
        if (!closesOnSameLine) inBlock = !inBlock;
        return '';
      }
      if (inBlock) return '';
      // Front matter: only what a reader reads (summary, the source box's title and role).
      const fm = /^\s*(\w+):\s*(.*)$/.exec(line);
      if (fm && !/^(summary|title|role)$/.test(fm[1]) && !/[\uac00-\ud7a3]{2}.*[.]\s*$/.test(line)) return '';
      return fm ? fm[2].replace(/^'|'$/g, '') : line;
    })
    .join('\n');
}

/** Spaces a number may be grouped with in French or SI style, which Korean does not use. */
const GROUP_SPACE = '[ \\u00a0\\u202f\\u2009]';
const RULES: { name: string; re: RegExp; why: string; only?: (found: string) => boolean }[] = [
  { name: 'space grouping', re: new RegExp(`(?<![\\d.,])\\d{1,3}(?:${GROUP_SPACE}\\d{3})+(?![\\d.,])`, 'gu'), why: 'Korean groups digits with commas: 100,000 (or 10만)' },
  { name: 'TeX space grouping', re: /\d\\[,:;!]\d{3}(?!\d)/g, why: 'write 100{,}000 or 10만 in math, not 100\\,000' },
  { name: 'unspaced 만/억 before a counter', re: /\d[만억조](?=[개대명번건회줄점배])/gu, why: 'a space before the counter: 10만 개' },
  { name: 'unspaced SI unit', re: /(?<![A-Za-z_\d.])\d+(?:[.,]\d+)?(?:ns|µs|μs|ms|B|KB|KiB|MB|MiB|GB|GiB|TB|Hz|kHz|MHz|GHz)(?![A-Za-z])/gu, why: 'a space between a number and its unit: 0.8 µs, 100 TB, 4 B' },
  // Outside “…”: a value to type into a cell's field is quoted as typed (the fields take no commas).
  { name: 'long number without commas', re: /(?<![\d.,A-Za-z_#:/-])\d{5,}(?![\d.,A-Za-z_])(?![^“”]*”)/gu, why: 'digits grouped by commas (16,384) or written in 만 (100만)' },
  {
    name: 'a whole number of 만 in digits',
    re: /(?<![\d.,])\d{1,3}(?:,\d{3})+(?![\d.,])(?=\s?(?:개|대|명|번|건|회|줄|점|쌍|바이트))/gu,
    why: 'a count that is a whole number of 만 reads in 만 and 억: 10만 개, 1억 번 (as the code formats counts)',
    only: (found) => Number(found.replace(/,/g, '')) % 10_000 === 0,
  },
];

export interface StyleProblem {
  rule: string;
  found: string;
  why: string;
  context: string;
}

/** The rules that look at a number and what follows it, which may be in the next element (a value's counter). */
export const ACROSS_ELEMENTS = new Set(['unspaced 만/억 before a counter', 'unspaced SI unit', 'a whole number of 만 in digits']);

/** Numbers written the way Korean text does not write them, in one text (`rules`: only these). */
export function numberStyleProblems(text: string, rules?: ReadonlySet<string>): StyleProblem[] {
  const out: StyleProblem[] = [];
  for (const { name, re, why, only } of RULES) {
    if (rules && !rules.has(name)) continue;
    for (const m of text.matchAll(re)) {
      if (only && !only(m[0])) continue;
      const at = m.index ?? 0;
      out.push({ rule: name, found: m[0], why, context: text.slice(Math.max(0, at - 25), at + m[0].length + 10).replace(/\s+/g, ' ') });
    }
  }
  return out;
}
