/**
 * The source article a chapter is built on: its front matter `source`, checked by the content
 * schema, and what the chapter's source box shows from it. Pure: no Astro import but zod.
 */
import { z } from 'astro/zod';
import type { Locale } from './i18n/index.ts';

export const sourceSchema = z.object({
  /** The article's key in src/bibliography.ts; it must also be in the chapter's `references`. */
  ref: z.string(),
  /** The article's title in Korean: its first line, or, when it has none, a descriptive one. */
  title: z.string(),
  /** True when the article has no title line and `title` only describes it. */
  untitled: z.boolean().default(false),
  /** An English rendering of the title; the English page shows it under the Korean one. */
  titleEn: z.string().optional(),
  /** Only as the article gives them. */
  author: z.string().optional(),
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
  /** One line: what the chapter does with the article, in the page's language. */
  role: z.string(),
});

export type SourceInput = z.input<typeof sourceSchema>;
export type Source = z.output<typeof sourceSchema>;

/** `2026-05-13` as "2026년 5월 13일" or "13 May 2026". */
export function formatDate(iso: string, locale: Locale): string {
  const [y, m, d] = iso.split('-').map(Number);
  if (locale === 'ko') return `${y}년 ${m}월 ${d}일`;
  const months = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
  return `${d} ${months[m - 1]} ${y}`;
}

export interface SourceBox {
  /** The Korean title, always shown, in Korean. */
  title: string;
  untitled: boolean;
  /** The English rendering, on English pages only. */
  translation?: string;
  /** Author and date, whichever the article gives; empty when it gives neither. */
  byline: { author?: string; date?: { iso: string; text: string } };
  role: string;
  /** The article's number in the chapter's further-reading list and its anchor. */
  citation: { n: number; href: string };
}

/** What the box shows; throws when the source's article is not in the chapter's references. */
export function sourceBox(source: Source, locale: Locale, references: readonly string[]): SourceBox {
  const n = references.indexOf(source.ref) + 1;
  if (n === 0) throw new Error(`source article "${source.ref}" is not in the chapter's references`);
  if (locale === 'en' && !source.titleEn) throw new Error(`source article "${source.ref}" has no English title`);
  return {
    title: source.title,
    untitled: source.untitled,
    translation: locale === 'en' ? source.titleEn : undefined,
    byline: {
      author: source.author,
      date: source.date ? { iso: source.date, text: formatDate(source.date, locale) } : undefined,
    },
    role: source.role,
    citation: { n, href: `#ref-${source.ref}` },
  };
}
