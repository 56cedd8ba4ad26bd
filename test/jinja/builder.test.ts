/**
 * Issue 23, item 1: the Jinja format gives a template what transformers gives it, from the same
 * message builder as the native ChatML (Qwen2.5) and Llama 3.1 formats. Checked against the
 * reference templates and their expected renders (`../shared/reference/hf-jinja-golden/`,
 * `../shared/interop/hf-e2e-golden.json`): OpenAI Chat data carries arguments as JSON strings,
 * the models were trained on objects (`arguments` option `object`, the default), and the
 * template then writes what the golden shows for the same call given as an object.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { chatMlFormat } from '../../src/core/formats/chatml/index.ts';
import { jinjaFormat } from '../../src/core/formats/jinja/index.ts';
import { llama3Format } from '../../src/core/formats/llama3/index.ts';
import { decodeOpenAiChat } from '../../src/core/interchange/openai-chat/index.ts';
import type { ParleyRecord } from '../../src/core/model/types.ts';
import { interopDir } from '../interop/cases.ts';
import { goldenAvailable, goldenCase, LLAMA31, QWEN25 } from '../reference/hf-jinja-golden.ts';

beforeAll(() => Promise.all([jinjaFormat.prepare?.(), chatMlFormat.prepare?.(), llama3Format.prepare?.()]));

type Json = Record<string, unknown>;

/** `strict`: the reader must read it without errors (Cohere's tools are not OpenAI's: kept raw, and passed so). */
function read(data: unknown, strict = true): ParleyRecord {
  const { record, diagnostics } = decodeOpenAiChat(data);
  if (strict) expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  if (!record) throw new Error('not readable');
  return record;
}

/** The golden's data with every call's arguments as the JSON string OpenAI's API carries (`json.dumps` spacing, as the golden writes the objects). */
function withStringArguments(data: Json): Json {
  const messages = (data.messages as Json[]).map((message) => {
    const calls = message.tool_calls as Json[] | undefined;
    if (!calls) return message;
    return { ...message, tool_calls: calls.map((call) => ({ ...call, function: { ...(call.function as Json), arguments: JSON.stringify((call.function as Json).arguments).replaceAll('":"', '": "').replaceAll('","', '", "') } })) };
  });
  return { ...data, messages };
}

describe.skipIf(!goldenAvailable)('Jinja: what the template receives (reference templates)', () => {
  it('Qwen2.5 with OpenAI string arguments renders the golden target: arguments reach the template as objects', () => {
    const { chat_template, data, target } = goldenCase(QWEN25);
    const record = read(withStringArguments(data));
    const rendered = jinjaFormat.render(record, { template: chat_template });
    expect(rendered.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(rendered.text).toBe(target);
    // And the native format writes the same bytes for the same record.
    expect(chatMlFormat.render(record).text).toBe(target);
  });

  it('Qwen2.5 under arguments as-given writes the strings as the template writes a string: quoted', () => {
    const { chat_template, data } = goldenCase(QWEN25);
    const record = read(withStringArguments(data));
    const text = jinjaFormat.render(record, { template: chat_template, arguments: 'as-given' } as never).text;
    // `tool_call.arguments | tojson` of a string: a JSON string (the template's own line).
    expect(text).toContain('{"name": "get_current_temperature", "arguments": "{\\"location\\": \\"San Francisco, CA, USA\\"}"}');
    expect(chatMlFormat.render(record, { arguments: 'as-given' }).text).toBe(text);
  });

  it('arguments the source gave as objects stay objects under as-given, in ChatML and in the Jinja format: the golden target', () => {
    const { chat_template, data, target } = goldenCase(QWEN25);
    const record = read(data);
    expect(chatMlFormat.render(record, { arguments: 'as-given' }).text).toBe(target);
    expect(jinjaFormat.render(record, { template: chat_template, arguments: 'as-given' } as never).text).toBe(target);
  });

  it('the quoted-arguments warning says what the template does and which option passes the object', () => {
    const record = read(withStringArguments(goldenCase(QWEN25).data));
    const warnings = chatMlFormat.render(record, { arguments: 'as-given' }).diagnostics.filter((d) => d.code === 'chatml/string-arguments');
    expect(warnings).toHaveLength(2);
    expect(warnings[0]?.message).toBe(
      'messages[2].toolCalls[0].arguments: the template receives the arguments as a string, as the source gave them as a string (arguments as-given), and its "arguments | tojson" writes a string as a quoted JSON string; Qwen2.5 was trained on JSON objects; the "object" arguments option passes the object they hold.',
    );
  });

  it('Llama 3.1 with an OpenAI string-argument call: the same text as the native format, parameters as an object', () => {
    const { chat_template, data } = goldenCase(LLAMA31);
    const messages = [
      ...(data.messages as Json[]),
      { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'get_current_temperature', arguments: '{"location": "Paris, France"}' } }] },
      { role: 'tool', tool_call_id: 'call_1', content: '22.0' },
    ];
    const record = read({ messages, tools: data.tools });
    const jinja = jinjaFormat.render(record, { template: chat_template, variables: JSON.stringify({ bos_token: data.bos_token }) });
    expect(jinja.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    // The template: `'{"name": "' + name + '", "parameters": ' + arguments | tojson + '}'`.
    expect(jinja.text).toContain('{"name": "get_current_temperature", "parameters": {"location": "Paris, France"}}<|eot_id|>');
    expect(llama3Format.render(record, { bosToken: String(data.bos_token) }).text).toBe(jinja.text);
  });
});

describe.skipIf(!existsSync(join(interopDir, 'hf-e2e-golden.json')))('Jinja: a template that expects string arguments', () => {
  it('functionary writes arguments passed as an object as "[object Map]", and a warning names the option that passes the string', () => {
    const { chat_template, data, target } = (JSON.parse(readFileSync(join(interopDir, 'hf-e2e-golden.json'), 'utf8')) as { goldens: Record<string, { chat_template: string; data: Json; target: string }> }).goldens['meetkai/functionary-medium-v2.2'] as { chat_template: string; data: Json; target: string };
    const rendered = jinjaFormat.render(read(data), { template: chat_template });
    expect(rendered.text).toContain('<|content|>[object Map]<|stop|>');
    expect(rendered.diagnostics.find((d) => d.code === 'jinja/mapping-as-text')?.message).toContain('the arguments option "as-given"');
    const asGiven = jinjaFormat.render(read(data), { template: chat_template, arguments: 'as-given' } as never);
    expect(asGiven.text).toBe(target);
    expect(asGiven.diagnostics.filter((d) => d.code === 'jinja/mapping-as-text')).toEqual([]);
  });
});

const HF_E2E = join(interopDir, 'hf-e2e-golden.json');

describe.skipIf(!existsSync(HF_E2E))('Jinja: huggingface.js custom-template goldens (interop)', () => {
  const goldens = existsSync(HF_E2E) ? Object.entries((JSON.parse(readFileSync(HF_E2E, 'utf8')) as { goldens: Record<string, { chat_template: string; data: Json; target: string }> }).goldens) : [];

  it('holds fourteen', () => expect(goldens.length).toBe(14));

  // The suite passes its data to the template as it is: arguments as given.
  it.each(goldens)('%s renders byte for byte with arguments as given', (_model, { chat_template, data, target }) => {
    const rendered = jinjaFormat.render(read(data, false), { template: chat_template, date: '2025-07-10', arguments: 'as-given' } as never);
    expect(rendered.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(rendered.text).toBe(target);
  });
});
