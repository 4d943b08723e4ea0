import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findVariants, glossary, type VariantUse } from '../../../src/i18n/glossary.ts';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const korean = [
  ...readdirSync(`${root}content/ko`).filter((f) => f.endsWith('.mdx')).map((f) => `content/ko/${f}`),
  ...readdirSync(`${root}src/i18n/ko`).filter((f) => f.endsWith('.ts')).map((f) => `src/i18n/ko/${f}`),
  // The reference list's Korean notes (its English notes use none of the variants, which are Korean).
  'src/bibliography.ts',
].sort();

const report = (uses: VariantUse[]) => uses.map((u) => `${u.file}:${u.line}: "${u.variant}" (use ${u.use}): ${u.text}`).join('\n');

describe('Korean terminology follows the glossary', () => {
  it('every glossary entry names a term, its English and variants that are not the term itself', () => {
    for (const entry of glossary) {
      expect(entry.ko.trim(), entry.en).not.toBe('');
      expect(entry.en.trim(), entry.ko).not.toBe('');
      for (const v of entry.avoid) if (typeof v === 'string') expect(entry.ko.includes(v), `${entry.ko} contains its own variant ${v}`).toBe(false);
    }
  });

  it.each(korean)('%s uses no listed variant', (file) => {
    const uses = findVariants(file, readFileSync(`${root}${file}`, 'utf8'));
    expect(uses, report(uses)).toEqual([]);
  });

  it('fails on a planted variant, naming file and line', () => {
    const fixture = ['---', 'summary: 링을 돌려 봅니다.', '---', '', '노드 하나를 더하면 흔들림이 커집니다.', '로드밸런서는 표준 편차를 봅니다. 링 50벌을 재면', '키 조회가 {millions}백만 번, 공 백만 개'].join('\n');
    const uses = findVariants('content/ko/planted.mdx', fixture);
    expect(uses.map((u) => `${u.file}:${u.line}:${u.variant}`).sort()).toEqual([
      'content/ko/planted.mdx:5:흔들림',
      'content/ko/planted.mdx:6:50벌',
      'content/ko/planted.mdx:6:로드밸런서',
      'content/ko/planted.mdx:6:표준 편차',
      'content/ko/planted.mdx:7:백만',
    ]);
    expect(report(uses)).toContain('content/ko/planted.mdx:6: "로드밸런서" (use 로드 밸런서)');
  });
});
