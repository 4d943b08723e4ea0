import { parseParam } from '../../src/experiments/shared/params.ts';
import { DEFAULTS, fieldsFor, viewSpecs, type Field } from './settings.ts';

/**
 * A scene: settings the prose next to a flow view gives it ("load at 0.95", "a stale board").
 * Its button (FlowScene.astro) sends SCENE_EVENT to the view; its link carries the same settings
 * in the page's query string (`<view id>.<field>=<value>`, the notebook's URL state), so without
 * JavaScript, or opened in a new tab, it leads to the view set the same way. A scene names only
 * the fields it changes; the view takes the others from its own props. Pure, so tests can read it.
 */
export const SCENE_EVENT = 'flow-scene';

export interface SceneDetail {
  /** The scene's fields, as text (what a link or the form carries). */
  text: Partial<Record<Field, string>>;
  /** The scene's name, as its button says it: the view announces it once. */
  name: string;
}

export type SceneValue = string | number | readonly number[];

/**
 * The scene's fields as text, each checked against the view's own specs (flow.compare's bounds):
 * a scene a view would refuse is refused at build time, with what is wrong.
 */
export function sceneText(view: string, set: Readonly<Record<string, SceneValue>>): Partial<Record<Field, string>> {
  const specs = viewSpecs(DEFAULTS);
  const fields = fieldsFor(3);
  const text: Partial<Record<Field, string>> = {};
  for (const [name, value] of Object.entries(set)) {
    const field = fields.find((f) => f === name);
    if (!field) throw new Error(`FlowScene for view "${view}": "${name}" is not a view setting (${fields.join(', ')})`);
    const raw = typeof value === 'object' ? value.join(',') : String(value);
    const r = parseParam(specs[field], raw);
    if (!r.ok) throw new Error(`FlowScene for view "${view}": ${name}=${raw} is not allowed (${r.reason}${r.at ? ` ${JSON.stringify(r.at)}` : ''})`);
    text[field] = raw;
  }
  return text;
}

/** The scene's link: the page itself with the scene's settings, at the view (`#flow-<view id>`). */
export function sceneHref(view: string, text: Partial<Record<Field, string>>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(text)) params.set(`${view}.${name}`, value);
  const q = params.toString();
  return `${q ? `?${q}` : '?'}#flow-${view}`;
}
