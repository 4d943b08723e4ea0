import type { Strings } from '../../src/i18n/index.ts';
import { koreanRoundCount } from '../../src/i18n/korean-count.ts';
import { POLICIES } from '../../src/lib/flow/policy.ts';
import { VIEW_REQUESTS } from '../../src/worker/flow-protocol.ts';
import { el } from './dom.ts';
import { PANEL_FIELDS, type Field } from './settings.ts';
import type { ParamSpec } from '../../src/experiments/shared/types.ts';

/** What the settings form needs from its view: ids, the locale's words and numbers, the fields' specs. */
export interface FormContext {
  id: string;
  locale: 'ko' | 'en';
  t: (k: keyof Strings, vars?: Record<string, string | number>) => string;
  nf: Intl.NumberFormat;
  specs: Record<Field, ParamSpec>;
  fields: readonly Field[];
}

/**
 * The flow view's settings form: a select of policies per panel and a text field per setting, each
 * labelled with its bounds (flowParams' specs, narrowed: settings.ts) and with a message slot for a
 * refused value. Returns the form, its controls and message slots by field, and the labels (the
 * alert names a refused field by them).
 */
export function settingsForm(c: FormContext): {
  form: HTMLFormElement;
  controls: Map<Field, HTMLInputElement | HTMLSelectElement>;
  errors: Map<Field, HTMLElement>;
  labels: Record<Field, string>;
} {
  const { id, locale, t, nf, specs } = c;
  const controls = new Map<Field, HTMLInputElement | HTMLSelectElement>();
  const errors = new Map<Field, HTMLElement>();
  const fields = el('div', { className: 'cell-fields' });
  const bounds = (name: Field): Record<string, string> => {
    const spec = specs[name];
    return 'min' in spec ? { min: nf.format(spec.min), max: nf.format(spec.max) } : {};
  };
  const labels: Record<Field, string> = {
    a: t('flow.view.panel', { n: 1 }),
    b: t('flow.view.panel', { n: 2 }),
    c: t('flow.view.panel', { n: 3 }),
    servers: t('flow.view.servers', bounds('servers')),
    load: t('flow.view.load', bounds('load')),
    choices: t('flow.view.choices', bounds('choices')),
    refresh: t('flow.view.refresh', bounds('refresh')),
    speeds: t('flow.view.speeds', bounds('speeds')),
    seed: t('flow.view.seed'),
    slow: t('flow.view.slow', bounds('slow')),
    slowFactor: t('flow.view.slowFactor', bounds('slowFactor')),
    slowFrom: t('flow.view.slowFrom', { ...bounds('slowFrom'), requests: locale === 'ko' ? koreanRoundCount(VIEW_REQUESTS) : new Intl.NumberFormat(locale).format(VIEW_REQUESTS) }),
    slowFor: t('flow.view.slowFor', bounds('slowFor')),
  };
  for (const name of c.fields) {
    const cid = `${id}-${name}`;
    let control: HTMLInputElement | HTMLSelectElement;
    if ((PANEL_FIELDS as readonly string[]).includes(name)) {
      control = el('select', { id: cid, name });
      for (const p of POLICIES) control.append(el('option', { value: p, textContent: p }));
    } else {
      control = el('input', { id: cid, name, type: 'text', inputMode: name === 'speeds' ? 'text' : 'decimal', autocomplete: 'off' });
    }
    const err = el('p', { className: 'field-error', id: `${cid}-error`, hidden: true });
    controls.set(name, control);
    errors.set(name, err);
    fields.append(el('div', { className: 'field' }, el('label', { htmlFor: cid, textContent: labels[name] }), control, err));
  }
  const form = el('form', { className: 'flow-form', noValidate: true }, fields);
  return { form, controls, errors, labels };
}
