import { describe, expect, it } from 'vitest';
import { conversation, textMessage as message } from '../../core/model/builders.ts';
import { jinjaFormat } from '../../core/formats/jinja/index.ts';
import { renderJinja } from '../../core/formats/jinja/render.ts';
import { answerRender } from './render-handler.ts';
import { isJinjaRenderRequest, isJinjaRenderResponse, type JinjaRenderRequest } from './render-protocol.ts';

const record = conversation([message('user', 'Hello'), message('assistant', 'Hi.')]);

function request(template: string): JinjaRenderRequest {
  return { type: 'jinja-render', job: 7, record, options: { template } };
}

describe('answerRender', () => {
  it('answers with the render as plain data that survives structured clone (what postMessage does)', () => {
    const answer = structuredClone(answerRender(request('{% for m in messages %}[{{ m.content }}]{% endfor %}'), renderJinja));
    expect(answer).toMatchObject({ type: 'jinja-rendered', job: 7, text: '[Hello][Hi.]' });
    if (answer.type !== 'jinja-rendered') throw new Error('not rendered');
    // The assistant's content is located: a span at its path, trainable.
    expect(answer.spans).toContainEqual({ start: 8, end: 11, kind: 'content', path: ['messages', 1, 'content'], trainable: true });
  });

  it('sends a template error\'s line and column as data, one position per diagnostic', () => {
    // Line 2, column 4: where `raise_exception` is called.
    const answer = structuredClone(answerRender(request("ok\n{{ raise_exception('no') }}"), renderJinja));
    if (answer.type !== 'jinja-rendered') throw new Error('not rendered');
    expect(answer.diagnostics.map((d) => d.code)).toEqual(['jinja/template-error']);
    expect(answer.positions).toEqual([{ line: 2, column: 4 }]);
  });

  it('answers a render that throws with its message, never throws itself', () => {
    const answer = answerRender(request('x'), () => {
      throw new RangeError('Maximum call stack size exceeded');
    });
    expect(answer).toEqual({ type: 'jinja-failed', job: 7, message: 'Maximum call stack size exceeded' });
  });

  it('messages are told apart from other workers\' by their type', () => {
    expect(isJinjaRenderRequest(request('x'))).toBe(true);
    expect(isJinjaRenderRequest({ type: 'search-find' })).toBe(false);
    expect(isJinjaRenderResponse({ type: 'jinja-failed', job: 1, message: '' })).toBe(true);
    expect(isJinjaRenderResponse(null)).toBe(false);
    // The metadata module never loads the engine: the worker imports render.ts itself.
    expect(jinjaFormat.id).toBe('jinja');
  });
});
