/**
 * A strict Content-Security-Policy for the static site, in two places: a <meta> at the top of
 * every page's <head>, and a `_headers` file (Netlify, Cloudflare Pages and the like) that also
 * sets nosniff, a referrer policy and long immutable caching for hashed assets.
 *
 * Scripts run only from the site itself, plus each inline script by its hash (the theme script
 * that runs before first paint). JSON data blocks (`type="application/json"`) are not scripts and
 * need no hash. Search compiles WebAssembly ('wasm-unsafe-eval'); cells run in a module worker
 * from the site. Styles allow inline: Observable Plot writes `<style>` and `style=""` into its SVGs
 * and KaTeX positions glyphs with style attributes; nothing else is inline.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Inline scripts that execute: no src, and no type or a JavaScript type. */
const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g;

export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const m of html.matchAll(INLINE_SCRIPT)) {
    const type = /\btype=["']?([^"'\s>]+)/.exec(m[1])?.[1];
    if (type && type !== 'module' && type !== 'text/javascript') continue;
    hashes.push(`'sha256-${createHash('sha256').update(m[2], 'utf8').digest('base64')}'`);
  }
  return [...new Set(hashes)].sort();
}

export function policy(scriptHashes: readonly string[]): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'wasm-unsafe-eval' ${scriptHashes.join(' ')}`.trim(),
    "worker-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
}

/**
 * The page with its policy right after the charset at the top of <head>, before any script or
 * style (a meta policy covers only what follows it).
 */
export function withPolicy(html: string): string {
  if (html.includes('http-equiv="content-security-policy"')) return html;
  const meta = `<meta http-equiv="content-security-policy" content="${policy(inlineScriptHashes(html))}">`;
  const charset = /<meta charset="[^"]*">/i.exec(html);
  if (charset) return html.replace(charset[0], `${charset[0]}${meta}`);
  return html.replace(/<head>/, `<head>${meta}`);
}

export function headersFile(base: string, scriptHashes: readonly string[]): string {
  const b = base.endsWith('/') ? base : `${base}/`;
  return [
    `${b}*`,
    `  Content-Security-Policy: ${policy(scriptHashes)}`,
    '  X-Content-Type-Options: nosniff',
    '  Referrer-Policy: strict-origin-when-cross-origin',
    '',
    `${b}_astro/*`,
    '  Cache-Control: public, max-age=31536000, immutable',
    '',
  ].join('\n');
}

function htmlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? htmlFiles(path) : name.endsWith('.html') ? [path] : [];
  });
}

/** The Astro integration: after the build, every page gets its meta policy and dist/ a _headers file. */
export function csp(): { name: string; hooks: Record<string, (args: { dir: URL }) => void> } {
  let base = '/';
  return {
    name: 'lb-csp',
    hooks: {
      'astro:config:done': (({ config }: { config: { base: string } }) => {
        base = config.base;
      }) as never,
      'astro:build:done': ({ dir }) => {
        const root = fileURLToPath(dir);
        const all = new Set<string>();
        for (const file of htmlFiles(root)) {
          const html = readFileSync(file, 'utf8');
          for (const h of inlineScriptHashes(html)) all.add(h);
          writeFileSync(file, withPolicy(html));
        }
        writeFileSync(join(root, '_headers'), headersFile(base, [...all].sort()));
        console.log(`[lb-csp] policy on ${htmlFiles(root).length} pages; _headers for ${relative(process.cwd(), root).split(sep).join('/') || '.'}`);
      },
    },
  };
}
