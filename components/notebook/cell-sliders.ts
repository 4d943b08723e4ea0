import { parseParam } from '../../src/experiments/shared/params.ts';
import type { ParamSpec } from '../../src/experiments/shared/types.ts';

/**
 * A range beside a number field: for each primary int or number parameter (and every number with
 * `slider: true`), so the hand can move what the figure shows. The text field stays the
 * parameter's control (any value in bounds can still be typed); the range mirrors it. A wide
 * integer range (more than two decades from 1 up) moves on a logarithmic scale, in 200 steps,
 * each value rounded to two significant digits, so one arrow key moves it by a few per cent.
 */

/** How a range's position maps to a parameter's value and back. */
export interface Scale {
  steps: number;
  /** The value at position i (0 … steps). */
  value(i: number): number;
  /** The position nearest to v. */
  position(v: number): number;
}

const LOG_STEPS = 200;

/** Two significant digits, as an integer (1234 -> 1200; 7 -> 7). */
function twoDigits(v: number): number {
  if (v < 100) return Math.round(v);
  const unit = 10 ** (Math.floor(Math.log10(v)) - 1);
  return Math.round(v / unit) * unit;
}

export function scaleFor(spec: ParamSpec): Scale | null {
  if (spec.kind === 'number') {
    const step = spec.step ?? (spec.max - spec.min) / 100;
    const steps = Math.max(1, Math.round((spec.max - spec.min) / step));
    return {
      steps,
      value: (i) => Math.min(spec.max, Number((spec.min + i * step).toPrecision(12))),
      position: (v) => Math.max(0, Math.min(steps, Math.round((v - spec.min) / step))),
    };
  }
  if (spec.kind !== 'int' || spec.max <= spec.min) return null;
  const { min, max } = spec;
  if (min >= 1 && max / min > 100) {
    const span = Math.log(max / min);
    return {
      steps: LOG_STEPS,
      value: (i) => Math.max(min, Math.min(max, twoDigits(min * Math.exp((span * i) / LOG_STEPS)))),
      position: (v) => Math.max(0, Math.min(LOG_STEPS, Math.round((Math.log(Math.max(v, min) / min) / span) * LOG_STEPS))),
    };
  }
  const step = Math.max(1, Math.ceil((max - min) / 1000));
  const steps = Math.ceil((max - min) / step);
  return { steps, value: (i) => Math.min(max, min + i * step), position: (v) => Math.max(0, Math.min(steps, Math.round((v - min) / step))) };
}

export interface SliderHooks {
  /** The range moved (the field already holds its value). */
  moved(name: string): void;
  /** The range was let go of (or set from the keyboard). */
  released(name: string): void;
}

/** Adds the ranges; returns the names that got one. */
export function attachSliders(
  specs: Record<string, ParamSpec>,
  primary: readonly string[],
  control: (name: string) => HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement,
  label: (name: string) => string,
  hooks: SliderHooks,
): string[] {
  const named: string[] = [];
  for (const [name, spec] of Object.entries(specs)) {
    const wanted = (spec.kind === 'number' && spec.slider) || (primary.includes(name) && (spec.kind === 'int' || spec.kind === 'number'));
    const scale = wanted ? scaleFor(spec) : null;
    if (!scale) continue;
    const field = control(name) as HTMLInputElement;
    const range = document.createElement('input');
    range.type = 'range';
    range.className = 'field-slider';
    range.min = '0';
    range.max = String(scale.steps);
    range.step = '1';
    range.setAttribute('aria-label', label(name));
    const sync = () => {
      const parsed = parseParam(spec, field.value);
      if (!parsed.ok || typeof parsed.value !== 'number') return;
      range.value = String(scale.position(parsed.value));
      range.setAttribute('aria-valuetext', field.value);
    };
    range.addEventListener('input', () => {
      field.value = String(scale.value(Number(range.value)));
      range.setAttribute('aria-valuetext', field.value);
      hooks.moved(name);
    });
    range.addEventListener('change', () => hooks.released(name));
    field.addEventListener('input', sync);
    sync();
    field.after(range);
    named.push(name);
  }
  return named;
}
