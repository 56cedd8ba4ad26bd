/**
 * Every case in which the official template fails, and every case in which it accepts input
 * that Python's jinja2 (used by `ApertusFormatter`) would reject or write differently.
 * - The template fails: the reference really raises (checked when the reference template is
 *   present), Parley reports an error with a stable code, and still renders the rest.
 * - Python differs: the reference renders, so Parley reports no error, only a warning with a
 *   stable code, and writes what the reference writes.
 */
import { describe, expect, it } from 'vitest';
import { decode, errorCodes, PINNED, referenceOutcome, renderJson } from '../../../../test/apertus/helpers.ts';
import { checkStructure } from '../../checks/structure.ts';
import { apertusFormat } from './index.ts';
import { referenceAvailable } from '../../../../test/reference/apertus-template.ts';

interface RaiseCase {
  name: string;
  json: unknown;
  /** What the reference's error message contains. */
  raises: string;
  code: string;
  /** Text the native render still contains. */
  renders: string;
  /** The error is the structural checks' (core/checks/structure), listed once for every format, not the render's. */
  structural?: true;
}

const user = { role: 'user', content: 'Q' };
const tool = (extra: Record<string, unknown> = {}) => ({ name: 'f', description: 'd', ...extra });
const withParams = (properties: unknown, rest: Record<string, unknown> = {}) => ({
  messages: [user],
  tools: [tool({ parameters: { type: 'object', properties, ...rest } })],
});

const RAISES: RaiseCase[] = [
  {
    name: 'blocks after string assistant content',
    json: [user, { role: 'assistant', content: 'A' }, { role: 'assistant', content: { blocks: [{ type: 'response', text: 'B' }] } }],
    raises: 'Invalid assistant content',
    code: 'apertus/mixed-assistant-formats',
    renders: '<|assistant_start|>AB',
  },
  {
    name: 'string after structured assistant content',
    json: [{ role: 'assistant', content: { blocks: [{ type: 'response', text: 'A' }] } }, user, { role: 'assistant', content: 'B' }],
    raises: 'Invalid assistant content',
    code: 'apertus/mixed-assistant-formats',
    renders: '<|assistant_start|>B',
  },
  {
    name: 'assistant content null (OpenAI style with tool_calls)',
    json: [user, { role: 'assistant', content: null, tool_calls: [{ type: 'function', function: { name: 'f', arguments: '{}' } }] }],
    raises: 'Invalid assistant content',
    code: 'apertus/assistant-content-null',
    renders: '<|assistant_start|><|tools_prefix|>[{"f": {}}]<|tools_suffix|>',
  },
  {
    name: 'assistant without content',
    json: [user, { role: 'assistant' }, { role: 'user', content: 'next' }],
    raises: 'Invalid assistant message',
    code: 'apertus/assistant-content-missing',
    renders: '<|assistant_start|><|assistant_end|><|user_start|>next',
  },
  {
    name: 'assistant {"text"} content',
    json: [user, { role: 'assistant', content: { text: 'A' } }],
    raises: 'Invalid assistant content',
    code: 'apertus/assistant-content',
    renders: '<|assistant_start|>A',
  },
  {
    name: 'tool message first',
    json: [{ role: 'tool', content: 'r' }],
    raises: 'Tool message outside of assistant',
    code: 'apertus/tool-outside-assistant',
    renders: '<|developer_end|>[r]',
  },
  {
    name: 'tool message after a user message',
    json: [{ role: 'assistant', content: 'A' }, user, { role: 'tool', content: 'r' }],
    raises: 'Tool message outside of assistant',
    code: 'apertus/tool-outside-assistant',
    renders: '<|user_start|>Q<|user_end|>[r]',
  },
  {
    name: 'system message not first',
    json: [user, { role: 'system', content: 'late' }],
    raises: 'Invalid message role',
    code: 'apertus/system-not-first',
    renders: '<|system_start|>late<|system_end|>',
  },
  {
    name: 'developer message (Apertus has no developer role)',
    json: [{ role: 'developer', content: 'rules' }, user],
    raises: 'Invalid message role',
    code: 'apertus/developer-role',
    renders: '<|developer_start|>rules<|developer_end|><|user_start|>Q',
  },
  {
    name: 'unknown role',
    json: [user, { role: 'moderator', content: 'x' }, { role: 'assistant', content: 'A' }],
    raises: 'Invalid message role',
    code: 'structure/unknown-role',
    structural: true,
    renders: '<|user_end|><|assistant_start|>A',
  },
  {
    name: 'unknown block type',
    json: [user, { role: 'assistant', content: { blocks: [{ type: 'image', url: 'x' }, { type: 'response', text: 'R' }] } }],
    raises: 'Invalid assistant block type: image',
    code: 'apertus/block-type',
    renders: '<|assistant_start|>R',
  },
  {
    name: 'non-text user part',
    json: [{ role: 'user', content: { parts: [{ type: 'text', text: 'look: ' }, { type: 'image', url: 'https://x/y.png' }] } }],
    raises: 'Invalid user part: image',
    code: 'apertus/user-part',
    renders: '<|user_start|>look: <|user_end|>',
  },
  {
    name: 'user content null',
    json: [{ role: 'user', content: null }],
    raises: 'Invalid user message: user',
    code: 'apertus/user-content',
    renders: '<|user_start|><|user_end|>',
  },
  {
    name: 'user {"text"} content',
    json: [{ role: 'user', content: { text: 'hi' } }],
    raises: 'Invalid user message: user',
    code: 'apertus/user-content',
    renders: '<|user_start|>hi<|user_end|>',
  },
  {
    name: 'system content null',
    json: [{ role: 'system', content: null }, user],
    raises: 'Invalid system message',
    code: 'apertus/system-content',
    renders: '<s><|system_start|><|system_end|><|developer_start|>',
  },
  {
    name: 'system without content',
    json: [{ role: 'system' }, user],
    raises: 'Invalid system message',
    code: 'apertus/system-content',
    renders: '<|user_start|>Q<|user_end|>',
  },
  {
    name: 'system {"parts"} content',
    json: [{ role: 'system', content: { parts: [{ type: 'text', text: 'S' }] } }],
    raises: 'Invalid system message',
    code: 'apertus/system-content',
    renders: '<|system_start|>S<|system_end|>',
  },
  {
    name: 'legacy tool call of another type',
    json: [user, { role: 'assistant', content: 'A', tool_calls: [{ type: 'code', function: { name: 'f', arguments: '{}' } }] }],
    raises: 'Invalid tool call type: code',
    code: 'apertus/legacy-call-type',
    renders: 'A<|tools_prefix|>[{"f": {}}]<|tools_suffix|>',
  },
  {
    name: 'legacy tool call without a type',
    json: [user, { role: 'assistant', content: 'A', tool_calls: [{ function: { name: 'f', arguments: '{}' } }] }, { role: 'user', content: 'next' }],
    raises: 'Cannot perform operation + on undefined values',
    code: 'apertus/legacy-call-type',
    renders: 'A<|tools_prefix|>[{"f": {}}]<|tools_suffix|><|assistant_end|><|user_start|>next<|user_end|>',
  },
  {
    name: 'tool_outputs block after tool messages',
    json: [
      { role: 'assistant', content: { blocks: [{ type: 'tool_calls', calls: [{ name: 'f', arguments: '{}' }] }] } },
      { role: 'tool', content: 'r' },
      { role: 'assistant', content: { blocks: [{ type: 'tool_outputs', outputs: [{ output: 'o' }] }] } },
    ],
    raises: 'Cannot have both tool outputs as separate messages and tool outputs as blocks',
    code: 'apertus/tool-outputs-after-tool-messages',
    renders: '[r][o]',
  },
  {
    name: 'OpenAI-nested tool definition',
    json: { messages: [user], tools: [{ type: 'function', function: { name: 'f', description: 'd' } }] },
    raises: 'Cannot perform operation + on undefined values',
    code: 'apertus/tool-wrapped',
    renders: '// d\ntype f = () => any;',
  },
  {
    name: 'tool without description',
    json: { messages: [user], tools: [{ name: 'f' }] },
    raises: 'Cannot perform operation + on undefined values',
    code: 'apertus/tool-description-missing',
    renders: 'type f = () => any;',
  },
  {
    name: 'parameter named "items" (@huggingface/jinja only; Python renders it)',
    json: withParams({ items: { type: 'array', items: { type: 'string' } } }),
    raises: 'Cannot call something that is not a function',
    code: 'apertus/schema-property-named-items',
    renders: '(_: {\nitems?: string[]\n}) => any;',
  },
  {
    name: 'nested property named "items"',
    json: withParams({ order: { type: 'object', properties: { items: { type: 'string' } } } }),
    raises: 'Cannot call something that is not a function',
    code: 'apertus/schema-property-named-items',
    renders: 'order?: {\nitems?: \n                string}',
  },
  {
    name: 'required that is a number',
    json: withParams({ a: { type: 'string' } }, { required: 1 }),
    raises: 'Unknown operator "not in"',
    code: 'apertus/schema-template-error',
    renders: 'a?: string',
  },
  {
    name: 'properties that is a list',
    json: withParams([{ type: 'string' }]),
    raises: 'Cannot call something that is not a function',
    code: 'apertus/schema-template-error',
    renders: 'type f = (_: {\n}) => any;',
  },
  {
    name: 'enum that is an object',
    json: withParams({ u: { type: 'string', enum: { c: 1 } } }),
    raises: 'Cannot apply filter "join"',
    code: 'apertus/schema-template-error',
    renders: 'u?: ""',
  },
  {
    name: 'oneOf that is a string',
    json: withParams({ v: { oneOf: 'abc' } }),
    raises: 'Expected iterable or object type in for loop',
    code: 'apertus/schema-template-error',
    renders: 'v?: \n',
  },
  {
    name: 'null default of an enum parameter',
    json: withParams({ u: { type: 'string', enum: ['c', 'f'], default: null } }),
    raises: 'Cannot perform operation on null values',
    code: 'apertus/schema-template-error',
    renders: 'u?: "c" | "f", // default: \n',
  },
];

describe('cases the template raises on', () => {
  for (const c of RAISES) {
    describe(c.name, () => {
      it.skipIf(!referenceAvailable)('the reference template raises', () => {
        expect(referenceOutcome(c.json)).toEqual({ raised: expect.stringContaining(c.raises) });
      });

      it(`Parley reports ${c.code} and still renders`, () => {
        const rendered = renderJson(c.json);
        const diagnostics = c.structural ? checkStructure(decode(c.json).conversation, apertusFormat) : rendered.diagnostics;
        expect(diagnostics.filter((d) => d.severity === 'error').map((d) => d.code)).toContain(c.code);
        const diagnostic = diagnostics.find((d) => d.code === c.code);
        expect(diagnostic?.path).toBeDefined();
        expect(diagnostic?.message).toMatch(c.structural ? /^Apertus cannot write the role/ : /^(Message|Tool) \d+ \(/);
        expect(rendered.text).toContain(c.renders);
        expect(rendered.text.startsWith('<s><|system_start|>')).toBe(true);
      });
    });
  }

  it('names the message and its role, and says Apertus has no developer role', () => {
    const rendered = renderJson([user, { role: 'developer', content: 'x' }]);
    expect(rendered.diagnostics[0]?.message).toMatch(/^Message 2 \(developer\): Apertus has no developer role/);
    expect(rendered.diagnostics[0]?.path).toEqual(['messages', 1, 'role']);
  });
});

interface DiffersCase {
  name: string;
  json: unknown;
  /** What @huggingface/jinja writes (it accepts the input). */
  hfWrites: string;
  code: string;
}

/** Pinned options, with object arguments written as the template writes them. */
const AS_TEMPLATE = { ...PINNED, objectMapArguments: true };

const PYTHON_DIFFERS: DiffersCase[] = [
  {
    name: 'object arguments',
    json: [user, { role: 'assistant', content: 'A', tool_calls: [{ type: 'function', function: { name: 'f', arguments: { x: 1 } } }] }],
    hfWrites: '[{"f": [object Map]}]',
    code: 'apertus/arguments-object',
  },
  {
    name: 'object arguments in a block',
    json: [user, { role: 'assistant', content: { blocks: [{ type: 'tool_calls', calls: [{ name: 'f', arguments: { x: 1 } }] }] } }],
    hfWrites: '[{"f": [object Map]}]',
    code: 'apertus/arguments-object',
  },
  {
    name: 'tool content null',
    json: [{ role: 'assistant', content: 'A' }, { role: 'tool', content: null }],
    hfWrites: '<|assistant_start|>A[]',
    code: 'apertus/tool-content',
  },
  {
    name: 'tool {"text"} content',
    json: [{ role: 'assistant', content: 'A' }, { role: 'tool', content: { text: 'r' } }],
    hfWrites: '<|assistant_start|>A[{"text": "r"}]',
    code: 'apertus/tool-content',
  },
  {
    name: 'number default of an enum parameter',
    json: withParams({ u: { type: 'string', enum: ['1', '2'], default: 1 } }),
    hfWrites: 'u?: "1" | "2", // default: 1\n',
    code: 'apertus/schema-python-differs',
  },
  {
    name: 'number description',
    json: withParams({ u: { type: 'string', description: 5 } }),
    hfWrites: '// 5\nu?: string',
    code: 'apertus/schema-python-differs',
  },
  {
    name: 'tool mapping content with parts and an unknown key',
    json: [{ role: 'assistant', content: 'A' }, { role: 'tool', content: { parts: [{ type: 'text', text: 'r' }], lang: 'en' } }],
    hfWrites: '<|assistant_start|>A[{"parts": [{"type": "text", "text": "r"}], "lang": "en"}]',
    code: 'apertus/tool-content',
  },
  {
    name: 'list default with null of an enum parameter',
    json: withParams({ u: { type: 'string', enum: ['a'], default: ['x', null, [null, 1]] } }),
    hfWrites: 'u?: "a", // default: x,undefined,[null, 1]\n',
    code: 'apertus/schema-python-differs',
  },
  {
    name: '"type": ["array"]',
    json: withParams({ u: { type: ['array'] } }),
    hfWrites: 'u?: any[]\n',
    code: 'apertus/schema-python-differs',
  },
];

describe('cases @huggingface/jinja accepts but Python\'s jinja2 rejects or writes differently', () => {
  for (const c of PYTHON_DIFFERS) {
    it.skipIf(!referenceAvailable)(`${c.name}: the reference writes ${JSON.stringify(c.hfWrites)}, and so does Parley`, () => {
      const outcome = referenceOutcome(c.json);
      expect('text' in outcome && outcome.text.includes(c.hfWrites)).toBe(true);
      // The template's own bytes: object arguments as "[object Map]" (the option; by default their JSON text).
      expect(renderJson(c.json, AS_TEMPLATE).text).toBe('text' in outcome ? outcome.text : undefined);
    });

    it(`${c.name}: Parley warns (${c.code}), reports no error and writes ${JSON.stringify(c.hfWrites)}`, () => {
      const rendered = renderJson(c.json, AS_TEMPLATE);
      expect(errorCodes(rendered)).toEqual([]);
      const warning = rendered.diagnostics.find((d) => d.code === c.code);
      expect(warning?.severity).toBe('warning');
      expect(warning?.message).toMatch(/Python/);
      expect(rendered.text).toContain(c.hfWrites);
    });
  }
});
