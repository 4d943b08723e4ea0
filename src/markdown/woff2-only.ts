import type { Plugin } from 'vite';

/**
 * KaTeX's stylesheet lists woff2, woff and ttf for every face; every browser we support takes
 * woff2, so the other two are dropped before Vite copies them (about 70% fewer font bytes).
 */
export function woff2Only(): Plugin {
  return {
    name: 'katex-woff2-only',
    enforce: 'pre',
    transform(code, id) {
      if (!/katex(\.min)?\.css$/.test(id.split('?')[0])) return null;
      return code.replace(/,\s*url\([^)]*\.(woff|ttf)\)\s*format\("(woff|truetype)"\)/g, '');
    },
  };
}
