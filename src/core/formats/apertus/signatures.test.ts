/**
 * Tool signatures of the developer section, one schema shape per test. Expectations are written
 * from the template's macros (whitespace quirks included); `expectRender` also checks them
 * against the official template when it is present.
 */
import { describe, expect, it } from 'vitest';
import { conversation, textMessage } from '../../model/builders.ts';
import { expectRender, PINNED, renderJson } from '../../../../test/apertus/helpers.ts';
import { render } from './render.ts';

const HEAD = '<s><|system_start|>S<|system_end|><|developer_start|>Deliberation: enabled\nTool Capabilities:\n';
const END = '<|developer_end|>';

function expectSignatures(tools: unknown[], expected: string): void {
  expectRender({ messages: [{ role: 'system', content: 'S' }], tools }, `${HEAD}${expected}${END}`);
}

/** One tool `f` ("Does f.") whose parameters have the given properties. */
function expectParams(properties: Record<string, unknown>, body: string, required?: unknown): void {
  const parameters = required === undefined ? { type: 'object', properties } : { type: 'object', properties, required };
  expectSignatures([{ name: 'f', description: 'Does f.', parameters }], `// Does f.\ntype f = (_: {\n${body}}) => any;`);
}

describe('tool signatures', () => {
  it('writes a tool without parameters, or with parameters but no properties, as () => any', () => {
    expectSignatures(
      [
        { name: 'a', description: 'A.' },
        { name: 'b', description: 'B.', parameters: { type: 'object' } },
        { name: 'c', description: 'C.', parameters: { type: 'object', properties: {} } },
      ],
      '// A.\ntype a = () => any;\n// B.\ntype b = () => any;\n// C.\ntype c = () => any;',
    );
  });

  it('marks optional parameters with ? and writes descriptions on the line before', () => {
    expectParams(
      { city: { type: 'string', description: 'The city.' }, days: { type: 'integer' }, metric: { type: 'boolean' }, ratio: { type: 'number' } },
      '// The city.\ncity: string,\ndays?: number,\nmetric?: boolean,\nratio?: number\n',
      ['city'],
    );
  });

  it('writes enums as string unions and nullable strings as string | null', () => {
    expectParams({ unit: { type: 'string', enum: ['c', 'f'] }, note: { type: 'string', nullable: true } }, 'unit?: "c" | "f",\nnote?: string | null\n');
  });

  it('writes defaults: tojson by default, raw text after an enum, no comma after a oneOf', () => {
    expectParams(
      {
        q: { type: 'string', default: 'x"y' },
        n: { type: 'integer', default: 3 },
        l: { type: 'array', items: { type: 'string' }, default: ['a', 'b'] },
        u: { type: 'string', enum: ['c', 'f'], default: 'c' },
        v: { oneOf: [{ type: 'string' }, { type: 'number' }], default: 'auto' },
      },
      'q?: string, // default: "x\\"y",\nn?: number, // default: 3,\nl?: string[], // default: ["a", "b"],\nu?: "c" | "f", // default: c,\nv?: string | \nnumber// default: auto\n',
    );
  });

  it('writes arrays of each item type, and any[] without items', () => {
    expectParams(
      {
        s: { type: 'array', items: { type: 'string' } },
        n: { type: 'array', items: { type: 'number' } },
        i: { type: 'array', items: { type: 'integer' } },
        b: { type: 'array', items: { type: 'boolean' } },
        x: { type: 'array' },
        y: { type: 'array', items: {} },
        z: { type: 'array', items: { type: 'array', items: { type: 'string' } } },
        o: { type: 'array', items: { type: 'object' } },
        e: { type: 'array', items: { type: 'string', enum: ['a', 'b'] } },
        s2: { type: 'array', items: { type: 'string' }, nullable: true },
        x2: { type: 'array', nullable: true },
      },
      's?: string[],\nn?: number[],\ni?: number[],\nb?: boolean[],\nx?: any[],\ny?: any[],\nz?: string[][],\no?: object[],\ne?: string[],\ns2?: string[] | null,\nx2?: any[] | null\n',
    );
  });

  it('falls back to any[] for item types longer than 50 characters and for object | object', () => {
    expectParams(
      {
        long: { type: 'array', items: { type: 'object', properties: { first_long_name: { type: 'string' }, second_long_name: { type: 'number' } } } },
        short: { type: 'array', items: { type: 'object', properties: { a: { type: 'string' } } } },
        union: { type: 'array', items: { type: ['object', 'object'] } },
        pair: { type: 'array', items: { type: ['string', 'number'] } },
      },
      'long?: any[],\nshort?: {\na?: \n                string}[],\nunion?: any[],\npair?: string | number[]\n',
    );
  });

  it('writes type lists joined by |, a one-item list as its item', () => {
    expectParams({ a: { type: ['string', 'null'] }, b: { type: ['integer'] }, c: { type: ['object', 'object'] } }, 'a?: string | null,\nb?: integer,\nc?: object | object\n');
  });

  it('writes nested objects with the template\'s line break and 16 spaces before each property type', () => {
    expectParams(
      {
        filter: {
          type: 'object',
          properties: { name: { type: 'string' }, range: { type: 'object', properties: { min: { type: 'number' } }, required: ['min'] } },
          required: ['name'],
        },
        meta: { type: 'object' },
      },
      'filter?: {\nname: \n                string, range?: \n                {\nmin: \n                number}},\nmeta?: object\n',
    );
  });

  it('writes oneOf variants joined by " | " and a newline, with their descriptions and defaults glued on', () => {
    expectParams(
      { v: { oneOf: [{ type: 'string', description: 'A name.', default: 'x' }, { type: 'integer', description: 'An id.' }, { type: 'boolean' }] } },
      'v?: string// A name.                    // default: "x" | \nnumber// An id. | \nboolean\n',
    );
  });

  it('does not turn oneOf with object variants into any (the template\'s flag never leaves its loop)', () => {
    expectParams({ v: { oneOf: [{ type: 'object' }, { type: 'string' }] } }, 'v?: object | \nstring\n');
  });

  it('writes unknown types and schemas without a type as any', () => {
    expectParams({ a: {}, b: { type: 'null' }, c: { description: 'Anything.' } }, 'a?: any,\nb?: any,\n// Anything.\nc?: any\n');
  });

  it('treats a string "required" as a substring test, as the template does', () => {
    expectParams({ a: { type: 'string' }, ab: { type: 'string' }, z: { type: 'string' } }, 'a: string,\nab: string,\nz?: string\n', 'abc');
  });

  it('keeps property order, with integer-like keys first as JSON objects in JavaScript do', () => {
    expectParams({ b: { type: 'string' }, 2: { type: 'number' } }, '2?: number,\nb?: string\n');
  });

  it('writes several tools separated by one newline', () => {
    expectSignatures(
      [
        { name: 'a', description: 'A.', parameters: { type: 'object', properties: { x: { type: 'string' } }, required: ['x'] } },
        { name: 'b', description: 'B.' },
      ],
      '// A.\ntype a = (_: {\nx: string\n}) => any;\n// B.\ntype b = () => any;',
    );
  });

  it('warns about an empty description or name, and a schema that is not an object', () => {
    const rendered = renderJson({
      messages: [],
      tools: [{ name: '', description: '', parameters: { type: 'object', properties: { a: 'string' } } }],
    });
    expect(rendered.diagnostics.map((d) => [d.severity, d.code])).toEqual([
      ['warning', 'apertus/tool-description-empty'],
      ['warning', 'apertus/tool-name-empty'],
      ['warning', 'apertus/schema-not-object'],
    ]);
    expect(rendered.text).toContain('// \ntype  = (_: {\na?: any\n}) => any;');
  });
});

describe('tools the template cannot read', () => {
  it('reports a built-in provider tool (not a function tool) and renders it without parameters', () => {
    const c = conversation([textMessage('user', 'Q')], [{ id: 't1', name: 'web_search_preview', type: 'web_search_preview' }]);
    const rendered = render(c, PINNED);
    expect(rendered.diagnostics.map((d) => [d.severity, d.code, d.path])).toEqual([['error', 'apertus/tool-builtin', ['tools', 0, 'type']]]);
    expect(rendered.text).toContain('Tool Capabilities:\n// \ntype web_search_preview = () => any;<|developer_end|>');
  });
});
