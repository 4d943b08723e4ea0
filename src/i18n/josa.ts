import { josa } from 'es-hangul';
import { COUNTER } from './korean-count.ts';

/**
 * Korean particles after generated text. A particle depends on how the word before it ends when
 * read aloud: "식 (1)을" (일), "그림 4를" (사), "식 (3)으로" (삼), "그림 10과" (십). Authors and
 * templates write the particle in its two-form notation right after the generated text, and it is
 * chosen when the text is known:
 *
 *   [](#eq:little)(으)로     "{text}"을(를)     {M}은(는)
 *
 * es-hangul's `josa.pick` chooses the form for a Hangul word (ㄹ before 로 included); what comes
 * before it here is the reading of the end of a rendered string, since references and values end in
 * digits, Latin letters or closing brackets, which es-hangul reads as "no final consonant".
 */

/** The two-form notations an author may write, and the es-hangul option each stands for. */
const MARKERS = {
  '을(를)': '을/를',
  '를(을)': '을/를',
  '은(는)': '은/는',
  '는(은)': '은/는',
  '이(가)': '이/가',
  '가(이)': '이/가',
  '과(와)': '와/과',
  '와(과)': '와/과',
  '(으)로': '으로/로',
  '(이)나': '이나/나',
} as const;
export type Marker = keyof typeof MARKERS;

const escape = (s: string) => s.replace(/[()]/g, '\\$&');
/** Any one marker, as a regular expression source (no groups). */
export const MARKER_SOURCE = `(?:${Object.keys(MARKERS).map(escape).join('|')})`;
const AT_START = new RegExp(`^${MARKER_SOURCE}`);

/** Sino-Korean digits, as read in "식 (3)", "3번", "3%". */
const DIGITS = ['영', '일', '이', '삼', '사', '오', '육', '칠', '팔', '구'];
/** What a number ending in so many zeros ends with when read: 십, 백, 천, then 만, 억, 조, 경 every four. */
const UNITS = ['', '십', '백', '천'];
const MYRIADS = ['', '만', '억', '조', '경'];
/** Letter names as Korean engineers say them (L 엘, M 엠, N 엔, R 알 end in a consonant). */
const LETTERS: Record<string, string> = {
  a: '에이', b: '비', c: '씨', d: '디', e: '이', f: '에프', g: '지', h: '에이치', i: '아이', j: '제이',
  k: '케이', l: '엘', m: '엠', n: '엔', o: '오', p: '피', q: '큐', r: '알', s: '에스', t: '티',
  u: '유', v: '브이', w: '더블유', x: '엑스', y: '와이', z: '지',
};
const SYMBOLS: Record<string, string> = {
  '%': '퍼센트', '²': '제곱', '³': '세제곱', λ: '람다', τ: '타우', ε: '엡실론', χ: '카이', π: '파이',
  '∞': '무한대', '×': '배', '‰': '퍼밀', '+': '플러스', '−': '마이너스', '-': '마이너스', '=': '이퀄',
  '°': '도', '′': '프라임', '√': '루트',
};
/** Units after a number, as they are read: "0.8 µs" is 영 점 팔 마이크로초, "100 TB" 백 테라바이트, "1.29x" 일 점 이구 배. */
const UNITS_READ: Record<string, string> = {
  ns: '나노초', µs: '마이크로초', μs: '마이크로초', us: '마이크로초', ms: '밀리초', s: '초', min: '분', h: '시간',
  B: '바이트', KB: '킬로바이트', kB: '킬로바이트', KiB: '키비바이트', MB: '메가바이트', MiB: '메비바이트',
  GB: '기가바이트', GiB: '기비바이트', TB: '테라바이트', bit: '비트', bits: '비트', x: '배', pp: '포인트',
  Hz: '헤르츠', kHz: '킬로헤르츠', MHz: '메가헤르츠', GHz: '기가헤르츠',
};
const UNIT_AFTER_NUMBER = new RegExp(`\\d[\\s\u00a0\u202f]?(${Object.keys(UNITS_READ).join('|')})$`, 'u');
/** Superscript digits other than ² and ³ (2⁶⁴, 10⁶) are read as a power: 제곱. */
const SUPERSCRIPT = /[\u2070\u00b9\u2074-\u2079]$/u;
/** Closing marks and spaces that are passed over: the particle follows what is inside them. */
const CLOSERS = /[\s)\]}"'”’»›」』〉》]+$/u;

function readInteger(digits: string): string {
  const trimmed = digits.replace(/^0+(?=\d)/, '');
  const zeros = /0*$/.exec(trimmed)![0].length;
  if (zeros === trimmed.length) return DIGITS[0];
  if (zeros === 0) return DIGITS[Number(trimmed.at(-1))];
  if (zeros < 4) return UNITS[zeros];
  // 10 000 is 만, 100 000 십만, 10^8 억: past 천 a number ends in its myriad's name.
  return MYRIADS[Math.min(Math.floor(zeros / 4), MYRIADS.length - 1)];
}

/**
 * How the end of a rendered string sounds, as a Hangul word es-hangul can read: "식 (3)" → "삼",
 * "Figure 10" → "십", "100만" → "만", "0.25" → "오", "CV" → "브이", "ring" → "링".
 */
export function readingOfEnd(text: string): string {
  // A subscript index (L₃, the square with multiplier 3) is read as its digits: 엘 삼.
  const s = text.replace(CLOSERS, '').replace(/[\u2080-\u2089]/g, (d) => String(d.charCodeAt(0) - 0x2080));
  if (s === '') return '';
  const last = s.at(-1)!;
  if (/[\uAC00-\uD7A3]/.test(last)) return last;
  // A parenthesis right after a word is an aside: the particle follows the word before it
  // ("from(4)과" reads 프롬, "p2c(3.1)와" 씨), while "식 (3)" and "[3]" are read inside.
  const aside = /([A-Za-z\uAC00-\uD7A3])\([^()]*\)$/u.exec(text.replace(/[\s"'”’»›」』〉》]+$/u, ''));
  if (aside) return readingOfEnd(text.slice(0, text.lastIndexOf('(', text.length - 1)));
  const unit = UNIT_AFTER_NUMBER.exec(s);
  if (unit) return UNITS_READ[unit[1]];
  if (SUPERSCRIPT.test(s)) return '제곱';
  const number = /(\d[\d,\u00a0\u202f\u2009 ]*)$/.exec(s);
  if (number) {
    const digits = number[1].replace(/[^\d]/g, '');
    const before = s.slice(0, s.length - number[1].length);
    // After a decimal point digits are read one by one: 0.25 is 영 점 이오.
    if (before.endsWith('.') && /\d$/.test(before.slice(0, -1))) return DIGITS[Number(digits.at(-1))];
    return readInteger(digits);
  }
  const word = /([A-Za-z]+)$/.exec(s);
  if (word) {
    const w = word[1];
    // A lower-case word is read as a word: its final consonant sound, not its last letter's name;
    // one without a vowel is an abbreviation read by letter (rr 알알, swrr, jsq 제이에스큐).
    if (w.length > 1 && w !== w.toUpperCase() && /[aeiouy]/i.test(w)) {
      const lower = w.toLowerCase();
      if (lower.endsWith('ng')) return '링';
      if (lower.endsWith('m')) return '엠';
      if (lower.endsWith('n')) return '엔';
      if (lower.endsWith('l') || /[^aeiou]le$/.test(lower)) return '엘';
      return '다';
    }
    return LETTERS[w.at(-1)!.toLowerCase()];
  }
  return SYMBOLS[last] ?? '';
}

/** The particle a marker stands for after `text` as rendered. */
export function particle(text: string, marker: Marker): string {
  const option = MARKERS[marker];
  const reading = readingOfEnd(text);
  // Nothing readable at the end (a bare symbol): the form written first in the option, as for a
  // word with a final consonant, is the conservative choice a reader forgives.
  if (reading === '') return option.split('/')[0];
  return josa.pick(reading, option);
}

/** A marker at the very start of `text`, if there is one. */
export function leadingMarker(text: string): Marker | undefined {
  return AT_START.exec(text)?.[0] as Marker | undefined;
}

/** `text` followed by the particle a marker stands for: `withParticle('식 (3)', '(으)로')` is "식 (3)으로". */
export function withParticle(text: string, marker: Marker): string {
  return text + particle(text, marker);
}

/** Whether `text` is one of the markers an author may write. */
export function isMarker(text: string): text is Marker {
  return Object.hasOwn(MARKERS, text);
}

/**
 * What follows a generated number in the same word, inside its element so that nothing (a
 * verdict chip, a screen reader's note) comes between them: the fixed text after it (a counter,
 * a unit, a particle that does not depend on the number: 개, " ns", 개부터, 입니다) and then the
 * particle a marker stands for, read from the number and that text ("511" 이(가) → "이";
 * "6" + "바이트" 이(가) → "바이트가").
 */
export function tailText(shown: string, suffix = '', marker?: Marker): string {
  // A counter after 만 or 억 is a word of its own: "10만 개", but "9,787개" and "10만에서".
  const spaced = /[만억조경]$/u.test(shown) && COUNTER.test(suffix) ? ` ${suffix}` : suffix;
  return marker ? spaced + particle(shown + spaced, marker) : spaced;
}

/** A marker given as a component's prop, checked: an unknown one is an author's typo, said plainly. */
export function markerProp(value: string | undefined, where: string): Marker | undefined {
  if (value === undefined) return undefined;
  if (!isMarker(value)) throw new Error(`${where}: josa="${value}" is not a particle marker; use one of ${Object.keys(MARKERS).join(', ')}`);
  return value;
}
