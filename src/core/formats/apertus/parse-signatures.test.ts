/**
 * Reading tool signatures back into tool definitions. The signature texts are the official
 * template's output (rendered by the reference when it is present, else by the native renderer,
 * which the golden and differential tests hold to the reference); the expected definitions are
 * written by hand. Where several definitions write the same text, the test names the one the
 * reader picks.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { referenceAvailable, renderReference } from '../../../../test/reference/apertus-template.ts';
import { PINNED, renderJson } from '../../../../test/apertus/helpers.ts';
import { toolDefinition } from '../../model/builders.ts';
import type { ToolDefinition } from '../../model/types.ts';
import { parseToolSignatures } from './parse-signatures.ts';
import { Pieces } from './pieces.ts';
import { renderToolSignatures } from './signatures.ts';

const LISTED = 'Tool Capabilities:\n';
const GOLDENS = join(import.meta.dirname, '..', '..', '..', '..', 'test', 'goldens', 'apertus');

/** The signature section of the developer section of a rendered text. */
function sectionOf(text: string): string {
  const start = text.indexOf(LISTED);
  return text.slice(start + LISTED.length, text.indexOf('<|developer_end|>'));
}

/** The template's signatures for these tools (Apertus JSON). */
function signaturesOf(tools: unknown[]): string {
  const json = { messages: [{ role: 'user', content: 'Q' }], tools };
  const native = renderJson(json);
  expect(native.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return sectionOf(referenceAvailable ? renderReference(json, PINNED) : native.text);
}

function renderSignatures(tools: readonly ToolDefinition[]): string {
  const pieces = new Pieces();
  renderToolSignatures(tools, pieces, []);
  return pieces.text();
}

/** The definitions as Apertus JSON (no ids). */
function plain(tools: readonly ToolDefinition[] | undefined): unknown {
  return tools?.map(({ name, description, parameters }) => (parameters === undefined ? { name, description } : { name, description, parameters }));
}

/** Reads `tools`' signatures back: the result writes the same text. Returns it as JSON. */
function roundTrip(tools: unknown[]): unknown {
  const text = signaturesOf(tools);
  const parsed = parseToolSignatures(text);
  expect(parsed, `no reading of ${JSON.stringify(text)}`).toBeDefined();
  expect(renderSignatures(parsed ?? [])).toBe(text);
  return plain(parsed);
}

const tool = (parameters?: unknown, name = 'f', description = 'Does f.') => (parameters === undefined ? { name, description } : { name, description, parameters });
const params = (properties: Record<string, unknown>, required?: string[]) => (required === undefined ? { type: 'object', properties } : { type: 'object', properties, required });

describe('parseToolSignatures: the golden conversations', () => {
  const files = readdirSync(GOLDENS).filter((f) => f.endsWith('.txt') && readFileSync(join(GOLDENS, f), 'utf8').includes(LISTED));

  it('covers every golden with tools', () => {
    expect(files.length).toBeGreaterThanOrEqual(8);
  });

  it.each(files)('%s: the tools write the same signatures', (file) => {
    const section = sectionOf(readFileSync(join(GOLDENS, file), 'utf8'));
    const parsed = parseToolSignatures(section);
    expect(parsed).toBeDefined();
    expect(renderSignatures(parsed ?? [])).toBe(section);
  });
});

describe('parseToolSignatures: shapes read back as they were written', () => {
  it.each<[string, unknown[]]>([
    ['no parameters, several tools', [tool(), tool(undefined, 'g', 'Does g.')]],
    ['required and optional, with descriptions', [tool(params({ city: { type: 'string', description: 'The city.' }, days: { type: 'number' }, on: { type: 'boolean' } }, ['city']))]],
    ['a string enum with a default', [tool(params({ unit: { type: 'string', enum: ['c', 'f'], default: 'c' } }))]],
    ['tojson defaults', [tool(params({ q: { type: 'string', default: 'x"y' }, n: { type: 'number', default: 3.5 }, l: { type: 'array', items: { type: 'string' }, default: ['a', null] }, o: { type: 'object', default: { k: [1, { z: null }] } } }))]],
    ['nested objects', [tool(params({ t: { type: 'object', properties: { name: { type: 'string' }, address: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } }, required: ['name'] } }))]],
    ['arrays', [tool(params({ a: { type: 'array', items: { type: 'number' } }, m: { type: 'array', items: { type: 'array', items: { type: 'boolean' } } }, p: { type: 'array', items: { type: 'object', properties: { x: { type: 'number' } } } }, n: { type: 'array', items: { type: 'string' }, nullable: true }, any: { type: 'array' } }))]],
    ['a type list', [tool(params({ v: { type: ['string', 'number', 'null'] } }))]],
    ['oneOf with descriptions and defaults', [tool(params({ t: { oneOf: [{ type: 'string', description: 'A name.' }, { type: 'number', description: 'An id.', default: 0 }, { type: 'object', properties: { x: { type: 'number' } } }] } }))]],
    ['a oneOf default (no comma)', [tool(params({ e: { oneOf: [{ type: 'string' }, { type: 'number' }], default: 'auto' } }))]],
    ['a oneOf variant that is an annotated oneOf', [tool(params({ e: { oneOf: [{ oneOf: [{ type: 'number', default: 1 }], description: 'inner', default: 'x' }, { type: 'boolean' }] } }))]],
    ['an array of a oneOf with a default', [tool(params({ e: { type: 'array', items: { oneOf: [{ type: 'number', default: 1 }] } } }))]],
    ['names with spaces, unicode, digits and punctuation', [tool(params({ '0': { type: 'number' }, '10': { type: 'number' }, 'with space': { type: 'string' }, 'ünï': { type: 'string' }, 'a: b': { type: 'string' } }, ['a: b']))]],
    ['descriptions with newlines and colons', [tool(params({ q: { type: 'string', description: 'one\ntwo: three' } }), 'f', 'Line one.\nLine two: // x'), tool(undefined, 'g h')]],
  ])('%s', (_name, tools) => {
    expect(roundTrip(tools)).toEqual(tools);
  });
});

describe('parseToolSignatures: where several definitions write the same text, the reader picks one', () => {
  it.each<[string, unknown, unknown]>([
    ['"integer" and "number" both write number: number', { type: 'integer' }, { type: 'number' }],
    ['nullable and a type list both write string | null: the list', { type: 'string', nullable: true }, { type: ['string', 'null'] }],
    ['an enum value holding " | " writes like two values: two values', { type: 'string', enum: ['a" | "b'] }, { type: 'string', enum: ['a', 'b'] }],
    ['an item type "integer" writes number[]', { type: 'array', items: { type: 'integer' } }, { type: 'array', items: { type: 'number' } }],
    ['an object without properties writes object', { type: 'object', properties: {} }, { type: 'object' }],
    ['a schema that is not an object writes any: {}', 'string', {}],
    ['a default written as text after a plain type: a one-item type list with an enum', { type: ['string'], enum: ['x'], default: 'raw' }, { type: ['string'], enum: ['raw'], default: 'raw' }],
    ['a number default after an enum writes as text: a string', { type: 'string', enum: ['1', '2'], default: 1 }, { type: 'string', enum: ['1', '2'], default: '1' }],
    ['a nested oneOf without annotations: flat', { oneOf: [{ type: 'string' }, { oneOf: [{ type: 'number' }, { type: 'boolean' }] }] }, { oneOf: [{ type: 'string' }, { type: 'number' }, { type: 'boolean' }] }],
  ])('%s', (_name, schema, read) => {
    expect(roundTrip([tool(params({ p: schema }))])).toEqual([tool(params({ p: read }))]);
  });
});

describe('parseToolSignatures: ambiguous names and descriptions', () => {
  it('reads "a?: " as an optional "a" rather than a required "a?"', () => {
    expect(roundTrip([tool(params({ 'a?': { type: 'string' } }, ['a?']))])).toEqual([tool(params({ a: { type: 'string' } }))]);
  });

  it('reads "a?: " as a required "a?" when an optional "a" is already there', () => {
    const tools = [tool(params({ a: { type: 'string' }, 'a?': { type: 'number' } }, ['a?']))];
    expect(roundTrip(tools)).toEqual(tools);
  });

  it('reads a description holding a signature as two tools (the shorter description first)', () => {
    const tools = [tool(params({ q: { type: 'string' } }), 'f', 'Line one.\ntype g = () => any;\n// not a tool'), tool()];
    expect(roundTrip(tools)).toEqual([tool(undefined, 'g', 'Line one.'), tool(params({ q: { type: 'string' } }), 'f', 'not a tool'), tool()]);
  });
});

describe('parseToolSignatures: text no definitions write', () => {
  it.each<[string, string]>([
    ['a signature the template never writes', '// f\ntype f = () => void;'],
    ['no description line', 'type f = () => any;'],
    ['an unclosed parameter list', '// f\ntype f = (_: {\na: string\n'],
    ['an unknown type syntax', '// f\ntype f = (_: {\na: Map<string>\n}) => any;'],
    ['an array item type over 50 characters', `// f\ntype f = (_: {\na: "${'x'.repeat(60)}"[]\n}) => any;`],
  ])('%s: none', (_name, text) => {
    expect(parseToolSignatures(text)).toBeUndefined();
  });

  it('reads a tool named "\\n" that the search without line breaks in names cannot settle within its steps', () => {
    // Found by the round-trip property (parse.property.test.ts): the search without line
    // breaks in names ran out of steps before saying "none", and the tools were dropped.
    const tools = [
      toolDefinition('search', 'x'.repeat(50), { type: 'object', properties: {} }),
      toolDefinition('search', 'A value.', { type: 'object', properties: { query: { type: 'array', default: '' }, a: { type: ['string'] }, b: { type: 'array', items: { type: ['string'] }, description: 'A value.', default: '' } } }),
      toolDefinition('\n', 'A value.'),
    ];
    const text = renderSignatures(tools);
    const parsed = parseToolSignatures(text);
    expect(parsed?.map((tool) => tool.name)).toEqual(['search', 'search', '\n']);
    expect(renderSignatures(parsed ?? [])).toBe(text);
  });

  it('gives up on hostile text within its step budget, quickly', () => {
    const hostile = [
      `// a\ntype f = (_: {\n${'a: b: c: '.repeat(2000)}string\n}) => any;x`,
      `// a\ntype f = (_: {\nx?: ${'string// d | \n'.repeat(800)}number, // default: 1,\n}) => any;`,
      `// ${'\ntype '.repeat(2000)}${' = '.repeat(2000)}`,
    ];
    for (const text of hostile) {
      const started = performance.now();
      const parsed = parseToolSignatures(text);
      expect(performance.now() - started).toBeLessThan(3000);
      if (parsed !== undefined) expect(renderSignatures(parsed)).toBe(text);
    }
  });
});
