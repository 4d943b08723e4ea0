import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { headersFile, inlineScriptHashes, policy, withPolicy } from '../../../src/integrations/csp.ts';

const page = (head: string, body = '') => `<!DOCTYPE html><html><head><meta charset="utf-8">${head}</head><body>${body}</body></html>`;
const sha = (s: string) => `'sha256-${createHash('sha256').update(s).digest('base64')}'`;

describe('content security policy', () => {
  it('hashes inline scripts that run, and only those', () => {
    const html = page('<script>document.documentElement.dataset.theme = "dark";</script>', '<script type="application/json" data-spec>{"a":1}</script><script type="module" src="/_astro/x.js"></script><script type="module">import "/y.js";</script>');
    expect(inlineScriptHashes(html)).toEqual([sha('document.documentElement.dataset.theme = "dark";'), sha('import "/y.js";')].sort());
  });

  it('puts the policy right after the charset, before any script, once', () => {
    const html = withPolicy(page('<script>x()</script>'));
    expect(html).toMatch(/^<!DOCTYPE html><html><head><meta charset="utf-8"><meta http-equiv="content-security-policy" content="default-src 'self'; script-src 'self' 'wasm-unsafe-eval' 'sha256-/);
    expect(html.indexOf('content-security-policy')).toBeLessThan(html.indexOf('<script>'));
    expect(withPolicy(html)).toBe(html);
  });

  it('allows no other origin, no eval of scripts, no plugins', () => {
    const p = policy([]);
    expect(p).not.toMatch(/https?:|\*|'unsafe-eval'/);
    expect(p).toContain("object-src 'none'");
    expect(p).toMatch(/script-src 'self' 'wasm-unsafe-eval'(;|$)/);
  });

  it('writes _headers under the site base with immutable caching for hashed assets', () => {
    const h = headersFile('/lb/', ["'sha256-abc'"]);
    expect(h).toContain('/lb/*\n  Content-Security-Policy: ');
    expect(h).toContain("'sha256-abc'");
    expect(h).toContain('/lb/_astro/*\n  Cache-Control: public, max-age=31536000, immutable');
    expect(h).toContain('X-Content-Type-Options: nosniff');
  });
});
