import { chromium } from 'playwright-core';
const [url, out, sel, w] = process.argv.slice(2);
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const p = await b.newPage({ viewport: { width: Number(w ?? 900), height: 1000 } });
await p.goto(url);
await p.locator(sel).first().screenshot({ path: out });
await b.close();
