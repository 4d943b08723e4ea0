/**
 * Draws public/og.png, the 1200 x 630 card that link previews show, with Debian's Chromium:
 *   node scripts/og-image.ts
 * The card is committed; run this again when the site's title or tagline changes. Korean text
 * needs a CJK font on the machine (Debian: fonts-noto-cjk).
 */
import { chromium } from 'playwright-core';
import { en } from '../src/i18n/en.ts';
import { ko } from '../src/i18n/ko.ts';

const html = `<!doctype html><meta charset="utf-8"><style>
  body { margin: 0; width: 1200px; height: 630px; background: #15171a; color: #e7e6e3;
         font-family: 'Noto Sans CJK KR', 'Noto Sans KR', system-ui, sans-serif; display: flex; }
  main { margin: 72px 84px; display: flex; flex-direction: column; gap: 20px; flex: 1; }
  h1 { font-size: 76px; margin: 0; line-height: 1.1; }
  h2 { font-size: 44px; margin: 0; color: #8cc2ff; font-weight: 600; }
  p { font-size: 28px; margin: 0; color: #a9afb8; max-width: 980px; line-height: 1.45; }
  .bars { display: flex; align-items: flex-end; gap: 10px; height: 120px; margin-top: auto; }
  .bars span { width: 46px; background: #4269d0; border-radius: 4px 4px 0 0; }
  .bars span.two { background: #efb118; }
</style><main>
  <h1>${ko['site.title']}</h1><h2>${en['site.title']}</h2>
  <p>${en['site.tagline']}</p>
  <div class="bars">${[9, 4, 7, 3, 8, 4, 6, 3, 10, 4].map((v, i) => `<span class="${i % 2 ? 'two' : ''}" style="height:${v * 11}px"></span>`).join('')}</div>
</main>`;

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
await page.setContent(html);
await page.screenshot({ path: 'public/og.png' });
await browser.close();
console.log('wrote public/og.png');
