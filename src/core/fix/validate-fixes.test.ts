/** The fixes of the format-independent checks and of OpenChatML, applied to records read from OpenAI Chat Completions requests. */
import { describe, expect, it } from 'vitest';
import { openChatMlFormat } from '../formats/openchatml/index.ts';
import { findCodec } from '../interchange/registry.ts';
import type { ParleyRecord } from '../model/types.ts';
import { applyFixes } from './apply.ts';
import { diagnoseFor } from './check.ts';

const chat = findCodec('openai-chat');

function read(json: unknown): ParleyRecord {
  const record = chat?.decode(json).record;
  if (!record) throw new Error('openai-chat cannot read it');
  return record;
}

function fixed(json: unknown, diagnose = diagnoseFor({})): { json: unknown; ids: string[] } {
  const record = read(json);
  const result = applyFixes(record, diagnose(record), { recheck: diagnose });
  return { json: chat?.encode(result.record).json, ids: result.applied.map((f) => f.id) };
}

const call = (id: string) => ({ id, type: 'function', function: { name: 'f', arguments: '{}' } });

describe('fixes of validateRecord', () => {
  it('a parameters schema with no type gets "type": "object" (what every API reads it as)', () => {
    const tools = [{ type: 'function', function: { name: 'f', parameters: { properties: { a: { type: 'string' } } } } }];
    const out = fixed({ messages: [{ role: 'user', content: 'x' }], tools });
    expect(out.ids).toEqual(['tool-definition/parameters-type-object']);
    expect(out.json).toEqual({ messages: [{ role: 'user', content: 'x' }], tools: [{ type: 'function', function: { name: 'f', parameters: { properties: { a: { type: 'string' } }, type: 'object' } } }] });
  });

  it('a parameters schema of another type has no fix (what was meant is not known)', () => {
    const out = fixed({ messages: [{ role: 'user', content: 'x' }], tools: [{ type: 'function', function: { name: 'f', parameters: { type: 'array' } } }] });
    expect(out.ids).toEqual([]);
  });

  it('a tool result without an id answers the first unanswered call, in order (OpenAI requires tool_call_id)', () => {
    const out = fixed({
      messages: [
        { role: 'user', content: 'x' },
        { role: 'assistant', content: null, tool_calls: [call('call_a'), call('call_b')] },
        { role: 'tool', tool_call_id: 'call_a', content: 'A' },
        { role: 'tool', content: 'B' },
      ],
    });
    expect(out.ids).toEqual(['tool-output/answer-first-unanswered']);
    expect(out.json).toEqual({
      messages: [
        { role: 'user', content: 'x' },
        { role: 'assistant', content: null, tool_calls: [call('call_a'), call('call_b')] },
        { role: 'tool', tool_call_id: 'call_a', content: 'A' },
        { role: 'tool', tool_call_id: 'call_b', content: 'B' },
      ],
    });
  });
});

describe('fixes of OpenChatML', () => {
  it('a developer message becomes a system message (OpenChatML has no developer role, §3)', () => {
    const out = fixed(
      { messages: [{ role: 'system', content: 'S' }, { role: 'user', content: 'x' }, { role: 'developer', content: 'D' }] },
      diagnoseFor({ format: openChatMlFormat }),
    );
    expect(out.ids).toEqual(['openchatml/developer-to-system']);
    expect(out.json).toEqual({ messages: [{ role: 'system', content: 'S' }, { role: 'user', content: 'x' }, { role: 'system', content: 'D' }] });
  });
});

describe('OpenChatML thought flags', () => {
  const record = (systems: number): ParleyRecord => ({
    kind: 'chat',
    tools: [],
    messages: [
      ...Array.from({ length: systems }, (_, i) => ({ id: `s${i}`, role: 'system', content: { type: 'text' as const, text: 'S' }, thoughtFlags: ['reason' as const] })),
      { id: 'u', role: 'user', content: { type: 'text', text: 'x' } },
      { id: 'a', role: 'assistant', content: { type: 'blocks', blocks: [{ id: 'b1', type: 'thoughts', kind: 'reflect', text: 'hm' }, { id: 'b2', type: 'response', text: 'y' }] } },
    ],
  });
  const diagnose = diagnoseFor({ format: openChatMlFormat });

  it('a thought block whose flag the one system message lacks: the flag is added, in the order of §4', () => {
    const input = record(1);
    const { record: out, applied } = applyFixes(input, diagnose(input), { recheck: diagnose });
    expect(applied.map((f) => f.id)).toEqual(['openchatml/add-thought-flag']);
    expect(out.kind === 'chat' && out.messages[0]?.thoughtFlags).toEqual(['reflect', 'reason']);
    expect(diagnose(out).filter((d) => d.code === 'openchatml/thought-without-flag')).toEqual([]);
  });

  it('with two system messages, which one asks is a choice: no fix', () => {
    const input = record(2);
    expect(diagnose(input).find((d) => d.code === 'openchatml/thought-without-flag')?.fix).toBeUndefined();
  });
});
