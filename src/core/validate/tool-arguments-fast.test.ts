/**
 * The tool-call checks' scan-first paths (tool-arguments.ts): `checkToolCall` gives exactly the
 * diagnostics of the parse-everything check it replaced (written out below as the reference),
 * and `isCleanToolCall` its verdict, on generated calls: valid and invalid argument texts, known
 * and unknown names, tools with and without a parameters schema.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { error, type Diagnostic } from '../model/diagnostic.ts';
import { toolDefinition } from '../model/builders.ts';
import type { ToolDefinition } from '../model/types.ts';
import { checkAgainstSchema } from './schema-check.ts';
import { checkArgumentsText, checkToolCall, isCleanToolCall, TOOL_CALL_CODES } from './tool-arguments.ts';

const PROBLEM_CODES = { missing: TOOL_CALL_CODES.missing, type: TOOL_CALL_CODES.type, unknown: TOOL_CALL_CODES.unknownArgument, enum: TOOL_CALL_CODES.enum } as const;

/** checkToolCall as it was before the scan: every call's arguments parsed. */
function referenceCheck(call: { name: string; arguments: string }, tools: readonly ToolDefinition[], where: (string | number)[]): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  let tool: ToolDefinition | undefined;
  if (call.name.trim() === '') diagnostics.push(error(TOOL_CALL_CODES.noName, 'The tool call has no tool name.', [...where, 'name']));
  else if (tools.length > 0) {
    tool = tools.find((candidate) => candidate.name === call.name);
    if (!tool) {
      const known = tools.map((t) => t.name).filter((n) => n !== '');
      diagnostics.push(error(TOOL_CALL_CODES.unknownTool, `No tool named "${call.name}" is defined${known.length > 0 ? ` (defined: ${known.join(', ')})` : ''}.`, [...where, 'name']));
    }
  }
  const text = checkArgumentsText(call.arguments, [...where, 'arguments']);
  diagnostics.push(...text.diagnostics);
  if (tool && text.value && tool.parameters !== undefined) {
    for (const problem of checkAgainstSchema(text.value, tool.parameters)) diagnostics.push(error(PROBLEM_CODES[problem.kind], `${problem.message} (tool "${tool.name}").`, [...where, 'arguments']));
  }
  return diagnostics;
}

const weather = toolDefinition('get_weather', '', { type: 'object', properties: { city: { type: 'string' }, days: { type: 'integer' } }, required: ['city'], additionalProperties: false });
const free = toolDefinition('free', '');
/** Schemas the scan follows and ones it leaves to the check (nested, enum, type lists, inherited names…). */
const SCHEMAS: unknown[] = [
  { type: 'object', properties: { city: { type: 'string' }, days: { type: 'integer' }, n: { type: 'number' }, ok: { type: 'boolean' }, z: { type: 'null' }, note: { type: 'string', nullable: true }, any: {} }, required: ['city'] },
  { properties: { days: { type: 'integer' }, x: { type: ['string', 'null'] }, é: { enum: ['a', 1] } }, additionalProperties: false },
  { type: 'object', properties: { x: { type: 'object', properties: { days: { type: 'integer' } }, required: ['days'] }, city: { type: 'array', items: { type: 'string' } } }, additionalProperties: { type: 'string' } },
  { type: 'object', required: ['toString'], properties: { toString: { type: 'string' } } },
  { type: 'object', required: ['x', 'a"b'], properties: { 'a"b': { type: 'integer' }, 'a\\b': { type: 'string' } }, additionalProperties: false },
  { type: 'object', properties: { city: { anyOf: [{ type: 'string' }, { type: 'integer' }] }, days: { const: 3 }, n: { type: 'weird' } }, required: ['__proto__'] },
  { type: 'array' },
  { type: ['object'] },
  'not a schema',
  {},
];
const TOOL_SETS: ToolDefinition[][] = [[], [weather], [free], [weather, free], [toolDefinition('', '')], ...SCHEMAS.map((schema) => [toolDefinition('get_weather', '', schema), free])];

const key = fc.constantFrom('city', 'days', 'x', 'é', '', 'n', 'ok', 'z', 'note', 'any', 'toString', '__proto__', 'a"b', 'a\\b');
const numberText = fc.constantFrom('1', '-0', '1.0', '1e2', '1E+2', '-12', '3.5', '12345678901234567890', '1'.repeat(320), '0.0000001');
const scalar = fc.oneof(fc.string({ maxLength: 4 }), fc.integer(), fc.double(), fc.boolean(), fc.constant(null), numberText.map((t) => JSON.parse(t) as unknown));
const objectText = fc.dictionary(key, fc.oneof(scalar, fc.json({ maxDepth: 2 }).map((t) => JSON.parse(t) as unknown))).map((value) => JSON.stringify(value));
const space = fc.constantFrom('', ' ', '\n\t', '\u00a0', '\ufeff');
/** Objects written by hand: number texts as written (1.0, 1e2, a 320-digit integer), repeated keys, spaces. */
const writtenObject = fc.array(fc.tuple(key, fc.oneof(numberText, scalar.map((v) => JSON.stringify(v) ?? 'null')), space), { maxLength: 4 }).map((members) => `{${members.map(([k, v, sp]) => `${sp}${JSON.stringify(k)}${sp}:${sp}${v}${sp}`).join(',')}}`);
/** Argument texts: objects (some fit the schema), other JSON, and broken ones (cut short, a character changed, deep nesting). */
const argumentsText = fc.oneof(
  writtenObject,
  objectText,
  fc.json(),
  fc.tuple(space, objectText, space).map(([a, t, b]) => `${a}${t}${b}`),
  fc.tuple(objectText, fc.nat()).map(([t, n]) => t.slice(0, n % (t.length + 1))),
  fc.tuple(objectText, fc.nat(), fc.constantFrom(',', '}', '"', ':', '\n', '\u0001', '\\', 'x')).map(([t, n, c]) => { const at = n % (t.length + 1); return t.slice(0, at) + c + t.slice(at + 1); }),
  fc.integer({ min: 60, max: 70 }).map((depth) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`),
  fc.string({ maxLength: 6 }),
);
const name = fc.constantFrom('get_weather', 'free', 'other', '', ' ', 'get_weather ');

describe('tool-call checks without parsing where the value is not needed', () => {
  it('checkToolCall gives the diagnostics of the parse-everything check; isCleanToolCall its verdict', () => {
    fc.assert(
      fc.property(name, argumentsText, fc.constantFrom(...TOOL_SETS.keys()), (callName, args, set) => {
        const tools = TOOL_SETS[set] as ToolDefinition[];
        const where = ['messages', 1, 'calls', 0];
        const expected = referenceCheck({ name: callName, arguments: args }, tools, where);
        expect(checkToolCall({ name: callName, arguments: args }, tools, where)).toEqual(expected);
        expect(isCleanToolCall(callName, args, tools)).toBe(expected.length === 0);
      }),
      { numRuns: 20_000 },
    );
  });
});
