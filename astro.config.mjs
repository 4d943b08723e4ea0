// @ts-check
import mdx from '@astrojs/mdx';
import { unified } from '@astrojs/markdown-remark';
import sitemap from '@astrojs/sitemap';
import { defineConfig } from 'astro/config';
import rehypeKatex from 'rehype-katex';
import remarkMath from 'remark-math';
import { remarkClaimSections } from './src/markdown/claim-sections.ts';
import { remarkCrossref } from './src/markdown/crossref.ts';
import { rehypeLocalFootnotes } from './src/markdown/footnotes.ts';
import { rehypeRenderOnDemand } from './src/markdown/render-on-demand.ts';
import { rehypeSearchMath } from './src/markdown/search-math.ts';
import { csp } from './src/integrations/csp.ts';
import { sharedStrings } from './src/integrations/shared-strings.ts';
import { woff2Only } from './src/markdown/woff2-only.ts';

// Deployed under a sub-path? Build with BASE=/lb/ (and SITE=https://your.host) and every
// link, asset and search index follows.
const base = process.env.BASE ?? '/';
const site = process.env.SITE ?? 'http://localhost:4321';

export default defineConfig({
  site,
  base,
  trailingSlash: 'always',
  build: { format: 'directory' },
  i18n: {
    defaultLocale: 'ko',
    locales: ['ko', 'en'],
    routing: { prefixDefaultLocale: false },
  },
  markdown: {
    processor: unified({
      remarkPlugins: [remarkMath, remarkCrossref, remarkClaimSections],
      rehypePlugins: [
        // Before KaTeX: a block's estimated length counts a formula as its TeX.
        rehypeRenderOnDemand,
        [
          rehypeKatex,
          {
            output: 'htmlAndMathml',
            // Korean belongs in \text{}; anything else KaTeX dislikes fails the build.
            strict: (/** @type {string} */ code) => (code === 'unicodeTextInMathMode' ? 'ignore' : 'error'),
            throwOnError: true,
          },
        ],
        rehypeSearchMath,
        rehypeLocalFootnotes,
      ],
    }),
    shikiConfig: {
      themes: { light: 'github-light-default', dark: 'github-dark-default' },
      defaultColor: false,
    },
  },
  integrations: [
    mdx(),
    sitemap({
      i18n: { defaultLocale: 'ko', locales: { ko: 'ko-KR', en: 'en-US' } },
    }),
    csp(),
  ],
  vite: {
    plugins: [woff2Only(), sharedStrings()],
    worker: { format: 'es' },
    build: {
      assetsInlineLimit: 0,
      rolldownOptions: {
        // Astro's own head-propagation marker in MDX trips this bundler warning on every build
        // (withastro/astro#18087, open, harmless); every other warning still shows.
        onwarn(warning, warn) {
          if (warning.code === 'MODULE_LEVEL_DIRECTIVE' && warning.message.includes('use astro:head-inject')) return;
          warn(warning);
        },
      },
    },
  },
});
