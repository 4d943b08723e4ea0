import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { leadingMarker, particle, readingOfEnd, type Marker } from '../../../src/i18n/josa.ts';
import { chapterProse } from './korean-style.ts';

/**
 * Particles after what the Korean chapters do not spell out (issue 29).
 *
 * - A cross reference, `[](#eq:cv)`, renders a number the author does not see ("식 (3)"), so a
 *   particle after it is always a marker, `[](#eq:cv)을(를)`, which src/markdown/crossref.ts
 *   chooses from the number shown; a bare particle typed after it is an error.
 * - Inline math is fixed text, so the particle after it is typed, and it must agree with how the
 *   formula's end is read: `$d$를` (디), `$N$이` (엔), `$2^{32}$을` (제곱), `$\lambda$가` (람다).
 *   A formula is read left to right as written (`$20/T$로`: 티, `$1/(n+1)$이`: 일); subscripts are
 *   read (`$L_3$은`: 삼), a power ends in 제곱, `\frac{a}{b}` in its numerator (b분의 a). No plugin
 *   chooses a marker after math, so a marker there would print as written: it fails too.
 */

const root = fileURLToPath(new URL('../../../', import.meta.url));
const chapters = readdirSync(`${root}content/ko`).filter((f) => f.endsWith('.mdx')).sort();

/** The marker a typed particle is one form of. */
const MARKER_OF: Record<string, Marker> = { 이: '이(가)', 가: '이(가)', 을: '을(를)', 를: '을(를)', 은: '은(는)', 는: '은(는)', 과: '과(와)', 와: '과(와)', 로: '(으)로', 으로: '(으)로' };
/** A particle typed at the start of `after`, as a word's end or before a particle that may follow it (로는, 과의). */
const TYPED = /^(?:(으로|로)(?:는|도|서|써|만|부터|의)?|(과|와)(?:의|는|도|만)?|([이가을를은는]))(?![\uac00-\ud7a3])/u;
const typedParticle = (after: string) => {
  const m = TYPED.exec(after);
  return m ? (m[1] ?? m[2] ?? m[3]) : undefined;
};

/** TeX commands at a formula's end, as the symbols readingOfEnd reads (or a Hangul word). */
const COMMANDS: Record<string, string> = {
  lambda: 'λ', tau: 'τ', epsilon: 'ε', varepsilon: 'ε', chi: 'χ', pi: 'π', infty: '∞', prime: '′', '%': '%',
  mu: '뮤', sigma: '시그마', rho: '로', alpha: '알파', beta: '베타', gamma: '감마', delta: '델타', theta: '세타', phi: '파이', omega: '오메가',
};
/** A closing mark at the end, passed over: the particle follows what is inside it. */
const CLOSER = /(?:\\right|\\bigr|\\Bigr)?(?:\)|\]|\\\}|\\rceil|\\rfloor|\\rangle|\\rvert|\\\||\|)\s*$/;

/** The index of the `{` that the `}` ending `s` closes. */
function openingBrace(s: string): number {
  let depth = 0;
  for (let i = s.length - 1; i >= 0; i--) {
    if (s[i] === '}' && s[i - 1] !== '\\') depth++;
    else if (s[i] === '{' && s[i - 1] !== '\\' && --depth === 0) return i;
  }
  return -1;
}

/** The end of a formula as text whose end readingOfEnd reads the way the formula is read ('' when unknown). */
export function texEnd(tex: string): string {
  let s = tex.replace(/\\[,;:! ]|~/g, ' ').replace(/\{,\}/g, ',').trim();
  for (let guard = 0; guard < 50; guard++) {
    const before = s;
    s = s.replace(CLOSER, '').trimEnd();
    if (/\^\s*(?:[^\s{}\\]|\\[A-Za-z]+)$/.test(s)) return '²';
    if (s.endsWith('}')) {
      const open = openingBrace(s);
      if (open < 0) return '';
      const head = s.slice(0, open).trimEnd();
      if (head.endsWith('^')) return '²';
      const numerator = /\\[dt]?frac\s*\{([^{}]*)\}$/.exec(head);
      // A group's content is read (a subscript, \text{…}, \sqrt{…}, \mathrm{…}); a fraction's numerator is read last (b분의 a).
      s = numerator ? numerator[1] : s.slice(open + 1, -1);
    }
    if (s === before) break;
  }
  const command = /\\([A-Za-z]+|%)$/.exec(s);
  if (command) return COMMANDS[command[1]] ?? '';
  // Letters in a formula are variables, each read by its name: Nk is 엔 케이.
  const letter = /[A-Za-z]$/.exec(s);
  if (letter) return ` ${letter[0]}`;
  return s;
}

interface Slip {
  line: number;
  found: string;
  why: string;
}

/** How many typed particles after math the last particleSlips call checked. */
let checked = 0;

/** Particles after cross references and inline math in a chapter's text that disagree with what precedes them. */
export function particleSlips(text: string): Slip[] {
  const slips: Slip[] = [];
  checked = 0;
  chapterProse(text)
    .split('\n')
    .forEach((raw, i) => {
      const line = raw.replace(/`[^`]*`/g, (code) => ' '.repeat(code.length));
      for (const m of line.matchAll(/\[\]\(#[a-z]+:[^)]*\)/g)) {
        const after = line.slice((m.index ?? 0) + m[0].length);
        const typed = typedParticle(after);
        if (typed && !leadingMarker(after)) slips.push({ line: i + 1, found: `${m[0]}${typed}`, why: `write the marker, ${m[0]}${MARKER_OF[typed]}: the number it renders decides the particle` });
      }
      for (const m of line.matchAll(/(?<![\\$])\$(?!\$)((?:\\.|[^$\\])+)\$(?!\$)/g)) {
        const after = line.slice((m.index ?? 0) + m[0].length);
        const marker = leadingMarker(after);
        if (marker) {
          slips.push({ line: i + 1, found: `${m[0]}${marker}`, why: `nothing chooses a marker after math: type the particle, ${m[0]}${particle(texEnd(m[1]), marker)}` });
          continue;
        }
        const typed = typedParticle(after);
        if (!typed) continue;
        checked++;
        const end = texEnd(m[1]);
        if (readingOfEnd(end) === '') {
          slips.push({ line: i + 1, found: `${m[0]}${typed}`, why: 'the formula’s end has no known reading here: teach texEnd how it is read, or reword' });
          continue;
        }
        const right = particle(end, MARKER_OF[typed]);
        if (right !== typed) slips.push({ line: i + 1, found: `${m[0]}${typed}`, why: `read …${readingOfEnd(end)}: ${m[0]}${right}` });
      }
    });
  return slips;
}

describe('particles after cross references and inline math in the Korean chapters', () => {
  let total = 0;
  it.each(chapters)('content/ko/%s', (file) => {
    const slips = particleSlips(readFileSync(`${root}content/ko/${file}`, 'utf8'));
    total += checked;
    expect(slips.map((s) => `content/ko/${file}:${s.line}: ${s.found} (${s.why})`).join('\n')).toBe('');
  });

  it('checked the particles after math (some 90 in the chapters: far fewer means the scan lost them)', () => {
    expect(total).toBeGreaterThan(60);
  });

  it('reads the end of a formula as it is read aloud', () => {
    const read = (tex: string) => readingOfEnd(texEnd(tex));
    expect(read('[0, 2^{32})')).toBe('제곱');
    expect(read('\\chi^2')).toBe('제곱');
    expect(read('L_{d=1}')).toBe('일');
    expect(read('L_3')).toBe('삼');
    expect(read('w_i')).toBe('아이');
    expect(read('a + b = Nk')).toBe('케이');
    expect(read('\\lceil c \\cdot K/N \\rceil')).toBe('엔');
    expect(read('1/(1-\\lambda)')).toBe('람다');
    expect(read('20/5.85')).toBe('오');
    expect(read('(G_1, \\dots, G_M)')).toBe('엠');
    expect(read('\\frac{1}{n+1}')).toBe('일');
    expect(read('100{,}000')).toBe('만');
    expect(read('\\dots')).toBe('');
  });

  it('catches each planted slip and leaves right particles and markers alone', () => {
    const fixture = [
      '남은 점 수로 [](#eq:cv)를 다시 계산하고, [](#fig:flow)는 흐름 하나입니다.',
      '곧 $[0, 2^{32})$를 씁니다. $\\chi^2$가 작고 $N$가 큽니다.',
      '$d=2$을(를) 봅니다.',
      '[](#eq:cv)을(를) 다시, [](#fig:flow)은(는), [](#cite:azar1999)에서, $d$를 바꾸면 $d=2$가, $N$이, $2^{32}$을, $L_3$은, $20/T$로, $p = 0$으로는, $N$과의, `$x$를` 봅니다.',
    ].join('\n');
    expect(particleSlips(fixture).map((s) => `${s.line}:${s.found}`)).toEqual([
      '1:[](#eq:cv)를',
      '1:[](#fig:flow)는',
      '2:$[0, 2^{32})$를',
      '2:$\\chi^2$가',
      '2:$N$가',
      '3:$d=2$을(를)',
    ]);
  });
});
