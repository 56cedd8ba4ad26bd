import { describe, expect, it } from 'vitest';
import { toolCall, toolDefinition } from '../model/builders.ts';
import { checkToolCall, TOOL_CALL_CODES } from './tool-arguments.ts';

const weather = toolDefinition('get_weather', 'Current weather', {
  type: 'object',
  properties: {
    city: { type: 'string' },
    unit: { type: 'string', enum: ['C', 'F'] },
    days: { type: 'integer' },
    detail: { type: ['boolean', 'null'] },
    filters: { type: 'object', properties: { max: { type: 'number' } }, required: ['max'], additionalProperties: false },
    tags: { type: 'array', items: { type: 'string' } },
    note: { type: 'string', nullable: true },
  },
  required: ['city'],
  additionalProperties: false,
});
const open = toolDefinition('search', 'Search', { type: 'object', properties: { query: { type: 'string' } } });
const tools = [weather, open];
const path = ['messages', 2, 'content', 'blocks', 1, 'calls', 0] as const;
const argsPath = [...path, 'arguments'];

function check(name: string, args: string) {
  return checkToolCall(toolCall(name, args), tools, path);
}

describe('checkToolCall', () => {
  it('accepts a call that fits its schema', () => {
    expect(check('get_weather', '{"city": "Bern", "unit": "C", "days": 3, "detail": null, "filters": {"max": 2.5}, "tags": ["a"], "note": null}')).toEqual([]);
  });

  it('reports JSON syntax errors with line and column at the arguments field', () => {
    const [d, ...rest] = check('get_weather', '{\n  "city": "Bern",\n}');
    expect(rest).toEqual([]);
    expect(d).toMatchObject({ severity: 'error', code: TOOL_CALL_CODES.syntax, path: argsPath });
    expect(d?.message).toBe("Arguments are not valid JSON: Trailing comma before '}' at line 2, column 17.");
  });

  it('reports empty arguments and non-object arguments', () => {
    // Empty arguments (a new call before anything is typed) mean {} (issue 24): only the schema speaks.
    expect(check('search', '  ')).toEqual(check('search', '{}'));
    expect(check('search', '  ')[0]).not.toMatchObject({ code: TOOL_CALL_CODES.syntax, path: argsPath });
    expect(check('search', '[1]')[0]).toMatchObject({ code: TOOL_CALL_CODES.notObject, message: 'Arguments must be a JSON object, got array.' });
    expect(check('search', '"x"')[0]?.message).toBe('Arguments must be a JSON object, got string.');
  });

  it('reports an unknown tool as an error at the name, listing the defined ones', () => {
    const diagnostics = check('get_wether', '{}');
    expect(diagnostics).toEqual([
      { severity: 'error', code: TOOL_CALL_CODES.unknownTool, message: 'No tool named "get_wether" is defined (defined: get_weather, search).', path: [...path, 'name'] },
    ]);
  });

  it('does not call a tool unknown when no tools are defined at all', () => {
    expect(checkToolCall(toolCall('anything', '{}'), [], path)).toEqual([]);
  });

  it('reports a missing name', () => {
    expect(check(' ', '{}')[0]).toMatchObject({ severity: 'error', code: TOOL_CALL_CODES.noName, path: [...path, 'name'] });
  });

  it('reports a missing required argument', () => {
    expect(check('get_weather', '{"unit": "C"}')).toEqual([
      { severity: 'error', code: TOOL_CALL_CODES.missing, message: 'Missing required argument "city" (tool "get_weather").', path: argsPath },
    ]);
  });

  it('reports wrong types, including integer vs number and nested values', () => {
    const messages = check('get_weather', '{"city": 3, "days": 1.5, "detail": "yes", "filters": {"max": "2"}, "tags": ["a", 1]}').map((d) => [d.code, d.message]);
    expect(messages).toEqual([
      [TOOL_CALL_CODES.type, 'Argument "city" should be string, got number (tool "get_weather").'],
      [TOOL_CALL_CODES.type, 'Argument "days" should be integer, got number (tool "get_weather").'],
      [TOOL_CALL_CODES.type, 'Argument "detail" should be boolean or null, got string (tool "get_weather").'],
      [TOOL_CALL_CODES.type, 'Argument "filters.max" should be number, got string (tool "get_weather").'],
      [TOOL_CALL_CODES.type, 'Argument "tags[1]" should be string, got number (tool "get_weather").'],
    ]);
  });

  it('reports values outside an enum', () => {
    expect(check('get_weather', '{"city": "Bern", "unit": "K"}')[0]?.message).toBe('Argument "unit" should be one of "C", "F", got "K" (tool "get_weather").');
  });

  it('reports unknown arguments only when additionalProperties is false', () => {
    expect(check('get_weather', '{"city": "Bern", "citty": "x"}')).toEqual([
      {
        severity: 'error',
        code: TOOL_CALL_CODES.unknownArgument,
        message: 'Unknown argument "citty" (known: city, unit, days, detail, filters, tags, note) (tool "get_weather").',
        path: argsPath,
      },
    ]);
    expect(check('search', '{"query": "x", "page": 2}')).toEqual([]);
    expect(check('get_weather', '{"city": "x", "filters": {"max": 1, "min": 0}}')[0]?.message).toContain('Unknown argument "filters.min"');
  });

  it('ignores schema checks for a tool without parameters, or with a schema it cannot read', () => {
    expect(checkToolCall(toolCall('t', '{"a": 1}'), [toolDefinition('t')], path)).toEqual([]);
    expect(checkToolCall(toolCall('t', '{"a": 1}'), [toolDefinition('t', '', 'not a schema')], path)).toEqual([]);
  });

  it('accepts any variant of anyOf / oneOf', () => {
    const t = toolDefinition('t', '', { type: 'object', properties: { v: { anyOf: [{ type: 'string' }, { type: 'integer' }] } } });
    expect(checkToolCall(toolCall('t', '{"v": 3}'), [t], path)).toEqual([]);
    expect(checkToolCall(toolCall('t', '{"v": true}'), [t], path)[0]?.message).toBe('Argument "v" matches none of the allowed alternatives (got true) (tool "t").');
  });
});
