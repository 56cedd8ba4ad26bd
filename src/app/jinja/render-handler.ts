/**
 * The worker's side of a template render (render-protocol.ts): the core's Jinja render, answered
 * as plain data. Kept apart from the worker shell so that it runs under the unit tests.
 */
// The files, not core's index: the worker's chunk holds the Jinja render and nothing else of the core.
import { templateErrorPosition } from '../../core/formats/jinja/positions.ts';
import type { Rendered } from '../../core/formats/types.ts';
import type { JinjaRenderRequest, JinjaRenderResponse } from './render-protocol.ts';

export type RenderFunction = (record: JinjaRenderRequest['record'], options: JinjaRenderRequest['options'], how: JinjaRenderRequest['how']) => Rendered;

export function answerRender(request: JinjaRenderRequest, render: RenderFunction): JinjaRenderResponse {
  try {
    const { text, spans, diagnostics } = render(request.record, request.options, request.how);
    const positions = diagnostics.map((diagnostic) => templateErrorPosition(diagnostic) ?? null);
    return { type: 'jinja-rendered', job: request.job, text, spans, diagnostics, positions };
  } catch (thrown) {
    return { type: 'jinja-failed', job: request.job, message: thrown instanceof Error ? thrown.message : String(thrown) };
  }
}
