import { describe, expect, it } from 'vitest';
import { fill } from '../../../src/i18n/index.ts';
import { ko } from '../../../src/i18n/ko.ts';
import { markerProp, particle, readingOfEnd, tailText, withParticle, type Marker } from '../../../src/i18n/josa.ts';
import { koreanCount, koreanRoundCount } from '../../../src/i18n/korean-count.ts';

/** Each case: the rendered text and the particle every marker must become after it. */
const cases: [string, Record<Marker, string>][] = [
  // 일: final ㄹ, which takes 로, not 으로
  ['식 (1)', { '을(를)': '을', '를(을)': '을', '은(는)': '은', '는(은)': '은', '이(가)': '이', '가(이)': '이', '과(와)': '과', '와(과)': '과', '(으)로': '로', '(이)나': '이나' }],
  // 사: no final consonant
  ['그림 4', { '을(를)': '를', '를(을)': '를', '은(는)': '는', '는(은)': '는', '이(가)': '가', '가(이)': '가', '과(와)': '와', '와(과)': '와', '(으)로': '로', '(이)나': '나' }],
  // 삼: final ㅁ
  ['식 (3)', { '을(를)': '을', '를(을)': '을', '은(는)': '은', '는(은)': '은', '이(가)': '이', '가(이)': '이', '과(와)': '과', '와(과)': '과', '(으)로': '으로', '(이)나': '이나' }],
  // 십: final ㅂ
  ['Figure 10', { '을(를)': '을', '를(을)': '을', '은(는)': '은', '는(은)': '은', '이(가)': '이', '가(이)': '이', '과(와)': '과', '와(과)': '과', '(으)로': '으로', '(이)나': '이나' }],
  // 이: no final consonant
  ['Eq. (2)', { '을(를)': '를', '를(을)': '를', '은(는)': '는', '는(은)': '는', '이(가)': '가', '가(이)': '가', '과(와)': '와', '와(과)': '와', '(으)로': '로', '(이)나': '나' }],
];

describe('particles after generated text', () => {
  it.each(cases)('%s takes the right form of every particle', (text, expected) => {
    for (const [marker, form] of Object.entries(expected) as [Marker, string][]) expect(particle(text, marker), `${text} ${marker}`).toBe(form);
  });

  it('reads numbers as Sino-Korean numerals, letters by their names, words by their last sound', () => {
    const read: [string, string][] = [
      ['식 (6)', '육'], ['식 (7)', '칠'], ['그림 8', '팔'], ['그림 9', '구'], ['그림 0', '영'],
      ['그림 20', '십'], ['100', '백'], ['2000', '천'], ['10,000', '만'], ['1,000,000', '만'], ['100000000', '억'],
      ['1,250만', '만'], ['0.25', '오'], ['12.5%', '퍼센트'], ['[3]', '삼'], ['"abc:80"', '십'],
      ['L', '엘'], ['M', '엠'], ['N', '엔'], ['SWRR', '알'], ['CV', '브이'], ['k', '케이'],
      ['Maglev', '다'], ['Finagle', '엘'], ['ring', '링'], ['nginx', '다'], ['MD5', '오'],
    ];
    for (const [text, reading] of read) expect(readingOfEnd(text), text).toBe(reading);
  });

  it('reads the cases the issue names the way a Korean reader says them', () => {
    expect(withParticle('식 (1)', '을(를)')).toBe('식 (1)을');
    expect(withParticle('그림 4', '은(는)')).toBe('그림 4는');
    expect(withParticle('식 (3)', '(으)로')).toBe('식 (3)으로');
    expect(withParticle('식 (1)', '(으)로')).toBe('식 (1)로');
  });

  it('reads a subscript index as its digits: L₃ is 엘 삼, L₂ 엘 이, L₁₀ 엘 십', () => {
    expect(withParticle('L₃', '은(는)')).toBe('L₃은');
    expect(withParticle('L₂', '은(는)')).toBe('L₂는');
    expect(withParticle('L₁₀', '을(를)')).toBe('L₁₀을');
  });

  it('chooses the particle after a placeholder when a template is filled', () => {
    expect(fill('{line}번째 줄 "{text}"을(를) 읽을 수 없습니다.', { line: 2, text: 'a.example:8080' })).toBe('2번째 줄 "a.example:8080"을 읽을 수 없습니다.');
    expect(fill('{line}번째 줄 "{text}"을(를) 읽을 수 없습니다.', { line: 2, text: 'cache-a' })).toBe('2번째 줄 "cache-a"를 읽을 수 없습니다.');
    expect(fill('“{name}”은(는) 방식이 아닙니다.', { name: 'ring' })).toBe('“ring”은 방식이 아닙니다.');
    expect(fill('{M}은(는) 소수가 아닙니다.', { M: 65536 })).toBe('65536은 소수가 아닙니다.');
    expect(fill('{M}은(는) 소수가 아닙니다.', { M: 65535 })).toBe('65535는 소수가 아닙니다.');
    expect(fill('from({from})과(와) 같으면', { from: 4 })).toBe('from(4)와 같으면');
    // A placeholder left unfilled keeps its marker, and English templates have none.
    expect(fill('{M}은(는)', {})).toBe('{M}은(는)');
    expect(fill('{M} is not prime', { M: 10 })).toBe('10 is not prime');
  });
});

/**
 * The five particles the chapters write after values, for a value of every way a reading ends:
 * no final consonant, final ㄹ (로, not 으로) and every other final consonant a reading of a number,
 * a unit, a letter or a symbol ends in here (ㄱ ㄴ ㅁ ㅂ ㅇ). Each row: values read to end alike,
 * then 이(가), 을(를), 은(는), 과(와), (으)로 as they must come out.
 */
const byEnding: [string, string[], [string, string, string, string, string]][] = [
  ['no final consonant', ['2', '4', '5', '9', '0.25', '1.29×', '1.29x', 'C++', '0.8 µs', '291 ns', '3 ms', '6 B', '100 TB', 'jsq', 'nginx', 'CV', 'p2c', 'to(2)'], ['가', '를', '는', '와', '로']],
  ['ㄹ', ['1', '7', '8', '511', '0.1', '4.57', 'rr', 'swrr', 'SWRR', 'L', 'wrr(1)'], ['이', '을', '은', '과', '로']],
  ['ㄱ', ['6', '106', '100', '1억', '0.6', '2억'], ['이', '을', '은', '과', '으로']],
  ['ㄴ', ['1000', '10,000', '10만', '1,250만', '3천', 'N', 'mod N', 'bin(3)'], ['이', '을', '은', '과', '으로']],
  ['ㅁ', ['3', '1.953', 'M', 'random', 'from(4)'], ['이', '을', '은', '과', '으로']],
  ['ㅂ', ['10', '20', '1,510', 'χ²', 'n²', '2⁶⁴', 'k²'], ['이', '을', '은', '과', '으로']],
  ['ㅇ', ['0', '1.0', '10.0', 'ring', 'L₀'], ['이', '을', '은', '과', '으로']],
];

describe('particles after values, by how the value is read at its end', () => {
  const markers: Marker[] = ['이(가)', '을(를)', '은(는)', '과(와)', '(으)로'];
  it.each(byEnding)('values ending in %s', (_ending, values, forms) => {
    for (const value of values) expect(markers.map((m) => particle(value, m)), value).toEqual(forms);
  });

  it('reads the special values the way a Korean reader says them', () => {
    const read: [string, string][] = [
      ['χ²', '제곱'], ['C++', '플러스'], ['0.8 µs', '마이크로초'], ['0.8µs', '마이크로초'], ['100 TB', '테라바이트'],
      ['1.29×', '배'], ['rr', '알'], ['jsq', '큐'], ['swrr', '알'], ['from(4)', '엠'], ['p2c(3.2)', '씨'],
      ['식 (3)', '삼'], ['(3)', '삼'], ['[12]', '이'], ['L₁₂', '이'], ['“CV”', '브이'], ['65,536', '육'], ['1.957', '칠'], ['8.014', '사'],
    ];
    for (const [text, reading] of read) expect(readingOfEnd(text), text).toBe(reading);
  });

  it('the issue’s wrong particles come out right', () => {
    expect(withParticle('511', '이(가)')).toBe('511이');
    expect(withParticle('1.957', '과(와)')).toBe('1.957과');
    expect(withParticle('8.014', '이(가)')).toBe('8.014가');
    expect(tailText('6', '바이트 레이아웃', '이(가)')).toBe('바이트 레이아웃이');
    expect(withParticle('C++', '과(와)')).toBe('C++와');
    expect(['이(가)', '은(는)', '과(와)'].map((m) => particle('χ²', m as Marker))).toEqual(['이', '은', '과']);
    expect(withParticle('from(4)', '과(와)')).toBe('from(4)과');
  });

  it('puts a fixed suffix before the particle and reads the particle from both', () => {
    expect(tailText('6', '개', '이(가)')).toBe('개가');
    expect(tailText('2.5', '배', '을(를)')).toBe('배를');
    expect(tailText('160', undefined, '을(를)')).toBe('을');
    expect(tailText('160', '개부터')).toBe('개부터');
    expect(tailText('160')).toBe('');
  });

  it('refuses an unknown marker with a message that lists the known ones', () => {
    expect(markerProp('이(가)', 'Value x')).toBe('이(가)');
    expect(markerProp(undefined, 'Value x')).toBeUndefined();
    expect(() => markerProp('가', 'Value x:y')).toThrow(/Value x:y: josa="가" is not a particle marker; use one of .*이\(가\)/);
  });
});

describe('counts in Korean units', () => {
  it('writes counts by 만 and 억, exactly', () => {
    expect(koreanCount(1_000_000)).toBe('100만');
    expect(koreanCount(12_500_000)).toBe('1,250만');
    expect(koreanCount(100_000_000)).toBe('1억');
    expect(koreanCount(123_456_789)).toBe('1억 2,345만 6,789');
    expect(koreanCount(9_787)).toBe('9,787');
  });

  it('uses the units only where the count is a whole number of 만', () => {
    expect(koreanRoundCount(1_000_000)).toBe('100만');
    expect(koreanRoundCount(50_117)).toBe('50,117');
    expect(koreanRoundCount(200_000_000)).toBe('2억');
  });

  it('shows a check message counted in millions in 만', () => {
    expect(fill('키 조회가 {millions}백만 번 필요합니다. 최대 {limit}백만 번까지만 돌립니다.', { millions: 12.5, limit: 50 })).toBe('키 조회가 1,250만 번 필요합니다. 최대 5,000만 번까지만 돌립니다.');
    expect(fill('{millions}백만', { millions: 200 })).toBe('2억');
  });
});

describe('counts before a Korean counter', () => {
  it('fill writes a whole number of 만 before a counter in 만, spaced, and leaves other counts as they are', () => {
    expect(fill('요청 {measured}개 측정 (먼저 {warmup}개)', { measured: '160,000', warmup: '40,000' })).toBe('요청 16만 개 측정 (먼저 4만 개)');
    expect(fill('키 {keys}개', { keys: 30000 })).toBe('키 3만 개');
    expect(fill('키 {keys}개', { keys: '9,787' })).toBe('키 9,787개');
    expect(fill('키 {keys}개', { keys: '100만' })).toBe('키 100만 개');
    expect(fill('키 {keys}에서', { keys: '30,000' })).toBe('키 30,000에서');
    expect(fill('{n} keys', { n: '30,000' })).toBe('30,000 keys');
  });

  it('a value’s counter after 만 or 억 is spaced, a particle is not', () => {
    expect(tailText('10만', '개를')).toBe(' 개를');
    expect(tailText('10만', '에서')).toBe('에서');
    expect(tailText('9,787', '개를')).toBe('개를');
    expect(tailText('1억', '번', '이(가)')).toBe(' 번이');
  });
});

describe('the Korean strings write a particle after a placeholder as a marker', () => {
  it('no 이/가, 을/를, 은/는, 과/와, (으)로 typed right after a {placeholder} (an aside in brackets takes the word before it)', () => {
    const typed = Object.entries(ko).flatMap(([key, text]) =>
      [...text.matchAll(/\{\w+\}["”’]?(으로|[이가을를은는과와로])(?![\uac00-\ud7a3(])/gu)].map((m) => `${key}: …${text.slice(Math.max(0, m.index - 10), m.index + m[0].length + 4)}…`),
    );
    expect(typed.join('\n')).toBe('');
  });
});
