import { readFileSync } from 'node:fs';

/**
 * The site's stylesheet as the build joins it: src/styles/global.css imports its parts in cascade
 * order (Vite inlines them); these read the parts in that order.
 */
const dir = new URL('../../../src/styles/', import.meta.url);

export function stylesheetParts(): { name: string; css: string }[] {
  const index = readFileSync(new URL('global.css', dir), 'utf8');
  const names = [...index.matchAll(/@import\s+'\.\/([\w-]+\.css)';/g)].map((m) => m[1]);
  if (names.length === 0) throw new Error('src/styles/global.css imports no part');
  return names.map((name) => ({ name, css: readFileSync(new URL(name, dir), 'utf8') }));
}

/** Every part, joined in order: the stylesheet a page gets. */
export function stylesheet(): string {
  return stylesheetParts()
    .map((p) => p.css)
    .join('\n');
}
