/**
 * What a template receives (issue 23, item 1): what transformers passes for the same data.
 * Each expected value is read off the input: names, unknown keys and parts as given, arguments
 * as an object, ids as given and never made up, thoughts under `reasoning_content`.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { decodeOpenAiChat } from '../../interchange/openai-chat/index.ts';
import { SHAPE } from '../../interchange/openai-chat/shape.ts';
import { blocksMessage, conversation, response, textMessage, thoughts, toolCall, toolCalls, toolOutput, toolOutputs } from '../../model/builders.ts';
import type { ParleyRecord } from '../../model/types.ts';
import { OPENAI_CHAT_NOTE } from '../shared/source-notes.ts';
import { jinjaFormat } from './index.ts';

beforeAll(() => jinjaFormat.prepare?.());

function read(data: unknown): ParleyRecord {
  const { record } = decodeOpenAiChat(data);
  if (!record) throw new Error('not readable');
  return record;
}

const render = (record: ParleyRecord, template: string, options: Record<string, unknown> = {}) => jinjaFormat.render(record, { template, ...options });

describe('the Jinja context', () => {
  it("reads the OpenAI Chat reader's notes by the reader's own key", () => expect(OPENAI_CHAT_NOTE).toBe(SHAPE));

  it('passes names, unknown keys, parts with their keys, and arguments as an object', () => {
    const record = read({
      messages: [
        { role: 'user', name: 'ann', x_meta: 5, content: [{ type: 'text', text: 'hi', cache: 1 }] },
        { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'f', arguments: '{"a": 1}' } }] },
      ],
    });
    const template = '{{ messages[0].name }}|{{ messages[0].x_meta }}|{{ messages[0].content[0].text }}{{ messages[0].content[0].cache }}|{{ messages[1].tool_calls[0].function.arguments.a }}|{{ messages[1].tool_calls[0].function.arguments | tojson }}';
    expect(render(record, template).text).toBe('ann|5|hi1|1|{"a": 1}');
    // As given: the string the data has.
    expect(render(record, '{{ messages[1].tool_calls[0].function.arguments }}', { arguments: 'as-given' }).text).toBe('{"a": 1}');
    expect(render(record, '{{ messages[1].tool_calls[0].function.arguments | tojson }}', { arguments: 'as-given' }).text).toBe('"{\\"a\\": 1}"');
  });

  it('passes ids as given and makes none up; a template that reads ids is told which are missing', () => {
    const record = read({
      messages: [
        { role: 'user', content: 'q' },
        { role: 'assistant', content: null, tool_calls: [{ type: 'function', function: { name: 'f', arguments: '{}' } }] },
        { role: 'tool', content: 'r' },
      ],
    });
    const rendered = render(record, '{{ messages[1].tool_calls[0].id is defined }}|{{ messages[2].tool_call_id is defined }}');
    expect(rendered.text).toBe('false|false');
    expect(rendered.diagnostics.filter((d) => d.code === 'jinja/missing-call-id').map((d) => d.path)).toEqual([
      ['messages', 1, 'toolCalls', 0],
      ['messages', 2],
    ]);
    // A template that reads no ids is not warned.
    expect(render(record, '{{ messages | length }}').diagnostics.filter((d) => d.code === 'jinja/missing-call-id')).toEqual([]);
  });

  it('passes the thoughts of a structured message as reasoning_content, its outputs as tool messages', () => {
    const record = conversation([
      textMessage('user', 'q'),
      blocksMessage([thoughts('think'), response('a'), toolCalls([toolCall('f', '{"x": 2}', { callId: 'k' })]), toolOutputs([toolOutput('out', { callId: 'k' })])]),
    ]);
    const template = '{% for m in messages %}{{ m.role }}:{{ m.reasoning_content }}:{{ m.content }}:{{ m.tool_call_id }};{% endfor %}';
    const rendered = render(record, template);
    expect(rendered.text).toBe('user::q:;assistant:think:a:;tool::out:k;');
    expect(rendered.diagnostics.filter((d) => d.severity !== 'info')).toEqual([]);
  });
});
