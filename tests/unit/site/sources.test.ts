import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { bibliography } from '../../../src/bibliography.ts';
import { formatDate, sourceBox, sourceSchema, type Source } from '../../../src/sources.ts';

const ROOT = join(import.meta.dirname, '../../..');
const ARTICLES = join(ROOT, '../shared/articles');

/** The one chapter not built on an article. */
const NOT_FROM_AN_ARTICLE = ['placement-lab'];

/** Which article file each chapter's source entry stands for (../shared/README.md). */
const FILES: Record<string, string> = {
  'article-p2c': '000_d9c6d941ccd41af9.txt',
  'article-chash': '001_6878782012776df4.txt',
  'article-mols': '002_efbfb0a1eccdde9f.txt',
  'article-ketama': '003_6e713a4a2bf785dd.txt',
  'article-swrr': '004_9cefcff789120c17.txt',
};

interface FrontMatter {
  references: string[];
  source?: Source;
}

function frontMatter(locale: string, slug: string): FrontMatter {
  const text = readFileSync(join(ROOT, 'content', locale, `${slug}.mdx`), 'utf8');
  const m = /^---\n([\s\S]*?)\n---\n/.exec(text);
  if (!m) throw new Error(`${locale}/${slug}: no front matter`);
  const data = parse(m[1]) as { references?: string[]; source?: unknown };
  return { references: data.references ?? [], source: data.source === undefined ? undefined : sourceSchema.parse(data.source) };
}

const slugs = readdirSync(join(ROOT, 'content/ko'))
  .filter((f) => f.endsWith('.mdx'))
  .map((f) => f.slice(0, -4));
const fromArticles = slugs.filter((s) => !NOT_FROM_AN_ARTICLE.includes(s));

describe('source articles', () => {
  it('every chapter but the placement lab names its article in both locales, with the same title, author and date', () => {
    expect(fromArticles).toHaveLength(5);
    for (const slug of fromArticles) {
      const ko = frontMatter('ko', slug).source;
      const en = frontMatter('en', slug).source;
      expect(ko, `ko/${slug}`).toBeDefined();
      expect(en, `en/${slug}`).toBeDefined();
      expect(en!.titleEn, `en/${slug}: English title`).toBeTruthy();
      expect(en!.role).not.toBe(ko!.role);
      for (const field of ['ref', 'title', 'untitled', 'author', 'date'] as const) expect(en![field], `${slug}: ${field}`).toBe(ko![field]);
    }
    for (const slug of NOT_FROM_AN_ARTICLE) {
      expect(frontMatter('ko', slug).source).toBeUndefined();
      expect(frontMatter('en', slug).source).toBeUndefined();
    }
  });

  it('each article is a different one, listed in the chapter’s further reading in both locales, its entry agreeing with the front matter', () => {
    const refs = fromArticles.map((slug) => frontMatter('ko', slug).source!.ref);
    expect(new Set(refs).size).toBe(refs.length);
    expect(refs.sort()).toEqual(Object.keys(FILES).sort());
    for (const slug of fromArticles) {
      for (const locale of ['ko', 'en']) {
        const { references, source } = frontMatter(locale, slug);
        expect(references, `${locale}/${slug}`).toContain(source!.ref);
        const work = bibliography[source!.ref];
        expect(work, source!.ref).toBeDefined();
        expect(work.title).toBe(source!.title);
        expect(work.lang).toBe('ko');
        expect(work.authors).toBe(source!.author);
        expect(work.year).toBe(source!.date ? Number(source!.date.slice(0, 4)) : undefined);
        if (locale === 'en') expect(work.titleEn).toBe(source!.titleEn);
      }
    }
  });

  it.skipIf(!existsSync(ARTICLES))('a title marked as the article’s own is its first line; the others have no title line to take', () => {
    for (const slug of fromArticles) {
      const source = frontMatter('ko', slug).source!;
      const first = readFileSync(join(ARTICLES, FILES[source.ref]), 'utf8').split('\n')[0].trim();
      if (source.untitled) expect(first.length, `${slug}: the first line is prose, not a title`).toBeGreaterThan(120);
      else expect(first, slug).toBe(source.title);
    }
  });

  it('sourceBox shows the English rendering only in English, the byline only as given, and the article’s number in the reading list', () => {
    const source = sourceSchema.parse({ ref: 'a', title: '제목', titleEn: 'Title', author: '이도', date: '2026-05-13', role: 'r' });
    const ko = sourceBox(source, 'ko', ['x', 'a']);
    expect(ko.translation).toBeUndefined();
    expect(ko.byline).toEqual({ author: '이도', date: { iso: '2026-05-13', text: '2026년 5월 13일' } });
    expect(ko.citation).toEqual({ n: 2, href: '#ref-a' });
    const en = sourceBox(source, 'en', ['a']);
    expect(en.translation).toBe('Title');
    expect(en.byline.date?.text).toBe('13 May 2026');
    const bare = sourceBox(sourceSchema.parse({ ref: 'a', title: '제목', titleEn: 'T', untitled: true, role: 'r' }), 'en', ['a']);
    expect(bare.byline).toEqual({ author: undefined, date: undefined });
    expect(bare.untitled).toBe(true);
    expect(() => sourceBox(source, 'ko', ['x'])).toThrow(/not in the chapter's references/);
    expect(() => sourceBox(sourceSchema.parse({ ref: 'a', title: '제목', role: 'r' }), 'en', ['a'])).toThrow(/English title/);
    expect(formatDate('2001-01-02', 'en')).toBe('2 January 2001');
  });
});
