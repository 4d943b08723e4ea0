/**
 * The two engines the engine suite drives, behind one small interface: Firefox ESR (Gecko) over
 * WebDriver BiDi with puppeteer-core, and WebKitGTK's MiniBrowser (JavaScriptCore) through
 * WebKitWebDriver under xvfb-run, with selenium-webdriver. Both are Debian's packages
 * (`firefox-esr`, `webkit2gtk-driver`, `xvfb`); nothing is downloaded.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import puppeteer from 'puppeteer-core';
import { Builder, By, Key } from 'selenium-webdriver';
import type { WebDriver } from 'selenium-webdriver';

export type EngineName = 'firefox' | 'webkit';

/** What the suite asks of a browser: load a page, run a function in it, click and type like a reader. */
export interface Engine {
  name: EngineName;
  version: string;
  goto(url: string): Promise<void>;
  /**
   * Runs `fn` in the page with JSON arguments and returns its JSON result (awaited if a promise).
   * `fn` is sent as its source text, so it must not close over anything outside itself.
   */
  evaluate<A extends unknown[], R>(fn: (...args: A) => R | Promise<R>, ...args: A): Promise<R>;
  /** A native click (the driver's pointer) on the first element matching `selector`. */
  click(selector: string): Promise<void>;
  /** Types `text` into the element matching `selector`, key by key. */
  type(selector: string, text: string): Promise<void>;
  /** Uncaught errors and console errors since the last call (Firefox: all; WebKit: those after load). */
  takeErrors(): Promise<string[]>;
  close(): Promise<void>;
}

export const FIREFOX = process.env.FIREFOX ?? '/usr/bin/firefox-esr';
export const WEBKIT_DRIVER = process.env.WEBKIT_DRIVER ?? '/usr/bin/WebKitWebDriver';
export const MINIBROWSER = process.env.MINIBROWSER ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

const VIEWPORT = { width: 1280, height: 900 };

export async function firefox(): Promise<Engine> {
  if (!existsSync(FIREFOX)) throw new Error(`${FIREFOX} is missing: apt-get install firefox-esr`);
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX,
    headless: true,
    defaultViewport: VIEWPORT,
    // The suite polls with short calls; a long one is a hung page, reported rather than waited on.
    protocolTimeout: 120_000,
    // A clean profile: no updates, no telemetry, no first-run pages (all off in puppeteer's defaults).
    extraPrefsFirefox: { 'browser.shell.checkDefaultBrowser': false },
  });
  const page = await browser.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`uncaught: ${e instanceof Error ? e.message : String(e)}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  return {
    name: 'firefox',
    version: await browser.version(),
    async goto(url) {
      await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    },
    // Sent as its source text (puppeteer's script.callFunction, which the page's CSP does not govern).
    evaluate: async <A extends unknown[], R>(fn: (...args: A) => R | Promise<R>, ...args: A): Promise<R> => (await page.evaluate(fn as (...a: unknown[]) => unknown, ...args)) as R,
    async click(selector) {
      await page.locator(selector).setTimeout(30_000).click();
    },
    async type(selector, text) {
      await page.locator(selector).setTimeout(30_000).fill('');
      await page.type(selector, text, { delay: 30 });
    },
    async takeErrors() {
      return errors.splice(0);
    },
    close: () => browser.close(),
  };
}

function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const s = createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => ok(port));
    });
  });
}

async function waitForDriver(port: number, child: ChildProcess, log: () => string): Promise<void> {
  for (let i = 0; i < 150; i++) {
    if (child.exitCode !== null) throw new Error(`WebKitWebDriver exited ${child.exitCode}: ${log()}`);
    try {
      const r = await fetch(`http://127.0.0.1:${port}/status`);
      if (r.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`WebKitWebDriver did not answer on port ${port} within 30 s: ${log()}`);
}

/**
 * The script selenium runs for `evaluate`: the function's source inlined (the driver's script is
 * not governed by the page's CSP, which refuses eval), its arguments, and the callback.
 */
const asyncCall = (source: string) => `
  const done = arguments[arguments.length - 1];
  const args = arguments[0];
  Promise.resolve().then(() => (${source})(...args)).then(
    (value) => done({ ok: true, value: value === undefined ? null : value }),
    (e) => done({ ok: false, error: String(e) + (e && e.stack ? ' @ ' + e.stack : '') }),
  );`;

/** Catches errors thrown in the page from the moment it is installed (after each load). */
const WATCH_ERRORS = `
  if (!window.__engineErrors) {
    window.__engineErrors = [];
    addEventListener('error', (e) => window.__engineErrors.push('uncaught: ' + e.message));
    addEventListener('unhandledrejection', (e) => window.__engineErrors.push('unhandled rejection: ' + String(e.reason)));
    const error = console.error.bind(console);
    console.error = (...a) => { window.__engineErrors.push('console: ' + a.map(String).join(' ')); error(...a); };
  }`;

export async function webkit(): Promise<Engine> {
  for (const f of [WEBKIT_DRIVER, MINIBROWSER, '/usr/bin/xvfb-run']) {
    if (!existsSync(f)) throw new Error(`${f} is missing: apt-get install webkit2gtk-driver xvfb`);
  }
  const port = await freePort();
  // xvfb-run gives MiniBrowser its X display; -a picks a free display number.
  const child = spawn('/usr/bin/xvfb-run', ['-a', '-s', '-screen 0 1400x1000x24', WEBKIT_DRIVER, `--port=${port}`, '--host=127.0.0.1'], { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const stop = () => {
    // The whole group: xvfb-run, Xvfb, the driver and the browser it started.
    if (child.pid !== undefined && child.exitCode === null) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
  };
  let driver: WebDriver;
  try {
    await waitForDriver(port, child, () => out.slice(-2000));
    driver = await new Builder()
      .usingServer(`http://127.0.0.1:${port}`)
      .withCapabilities({
        browserName: 'MiniBrowser',
        'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] },
      })
      .build();
    await driver.manage().window().setRect({ ...VIEWPORT, x: 0, y: 0 });
    await driver.manage().setTimeouts({ script: 180_000, pageLoad: 60_000 });
  } catch (e) {
    stop();
    throw e;
  }
  const caps = await driver.getCapabilities();
  const evaluate = async <A extends unknown[], R>(fn: (...args: A) => R | Promise<R>, ...args: A): Promise<R> => {
    const reply = (await driver.executeAsyncScript(asyncCall(fn.toString()), args)) as { ok: boolean; value?: R; error?: string };
    if (!reply.ok) throw new Error(`in the page: ${reply.error}`);
    return reply.value as R;
  };
  return {
    name: 'webkit',
    version: `${String(caps.get('browserName'))} ${String(caps.get('browserVersion'))}`,
    async goto(url) {
      await driver.get(url);
      await driver.executeScript(WATCH_ERRORS);
    },
    evaluate,
    async click(selector) {
      const el = await driver.findElement(By.css(selector));
      await driver.executeScript('arguments[0].scrollIntoView({ block: "center", behavior: "instant" })', el);
      await el.click();
    },
    async type(selector, text) {
      const el = await driver.findElement(By.css(selector));
      await el.sendKeys(Key.chord(Key.CONTROL, 'a'), Key.BACK_SPACE);
      for (const ch of text) {
        await el.sendKeys(ch);
        await new Promise((r) => setTimeout(r, 30));
      }
    },
    async takeErrors() {
      return (await driver.executeScript('const e = window.__engineErrors || []; window.__engineErrors = []; return e;')) as string[];
    },
    async close() {
      try {
        await driver.quit();
      } finally {
        stop();
      }
    },
  };
}

export const ENGINES: Record<EngineName, () => Promise<Engine>> = { firefox, webkit };
