/**
 * Where each `raise_exception(...)` of a template stands, so that a raise is shown at its line
 * and column: the engine's syntax tree keeps no positions, so each call inside a `{{ }}` or
 * `{% %}` tag is renamed to a function of its own (`raise_exception__parley_3`, same length
 * plus a suffix) that knows its place. Text outside tags is left alone.
 */
import { positionAt, type TemplatePosition } from './syntax-position.ts';

export interface RaiseSite {
  name: string;
  position: TemplatePosition;
}

const TAG = /\{\{[\s\S]*?\}\}|\{%[\s\S]*?%\}/g;
const CALL = /\braise_exception(?=\s*\()/g;

export function findRaiseSites(source: string): { text: string; sites: RaiseSite[] } {
  const sites: RaiseSite[] = [];
  let text = '';
  let last = 0;
  for (const tag of source.matchAll(TAG)) {
    for (const call of tag[0].matchAll(CALL)) {
      const at = tag.index + call.index;
      const name = `raise_exception__parley_${sites.length}`;
      sites.push({ name, position: positionAt(source, at) });
      text += source.slice(last, at) + name;
      last = at + call[0].length;
    }
  }
  return { text: text + source.slice(last), sites };
}
