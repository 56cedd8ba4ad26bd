/**
 * Messages between the page and the template render worker (render.worker.ts). The page sends
 * a record and the Jinja options; the worker answers with the render as plain data. A
 * diagnostic's template position is kept by the core in a WeakMap keyed by the diagnostic
 * object (core/formats/jinja/positions.ts), which does not cross `postMessage`: the worker sends
 * the positions beside the diagnostics, one per diagnostic (null: none), and the page keeps them
 * again (template-errors.ts). Every type starts with `jinja-`.
 */
import type { Diagnostic, OptionValues, ParleyRecord, RenderHow, Span, TemplatePosition } from '../../core/index.ts';

export interface JinjaRenderRequest {
  type: 'jinja-render';
  job: number;
  record: ParleyRecord;
  /** The Jinja format's options as the store holds them (undefined: the defaults). */
  options: OptionValues | undefined;
  how?: RenderHow;
}

export type JinjaRenderResponse =
  | { type: 'jinja-rendered'; job: number; text: string; spans: Span[]; diagnostics: Diagnostic[]; positions: (TemplatePosition | null)[] }
  /** The render threw (it should not: the core turns a template's failures into diagnostics). */
  | { type: 'jinja-failed'; job: number; message: string };

function typeOf(data: unknown): unknown {
  return typeof data === 'object' && data !== null ? (data as { type?: unknown }).type : undefined;
}

export function isJinjaRenderRequest(data: unknown): data is JinjaRenderRequest {
  return typeOf(data) === 'jinja-render';
}

export function isJinjaRenderResponse(data: unknown): data is JinjaRenderResponse {
  const type = typeOf(data);
  return type === 'jinja-rendered' || type === 'jinja-failed';
}
