import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { z } from 'astro/zod';
import { sourceSchema } from './sources.ts';

/** Chapters: content/<locale>/<slug>.mdx, the same file names in both locales. */
const chapters = defineCollection({
  loader: glob({ pattern: '{ko,en}/*.mdx', base: './content' }),
  schema: z.object({
    title: z.string(),
    /** One line for the home page and the page's description. */
    summary: z.string(),
    order: z.number().int().positive(),
    /** Keys into src/bibliography.ts, in the order the further-reading list shows them. */
    references: z.array(z.string()).default([]),
    /** The article the chapter is built on, shown in a box at the top (src/sources.ts). */
    source: sourceSchema.optional(),
  }),
});

export const collections = { chapters };
