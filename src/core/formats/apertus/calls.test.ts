/**
 * Tool calls: arguments are written as they are. Text that is not JSON is a warning (the
 * template renders it), the same diagnostic `validateRecord` gives; object arguments are what
 * `@huggingface/jinja` makes of them; a legacy call without a type is an error (the template
 * raises). Expected texts are checked against the reference when it is present.
 */
import { describe, expect, it } from 'vitest';
import { decode, DEFAULT_HEAD, expectRender, PINNED, renderJson } from '../../../../test/apertus/helpers.ts';
import { validateRecord } from '../../validate/index.ts';
import { CODES } from './codes.ts';

const Q = '<|user_start|>Q<|user_end|>';
const blockCall = (args: unknown) => [{ role: 'user', content: 'Q' }, { role: 'assistant', content: { blocks: [{ type: 'tool_calls', calls: [{ name: 'f', arguments: args }] }] } }];
const legacyCall = (args: unknown) => [{ role: 'user', content: 'Q' }, { role: 'assistant', content: 'A', tool_calls: [{ type: 'function', function: { name: 'f', arguments: args } }] }];

describe('tool call arguments that are not JSON', () => {
  it.each<[string, string, string]>([
    ['a word', 'oops', 'Arguments are not valid JSON: Unexpected "o": expected a value at line 1, column 1.'],
    ['a trailing comma', '{"a": 1,}', "Arguments are not valid JSON: Trailing comma before '}' at line 1, column 8."],
  ])('%s: written verbatim, with a warning at the arguments field', (_name, args, message) => {
    const rendered = expectRender(blockCall(args), `${DEFAULT_HEAD}${Q}<|assistant_start|><|tools_prefix|>[{"f": ${args}}]<|tools_suffix|>`);
    const path = ['messages', 1, 'content', 'blocks', 0, 'calls', 0, 'arguments'];
    expect(rendered.diagnostics).toEqual([{ severity: 'warning', code: 'tool-call/arguments-syntax', message, path }]);
  });

  it('empty arguments: written as the template writes them (nothing), with a warning and no error (issue 24: they mean {})', () => {
    const rendered = expectRender(blockCall(''), `${DEFAULT_HEAD}${Q}<|assistant_start|><|tools_prefix|>[{"f": }]<|tools_suffix|>`);
    const path = ['messages', 1, 'content', 'blocks', 0, 'calls', 0, 'arguments'];
    expect(rendered.diagnostics.map((d) => [d.severity, d.code, d.path])).toEqual([['warning', 'apertus/arguments-empty', path]]);
    expect(rendered.diagnostics[0]?.message).toContain('Write {} for a call without arguments.');
  });

  it('warns at the legacy toolCalls path too', () => {
    const rendered = expectRender(legacyCall('{x'), `${DEFAULT_HEAD}${Q}<|assistant_start|>A<|tools_prefix|>[{"f": {x}]<|tools_suffix|>`);
    expect(rendered.diagnostics.map((d) => [d.severity, d.code, d.path])).toEqual([['warning', 'tool-call/arguments-syntax', ['messages', 1, 'toolCalls', 0, 'arguments']]]);
  });

  it('gives the diagnostic validateRecord gives (same code, path and message), so that the app can show it once', () => {
    const json = blockCall('{"a": }');
    const format = renderJson(json).diagnostics;
    const check = validateRecord(decode(json).conversation);
    expect(format.map((d) => [d.code, d.path, d.message])).toEqual(check.map((d) => [d.code, d.path, d.message]));
    expect(check.map((d) => d.severity)).toEqual(['error']);
  });

  it('does not warn about JSON that is not an object (the template has no opinion; validateRecord does)', () => {
    expectRender(blockCall('[1, 2]'), `${DEFAULT_HEAD}${Q}<|assistant_start|><|tools_prefix|>[{"f": [1, 2]}]<|tools_suffix|>`);
  });
});

describe('object arguments', () => {
  const cases = [['in a block', blockCall, ''], ['in legacy tool_calls', legacyCall, 'A']] as const;

  it.each(cases)('%s are written as their JSON text, with a warning that the official template fails on them', (_name, make, before) => {
    const rendered = renderJson(make({ x: 1, y: { z: 'a' } }));
    // Apertus JSON's reader keeps an object as its JSON text, with Python's separators (", ", ": ").
    expect(rendered.text).toBe(`${DEFAULT_HEAD}${Q}<|assistant_start|>${before}<|tools_prefix|>[{"f": {"x": 1, "y": {"z": "a"}}}]<|tools_suffix|>`);
    expect(rendered.diagnostics.map((d) => [d.severity, d.code])).toEqual([['warning', CODES.argumentsObject]]);
    expect(rendered.diagnostics[0]?.message).toMatch(/written as their JSON text.*"\[object Map\]".*Python's jinja2 .* raises TypeError/);
  });

  it.each(cases)('%s: the objectMapArguments option writes the template\'s own bytes ([object Map]), as the reference does', (_name, make, before) => {
    const rendered = expectRender(make({ x: 1 }), `${DEFAULT_HEAD}${Q}<|assistant_start|>${before}<|tools_prefix|>[{"f": [object Map]}]<|tools_suffix|>`, { ...PINNED, objectMapArguments: true });
    expect(rendered.diagnostics.map((d) => [d.severity, d.code])).toEqual([['warning', CODES.argumentsObject]]);
  });
});

describe('legacy tool calls without a type', () => {
  it('are an error naming the message, and the rest still renders', () => {
    const json = [{ role: 'user', content: 'Q' }, { role: 'assistant', content: 'A', tool_calls: [{ type: 'function', function: { name: 'f', arguments: '{}' } }, { function: { name: 'g', arguments: '{}' } }] }];
    const rendered = renderJson(json);
    expect(rendered.diagnostics.map((d) => [d.severity, d.code, d.path])).toEqual([['error', CODES.legacyCallType, ['messages', 1, 'toolCalls', 1]]]);
    expect(rendered.diagnostics[0]?.message).toMatch(/^Message 2 \(assistant\): tool call 2 has no "type"/);
    expect(rendered.text).toBe(`${DEFAULT_HEAD}${Q}<|assistant_start|>A<|tools_prefix|>[{"f": {}}, {"g": {}}]<|tools_suffix|>`);
  });
});
