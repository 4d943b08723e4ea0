import { chromium } from 'playwright-core';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
for (const [path, w, scheme] of [['/mols-relay-routing/', 360, 'dark'], ['/en/mols-relay-routing/', 1280, 'light'], ['/en/placement-lab/', 360, 'light']] as const) {
  const page = await browser.newPage({ viewport: { width: w, height: 700 }, colorScheme: scheme });
  await page.goto('http://127.0.0.1:4321' + path);
  const t = page.locator('.table-wrap[role="region"]').last();
  await t.scrollIntoViewIfNeeded();
  await t.screenshot({ path: `/tmp/shot-${w}-${path.length}.png` });
  console.log(path, w, await page.evaluate(() => document.documentElement.scrollWidth));
}
await browser.close();
