import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Particles typed inside the Korean UI strings (issue 29): after a Hangul word the particle is
 * fixed when the string is written, so it must agree with the word's last syllable: 이, 을, 은, 과
 * after a final consonant (레이아웃이), 가, 를, 는, 와 after none (노드가). Only these four pairs
 * are checked, and only right after a Hangul syllable, where the choice is decidable from the
 * string alone (after a digit, a Latin word or a placeholder it depends on how that is read, which
 * the strings leave to their markers: {n}이(가)). A particle-looking syllable counts only at the
 * end of a word: followed by a space, a punctuation mark or the end of the string.
 */

const root = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * Words whose last syllable only looks like a particle: it belongs to the word. Each was found in
 * the strings; a new one is added here only when it is a word of its own, never to let a wrong
 * particle through.
 */
const WORDS = [
  '릴레이', // relay: 이 is the loanword's last syllable
  '증가', // increase (增加)
  '초과', // above, exceeding (超過)
];
/**
 * Verb and adjective stems that end in a consonant and take the adnominal ending -는 (있는 값,
 * 찾는 시간, 뽑는 후보): 는 there is an ending, not the topic particle, and never 은.
 */
const STEMS_BEFORE_NEUN = ['있', '없', '찾', '받', '겪', '끊', '않', '담', '닿', '뽑', '읽', '잡', '먹', '넣', '놓', '얻', '믿', '맞', '갖', '남', '넘', '옮'];

const PARTICLE = /([\uac00-\ud7a3]+)(이|가|을|를|은|는|과|와)(?=[\s.,:;!?)\]]|$)/gu;
/** Whether a Hangul syllable has a final consonant (받침). */
const hasFinal = (syllable: string) => (syllable.charCodeAt(0) - 0xac00) % 28 !== 0;

/** The particles in `text` that disagree with the syllable before them, as "word+particle". */
export function wrongParticles(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(PARTICLE)) {
    const [, word, p] = m;
    const last = word.at(-1)!;
    const afterFinal = '이을은과'.includes(p);
    if (hasFinal(last) === afterFinal) continue;
    if (WORDS.some((w) => (word + p).endsWith(w))) continue;
    if (p === '는' && STEMS_BEFORE_NEUN.includes(last)) continue;
    found.push(word + p);
  }
  return found;
}

const files = readdirSync(`${root}src/i18n/ko`).filter((f) => f.endsWith('.ts')).sort();

/** Every string value a module exports, with its key. */
function strings(module: Record<string, unknown>): [string, string][] {
  return Object.values(module).flatMap((v) =>
    v && typeof v === 'object' ? Object.entries(v).filter((e): e is [string, string] => typeof e[1] === 'string') : [],
  );
}

describe('particles typed in the Korean UI strings agree with the word before them', () => {
  it.each(files)('src/i18n/ko/%s', async (file) => {
    const module = (await import(`${root}src/i18n/ko/${file}`)) as Record<string, unknown>;
    const entries = strings(module);
    expect(entries.length, `${file} exports no strings`).toBeGreaterThan(0);
    const found = entries.flatMap(([key, value]) => wrongParticles(value).map((w) => `${key}: "${w}" in ${value}`));
    expect(found.join('\n')).toBe('');
  });

  it('catches each planted slip and leaves right particles, words and verb endings alone', () => {
    expect(wrongParticles('6바이트 레이아웃가 줄이는 메모리')).toEqual(['레이아웃가']);
    expect(wrongParticles('링를 돌립니다. 노드이 하나, 키은 둘, 서버과 링, 점와 선.')).toEqual(['링를', '노드이', '키은', '서버과', '점와']);
    expect(wrongParticles('6바이트 레이아웃이 줄이는 메모리, 노드가 링을 돌고, 키는 서버와 점과 선을 봅니다.')).toEqual([]);
    expect(wrongParticles('죽은 릴레이, 변동계수 증가, 500 ms 초과, 여기 있는 숫자, 찾는 중…')).toEqual([]);
    // Inside a word, not at its end: 이가 in 차이가 is the particle after 차이, and 이 of 이상 starts a word.
    expect(wrongParticles('차이가 큽니다. 릴레이 수 이상으로')).toEqual([]);
  });
});
