/**
 * What a page is doing when a step of a test stalls (visits.ts's watchdog): whether its main
 * thread answers, whether its timers and animation frames still run (Playwright waits on frames to
 * see an element hold still before it clicks or scrolls to it), what on it moves from frame to
 * frame, and what it last did (lifeLog: installed before the page's own scripts).
 */
import type { BrowserContext, Page } from 'playwright-core';
import { frameWithin } from './helpers.ts';

/**
 * Installs, before any of the page's scripts, a log of what the page does: a heartbeat of its
 * timers, its lifecycle events, cells' states, long tasks, resources loaded. Read by
 * `pageInMotion`.
 */
export async function lifeLog(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const w = window as unknown as { __lbLife: { beat: number; events: string[] } };
    const life = (w.__lbLife = { beat: 0, events: [] as string[] });
    const log = (what: string) => {
      life.events.push(`${Math.round(performance.now())} ${what}`);
      if (life.events.length > 40) life.events.shift();
    };
    // Timers only: a loop of animation frames would keep the page drawing every frame, which is
    // not how the page runs by itself (a probe asks for one frame when a step stalls).
    setInterval(() => (life.beat = performance.now()), 1000);
    for (const type of ['freeze', 'resume', 'visibilitychange', 'pagehide', 'pageshow']) document.addEventListener(type, () => log(`${type} ${document.visibilityState}`), true);
    addEventListener('error', (e) => log(`error ${e.message}`));
    addEventListener('unhandledrejection', (e) => log(`rejection ${String(e.reason).slice(0, 80)}`));
    try {
      new PerformanceObserver((l) => l.getEntries().forEach((e) => log(`long task ${Math.round(e.duration)} ms`))).observe({ type: 'longtask' });
      new PerformanceObserver((l) => l.getEntries().forEach((e) => log(`loaded ${e.name.split('/').pop()}`))).observe({ type: 'resource' });
    } catch {
      // not every engine has them
    }
    new MutationObserver((records) => {
      for (const r of records) {
        const el = r.target as HTMLElement;
        log(`${el.dataset.cell ?? el.tagName} ${r.attributeName}=${el.getAttribute(r.attributeName ?? '')}`);
      }
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-ready', 'data-state', 'data-source'] });
  });
}

const within = <T>(p: Promise<T>, ms: number): Promise<T | 'late'> => Promise.race([p, new Promise<'late'>((r) => setTimeout(() => r('late'), ms))]);

/** One line on the page's state; never waits more than a few seconds a question for the page to answer. */
export async function pageInMotion(page: Page, pending: ReadonlySet<string> = new Set()): Promise<string> {
  const unanswered = [...pending].map((u) => u.split('/').pop());
  const net = unanswered.length ? `unanswered requests: ${unanswered.slice(0, 5).join(', ')}` : 'every request answered';
  const life = await within(
    page.evaluate(() => {
      const l = (window as unknown as { __lbLife?: { beat: number; events: string[] } }).__lbLife;
      const now = performance.now();
      return `at ${Math.round(now)} ms: ${document.visibilityState}, ${innerWidth}×${innerHeight}, scrollY ${Math.round(scrollY)} of ${document.documentElement.scrollHeight}; ${l ? `timers last ran ${Math.round(now - l.beat)} ms ago; last: ${l.events.slice(-12).join(' | ')}` : 'no life log'}`;
    }),
    5000,
  ).catch((e: unknown) => `could not be read: ${e instanceof Error ? e.message.split('\n')[0] : String(e)}`);
  if (life === 'late') return `the page's main thread did not answer within 5 s; ${net}`;
  const timer = await within(page.evaluate(() => new Promise((r) => setTimeout(() => r('ok'), 20))), 3000).catch(() => 'error');
  const frame = await frameWithin(page, 3000);
  const moving = frame === 'frame' ? await within(motion(page), 8000).catch(() => 'error') : 'not looked at';
  return `${life}; a new timer: ${timer}, a new frame: ${frame}; motion: ${moving}; ${net}`;
}

/** What on the page moves or resizes over 20 frames. */
function motion(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const name = (el: Element): string => {
      const cls = typeof el.className === 'string' && el.className.trim() ? `.${el.className.trim().split(/\s+/).slice(0, 2).join('.')}` : '';
      const cell = el.closest('[data-cell]')?.getAttribute('data-cell');
      return `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${cls}${cell ? ` in cell ${cell}` : ''}`;
    };
    const watched = [...document.querySelectorAll('main > *, main .prose > *, [data-cell], .figure-plot, .flow-view')];
    const boxes = () =>
      watched.map((e) => {
        const r = e.getBoundingClientRect();
        return `${Math.round(r.top)}:${Math.round(r.height)}`;
      });
    let before = boxes();
    const moved = new Map<number, string[]>();
    for (let f = 0; f < 20; f++) {
      await new Promise((r) => requestAnimationFrame(r));
      const now = boxes();
      now.forEach((b, i) => {
        if (b !== before[i]) moved.set(i, [...(moved.get(i) ?? [before[i]]), b]);
      });
      before = now;
    }
    if (moved.size === 0) return 'still over 20 frames';
    const resized = [...moved].filter(([, seq]) => new Set(seq.map((s) => s.split(':')[1])).size > 1);
    const list = (xs: [number, string[]][]) => xs.slice(0, 4).map(([i, seq]) => `${name(watched[i])} ${seq.slice(0, 6).join(' → ')}`).join(', ');
    return `${moved.size} block(s) moved, ${resized.length} resized: ${list(resized.length ? resized : [...moved])}`;
  });
}
