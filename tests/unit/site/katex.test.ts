import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { woff2Only } from '../../../src/markdown/woff2-only.ts';

const require = createRequire(import.meta.url);
const versionOf = (pkgJson: string) => (JSON.parse(readFileSync(pkgJson, 'utf8')) as { version: string }).version;

describe('KaTeX', () => {
  it('the stylesheet the site serves is the same KaTeX version that rehype-katex renders the markup with', () => {
    const served = versionOf(require.resolve('katex/package.json'));
    const fromRehype = createRequire(require.resolve('rehype-katex'));
    const rendering = versionOf(fromRehype.resolve('katex/package.json'));
    expect(served).toBe(rendering);
  });

  it('keeps only the woff2 fonts in KaTeX’s stylesheet', () => {
    const plugin = woff2Only() as { transform(code: string, id: string): string | null };
    const css = readFileSync(require.resolve('katex/dist/katex.min.css'), 'utf8');
    const out = plugin.transform(css, '/x/node_modules/katex/dist/katex.min.css')!;
    expect(css).toMatch(/\.woff\)/);
    expect(out).not.toMatch(/\.(woff|ttf)\)/);
    expect(out.match(/\.woff2\)/g)!.length).toBe(css.match(/\.woff2\)/g)!.length);
    expect(plugin.transform('a{}', '/x/other.css')).toBeNull();
  });
});
