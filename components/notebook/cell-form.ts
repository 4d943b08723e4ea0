import { formatParam, parseParam, type ParamError } from '../../src/experiments/shared/params.ts';
import type { ParamSpec, Params, ResultKind, ResultTable } from '../../src/experiments/shared/types.ts';
import { fill, type Strings } from '../../src/i18n/index.ts';
import { paramErrorText } from './messages.ts';
import { allowedMessage } from './render.ts';

/** What a cell's HTML carries about it (Cell.astro's data-spec). */
export interface CellSpec {
  experiment: string;
  figure: string | null;
  params: Record<string, ParamSpec>;
  /** The primary controls' names (under the figure); the rest are under "More settings". */
  primary: readonly string[];
  defaults: Params;
  strings: Strings;
  locale: string;
  kinds: Record<string, ResultKind>;
  /** Many results as one table (the experiment's `resultTable`). */
  table: ResultTable | null;
}

export type FieldError = { param: string; text: string };

/**
 * A cell's form: reads its controls (a bad value is reported, never coerced), marks the fields
 * that are wrong with their messages (and says them once more to screen readers), and sets
 * values. A field under the closed "More settings" is opened when it is set or wrong.
 */
export interface CellForm {
  readonly form: HTMLFormElement;
  control(name: string): HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
  label(name: string): string;
  read(): { params: Params } | { errors: FieldError[] };
  markInvalid(errors: FieldError[]): void;
  clearInvalid(): void;
  /** Sets these values as if typed, opening "More settings" when one of them is under it. */
  set(values: Record<string, string>): void;
  /** A check's own message (its code), or the field's; never the worker's English. */
  workerErrorText(e: ParamError): string;
}

export function cellForm(root: HTMLElement, spec: CellSpec, s: Strings): CellForm {
  const cellId = root.dataset.cell!;
  const form = root.querySelector<HTMLFormElement>('form')!;
  const alert = root.querySelector<HTMLElement>('[role="alert"]')!;
  const status = root.querySelector<HTMLElement>('.cell-status')!;
  const more = root.querySelector<HTMLDetailsElement>('details.cell-more');
  const control = (name: string) => form.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
  const label = (name: string) => root.querySelector(`label[for="${CSS.escape(`${cellId}-${name}`)}"]`)?.textContent ?? name;
  const reveal = (name: string) => {
    if (more && !more.open && more.contains(control(name))) more.open = true;
  };

  const clearInvalid = () => {
    for (const name of Object.keys(spec.params)) {
      const c = control(name);
      c.removeAttribute('aria-invalid');
      // Selects carry no hint (their options are the allowed values).
      if (spec.params[name].kind === 'choice') c.removeAttribute('aria-describedby');
      else c.setAttribute('aria-describedby', `${cellId}-${name}-hint`);
      const err = root.querySelector<HTMLElement>(`#${CSS.escape(`${cellId}-${name}-error`)}`)!;
      err.hidden = true;
      err.textContent = '';
    }
    alert.textContent = '';
    alert.classList.remove('sr-only');
  };

  const markInvalid = (errors: FieldError[]) => {
    clearInvalid();
    // An old "Done." above a new error would say two things at once.
    status.textContent = '';
    for (const { param, text } of errors) {
      const c = control(param);
      if (!c) continue;
      reveal(param);
      const errId = `${cellId}-${param}-error`;
      const err = root.querySelector<HTMLElement>(`#${CSS.escape(errId)}`)!;
      err.textContent = text;
      err.hidden = false;
      c.setAttribute('aria-invalid', 'true');
      c.setAttribute('aria-describedby', spec.params[param].kind === 'choice' ? errId : `${errId} ${cellId}-${param}-hint`);
    }
    // The message sits under its field; the alert says it once more to screen readers only, with the field's name.
    alert.textContent = errors.map((e) => fill(s['cell.error.param'], { param: label(e.param), message: e.text })).join(' ');
    alert.classList.toggle('sr-only', errors.length > 0);
  };

  /** What is wrong with a control's value, naming the part (an entry, a bound, a line count). */
  const invalidText = (name: string) => {
    const parsed = parseParam(spec.params[name], control(name).value);
    return parsed.ok ? fill(s['cell.invalid'], { param: label(name), allowed: allowedMessage(spec.params[name], s, spec.locale) }) : paramErrorText(spec.params[name], parsed, s, spec.locale);
  };

  const read = (): { params: Params } | { errors: FieldError[] } => {
    const params: Params = {};
    const errors: FieldError[] = [];
    for (const [name, ps] of Object.entries(spec.params)) {
      const parsed = parseParam(ps, control(name).value);
      if (parsed.ok) params[name] = parsed.value;
      else errors.push({ param: name, text: invalidText(name) });
    }
    return errors.length ? { errors } : { params };
  };

  const set = (values: Record<string, string>) => {
    for (const [name, value] of Object.entries(values)) {
      control(name).value = value;
      control(name).dispatchEvent(new Event('input'));
      if (!spec.primary.includes(name) && value !== formatParam(spec.defaults[name])) reveal(name);
    }
  };

  const workerErrorText = (e: ParamError) =>
    e.code ? fill(s[`cell.check.${e.code}`], e.vars) : Object.hasOwn(spec.params, e.param) ? invalidText(e.param) : fill(s['cell.error'], { message: s['cell.error.reason.code'] });

  for (const set of root.querySelectorAll<HTMLFieldSetElement>('fieldset[data-set-for]')) attachWordSet(set, control(set.dataset.setFor!) as HTMLInputElement);
  return { form, control, label, read, markInvalid, clearInvalid, set, workerErrorText };
}

/**
 * Checkboxes for a text parameter that lists some of a few words (a `set` hint): ticking one
 * rewrites the field as the words in their order, comma-separated; typing in the field ticks
 * the boxes of the words it names. The field stays the parameter's control.
 */
function attachWordSet(set: HTMLFieldSetElement, field: HTMLInputElement): void {
  const boxes = Array.from(set.querySelectorAll<HTMLInputElement>('input[type="checkbox"]'));
  const fromField = () => {
    const named = new Set(field.value.split(/[\s,]+/).filter(Boolean));
    for (const b of boxes) b.checked = named.has(b.value);
  };
  for (const b of boxes) {
    b.addEventListener('change', () => {
      field.value = boxes.filter((x) => x.checked).map((x) => x.value).join(', ');
    });
  }
  field.addEventListener('input', fromField);
  fromField();
  set.hidden = false;
}

