/**
 * parseApertus on texts written as the official template writes them (each text is checked
 * against the reference template when it is present), on ambiguous texts, and on malformed
 * texts (diagnostics with line, column and offset; never a throw).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeApertusJson } from '../../interchange/apertus-json/index.ts';
import { referenceAvailable, renderReference, SKIP_REASON } from '../../../../test/reference/apertus-template.ts';
import type { ApertusOptions } from './options.ts';
import { parseApertus } from './parse.ts';
import { TOKENS } from './tokens.ts';

const DEFAULT_SYSTEM = '<|system_start|>You are Apertus, a helpful assistant created by the SwissAI initiative.\nKnowledge cutoff: 2024-04\nCurrent date: 2025-08-25<|system_end|>';
const DEV_ON = '<|developer_start|>Deliberation: enabled\nTool Capabilities: disabled<|developer_end|>';
const DEV_OFF = '<|developer_start|>Deliberation: disabled\nTool Capabilities: disabled<|developer_end|>';
const OPTIONS: ApertusOptions = { bosToken: '<s>', enableThinking: true, addGenerationPrompt: false, date: '2025-08-25', objectMapArguments: false };

interface Example {
  name: string;
  /** Apertus JSON that the reference template renders to `text`. */
  source: unknown;
  options?: Partial<ApertusOptions>;
  text: string;
  /** The parse, as Apertus JSON. */
  parsed: unknown;
  parsedOptions?: Partial<ApertusOptions>;
}

const EXAMPLES: Example[] = [
  {
    name: 'default system prompt, string turns, generation prompt',
    source: [{ role: 'user', content: 'What is AI?' }, { role: 'assistant', content: 'AI stands for Artificial Intelligence.' }, { role: 'user', content: 'Thanks' }],
    options: { addGenerationPrompt: true },
    text: `<s>${DEFAULT_SYSTEM}${DEV_ON}<|user_start|>What is AI?<|user_end|><|assistant_start|>AI stands for Artificial Intelligence.<|assistant_end|><|user_start|>Thanks<|user_end|><|assistant_start|>`,
    parsed: { messages: [{ role: 'user', content: 'What is AI?' }, { role: 'assistant', content: 'AI stands for Artificial Intelligence.' }, { role: 'user', content: 'Thanks' }] },
    parsedOptions: { addGenerationPrompt: true, date: '2025-08-25' },
  },
  {
    name: 'spec 000 example 2: thoughts, tool call, tool output, response',
    source: [
      { role: 'system', content: { text: 'You are a research assistant.' } },
      { role: 'user', content: { parts: [{ type: 'text', text: 'Research machine learning for me' }] } },
      {
        role: 'assistant',
        content: {
          blocks: [
            { type: 'thoughts', text: 'I need to search.' },
            { type: 'tool_calls', calls: [{ name: 'web_search', arguments: '{"query": "machine learning overview"}' }] },
            { type: 'tool_outputs', outputs: [{ output: 'Machine learning is a subset of AI...' }] },
            { type: 'response', text: 'Based on my research, ML is powerful.' },
          ],
        },
      },
    ],
    text: `<s><|system_start|>You are a research assistant.<|system_end|>${DEV_ON}<|user_start|>Research machine learning for me<|user_end|><|assistant_start|><|inner_prefix|>I need to search.<|tools_prefix|>[{"web_search": {"query": "machine learning overview"}}]<|tools_suffix|>[Machine learning is a subset of AI...]<|inner_suffix|>Based on my research, ML is powerful.`,
    parsed: {
      messages: [
        { role: 'system', content: 'You are a research assistant.' },
        { role: 'user', content: 'Research machine learning for me' },
        {
          role: 'assistant',
          content: {
            blocks: [
              { type: 'thoughts', text: 'I need to search.' },
              { type: 'tool_calls', calls: [{ name: 'web_search', arguments: '{"query": "machine learning overview"}' }] },
              { type: 'tool_outputs', outputs: [{ output: 'Machine learning is a subset of AI...' }] },
              { type: 'response', text: 'Based on my research, ML is powerful.' },
            ],
          },
        },
      ],
    },
  },
  {
    name: 'spec 000 example 3: tool messages after a structured call become an outputs block',
    source: [
      { role: 'system', content: 'You are helpful.' },
      { role: 'user', content: { parts: [{ type: 'text', text: 'Hi' }] } },
      { role: 'assistant', content: { blocks: [{ type: 'thoughts', text: 'Search.' }, { type: 'tool_calls', calls: [{ name: 'search', arguments: '{"q": "hi, there"}' }, { name: 'time', arguments: '{}' }] }] } },
      { role: 'tool', content: '{"found": [1, 2]}' },
      { role: 'tool', content: '"12:00"' },
      { role: 'assistant', content: { blocks: [{ type: 'response', text: 'Hello!' }] } },
    ],
    options: { enableThinking: false },
    text: `<s><|system_start|>You are helpful.<|system_end|>${DEV_OFF}<|user_start|>Hi<|user_end|><|assistant_start|><|inner_prefix|>Search.<|tools_prefix|>[{"search": {"q": "hi, there"}}, {"time": {}}]<|tools_suffix|>[{"found": [1, 2]}, "12:00"]<|inner_suffix|>Hello!`,
    parsed: {
      messages: [
        { role: 'system', content: 'You are helpful.' },
        { role: 'user', content: 'Hi' },
        {
          role: 'assistant',
          content: {
            blocks: [
              { type: 'thoughts', text: 'Search.' },
              { type: 'tool_calls', calls: [{ name: 'search', arguments: '{"q": "hi, there"}' }, { name: 'time', arguments: '{}' }] },
              { type: 'tool_outputs', outputs: [{ output: '{"found": [1, 2]}' }, { output: '"12:00"' }] },
              { type: 'response', text: 'Hello!' },
            ],
          },
        },
      ],
    },
    parsedOptions: { enableThinking: false },
  },
  {
    name: 'legacy tool calls with tool messages stay string assistants',
    source: [
      { role: 'user', content: 'Search for Python' },
      { role: 'assistant', content: "I'll search.", tool_calls: [{ type: 'function', function: { name: 'search', arguments: '{"query": "python"}' } }] },
      { role: 'tool', content: 'Python is a language, and more' },
      { role: 'assistant', content: 'Python is a language.' },
    ],
    text: `<s>${DEFAULT_SYSTEM}${DEV_ON}<|user_start|>Search for Python<|user_end|><|assistant_start|>I'll search.<|tools_prefix|>[{"search": {"query": "python"}}]<|tools_suffix|>[Python is a language, and more]Python is a language.`,
    parsed: {
      messages: [
        { role: 'user', content: 'Search for Python' },
        { role: 'assistant', content: "I'll search.", tool_calls: [{ type: 'function', function: { name: 'search', arguments: '{"query": "python"}' } }] },
        { role: 'tool', content: 'Python is a language, and more' },
        { role: 'assistant', content: 'Python is a language.' },
      ],
    },
  },
  {
    name: 'display_answers closes the inner section',
    source: [
      { role: 'user', content: 'Q' },
      { role: 'assistant', content: { blocks: [{ type: 'thoughts', text: 'T' }, { type: 'tool_calls', calls: [{ name: 'display_answers', arguments: '{"answers": ["A"]}' }] }] } },
    ],
    text: `<s>${DEFAULT_SYSTEM}${DEV_ON}<|user_start|>Q<|user_end|><|assistant_start|><|inner_prefix|>T<|inner_suffix|><|tools_prefix|>[{"display_answers": {"answers": ["A"]}}]<|tools_suffix|>`,
    parsed: {
      messages: [
        { role: 'user', content: 'Q' },
        { role: 'assistant', content: { blocks: [{ type: 'thoughts', text: 'T' }, { type: 'tool_calls', calls: [{ name: 'display_answers', arguments: '{"answers": ["A"]}' }] }] } },
      ],
    },
  },
  {
    name: 'a user message without content closes the turn and writes nothing',
    source: [{ role: 'user', content: 'a' }, { role: 'assistant', content: 'b' }, { role: 'user' }, { role: 'assistant', content: 'c' }],
    options: { bosToken: '' },
    text: `${DEFAULT_SYSTEM}${DEV_ON}<|user_start|>a<|user_end|><|assistant_start|>b<|assistant_end|><|assistant_start|>c`,
    parsed: { messages: [{ role: 'user', content: 'a' }, { role: 'assistant', content: 'b' }, { role: 'user' }, { role: 'assistant', content: 'c' }] },
    parsedOptions: { bosToken: '' },
  },
  {
    name: 'arguments that are not JSON are kept exactly',
    source: [{ role: 'user', content: 'x' }, { role: 'assistant', content: { blocks: [{ type: 'tool_calls', calls: [{ name: 'f', arguments: '...}' }, { name: 'g', arguments: ' {"a": "}, {\\""} ' }] }] } }],
    text: `<s>${DEFAULT_SYSTEM}${DEV_ON}<|user_start|>x<|user_end|><|assistant_start|><|tools_prefix|>[{"f": ...}}, {"g":  {"a": "}, {\\""} }]<|tools_suffix|>`,
    // No inner section anywhere: string assistants with legacy calls render the same text.
    parsed: {
      messages: [
        { role: 'user', content: 'x' },
        { role: 'assistant', content: '', tool_calls: [{ type: 'function', function: { name: 'f', arguments: '...}' } }, { type: 'function', function: { name: 'g', arguments: ' {"a": "}, {\\""} ' } }] },
      ],
    },
  },
];

function asJson(text: string, hints?: Partial<ApertusOptions>) {
  const result = parseApertus(text, hints);
  return { json: encodeApertusJson(result.record).json, result };
}

describe('parseApertus on template output', () => {
  it.skipIf(!referenceAvailable).each(EXAMPLES)(`the reference template writes the example text: $name${referenceAvailable ? '' : ` (skipped: ${SKIP_REASON})`}`, ({ source, options, text }) => {
    expect(renderReference(source, { ...OPTIONS, ...options, date: '2025-08-25' })).toBe(text);
  });

  it.each(EXAMPLES)('parses $name', ({ text, parsed, parsedOptions }) => {
    const { json, result } = asJson(text);
    expect(json).toEqual(parsed);
    expect(result.options).toEqual({ ...OPTIONS, date: text.includes(DEFAULT_SYSTEM) ? '2025-08-25' : null, ...parsedOptions });
    expect(result.diagnostics.filter((d) => d.severity !== 'info')).toEqual([]);
  });

  it('reports the options it reads as info diagnostics', () => {
    const { result } = asJson(`<|bos|>${DEFAULT_SYSTEM}${DEV_OFF}<|user_start|>q<|user_end|><|assistant_start|>`);
    expect(result.diagnostics.map((d) => [d.severity, d.message])).toEqual([
      ['info', 'The text starts with BOS "<|bos|>" (render with bosToken "<|bos|>").'],
      ['info', 'The system message is the default Apertus prompt dated 2025-08-25 (render without a system message, with date 2025-08-25).'],
      ['info', 'Deliberation: disabled (render with enableThinking false).'],
    ]);
    expect(result.options).toEqual({ bosToken: '<|bos|>', enableThinking: false, addGenerationPrompt: true, date: '2025-08-25', objectMapArguments: false });
  });

  it('rebuilds tools from their signatures', () => {
    const text = `<s>${DEFAULT_SYSTEM}<|developer_start|>Deliberation: enabled\nTool Capabilities:\n// Search.\ntype search = (_: {\nq: string\n}) => any;\n// Now.\ntype now = () => any;<|developer_end|><|user_start|>q<|user_end|>`;
    const { json, result } = asJson(text);
    expect(result.diagnostics.filter((d) => d.severity !== 'info')).toEqual([]);
    expect(json).toEqual({
      messages: [{ role: 'user', content: 'q' }],
      tools: [
        { name: 'search', description: 'Search.', parameters: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] } },
        { name: 'now', description: 'Now.' },
      ],
    });
  });

  it('says where tool signatures could not be read back, and leaves the tools out', () => {
    // The template never writes `() => void;`: no tool definitions render to this text.
    const text = `<s>${DEFAULT_SYSTEM}<|developer_start|>Deliberation: enabled\nTool Capabilities:\n// Search.\ntype search = (_: {\nq: string\n}) => any;\n// Now.\ntype now = () => void;<|developer_end|><|user_start|>q<|user_end|>`;
    const { result } = asJson(text);
    expect(result.diagnostics.filter((d) => d.severity !== 'info')).toEqual([
      {
        severity: 'warning',
        code: 'apertus/parse-tools-not-recovered',
        message: 'line 5, column 1 (offset 215): the developer section lists 2 tool signatures that could not be read back into tool definitions the template writes this way; the tools are left out (add them as JSON to render them again).',
      },
    ]);
    expect(result.record.tools).toEqual([]);
  });
});

describe('parseApertus on ambiguous text', () => {
  const endsOpen = `<s>${DEFAULT_SYSTEM}${DEV_ON}<|user_start|>q<|user_end|><|assistant_start|>`;

  it('takes a final <|assistant_start|> after a user message as the generation prompt, unless told otherwise', () => {
    expect(asJson(endsOpen).json).toEqual({ messages: [{ role: 'user', content: 'q' }] });
    const told = asJson(endsOpen, { addGenerationPrompt: false });
    expect(told.json).toEqual({ messages: [{ role: 'user', content: 'q' }, { role: 'assistant', content: '' }] });
    expect(told.result.options.addGenerationPrompt).toBe(false);
  });

  it('keeps the default prompt as a system message when its date contradicts the date hint', () => {
    const { json, result } = asJson(endsOpen, { date: '2020-01-01' });
    expect(json).toMatchObject({ messages: [{ role: 'system', content: expect.stringContaining('Current date: 2025-08-25') }, { role: 'user' }] });
    expect(result.options.date).toBe('2020-01-01');
  });

  it('splits JSON outputs at ", " and keeps non-JSON rest as the last output', () => {
    const text = `<s>${DEFAULT_SYSTEM}${DEV_ON}<|user_start|>q<|user_end|><|assistant_start|><|inner_prefix|>t<|tools_prefix|>[{"a": {}}, {"b": {}}]<|tools_suffix|>[{"x": "1, 2"}, plain, text]<|inner_suffix|>done`;
    expect(asJson(text).json).toMatchObject({ messages: [{}, { content: { blocks: [{}, {}, { type: 'tool_outputs', outputs: [{ output: '{"x": "1, 2"}' }, { output: 'plain, text' }] }, { type: 'response', text: 'done' }] } }] });
  });

  it('puts a lone display_answers call after thoughts without a suffix into a new message', () => {
    const text = `<s>${DEFAULT_SYSTEM}${DEV_ON}<|user_start|>q<|user_end|><|assistant_start|><|inner_prefix|>t<|tools_prefix|>[{"display_answers": {}}]<|tools_suffix|>`;
    expect(asJson(text).json).toEqual({
      messages: [
        { role: 'user', content: 'q' },
        { role: 'assistant', content: { blocks: [{ type: 'thoughts', text: 't' }] } },
        { role: 'assistant', content: { blocks: [{ type: 'tool_calls', calls: [{ name: 'display_answers', arguments: '{}' }] }] } },
      ],
    });
  });
});

describe('parseApertus on malformed text', () => {
  it.each<[string, string, [string, string][]]>([
    ['empty text', '', [
      ['error', 'line 1, column 1 (offset 0): expected the BOS text followed by <|system_start|>.'],
      ['error', 'line 1, column 1 (offset 0): expected <|developer_start|> after the system message.'],
    ]],
    ['an unclosed system message', `<s><|system_start|>abc${DEV_ON}`, [
      ['error', 'line 1, column 20 (offset 19): the system message is not closed by <|system_end|>.'],
      ['info', 'Deliberation: enabled (render with enableThinking true).'],
    ]],
    ['a bad deliberation line', `<s><|system_start|>s<|system_end|><|developer_start|>Thinking: on\nTool Capabilities: disabled<|developer_end|>`, [
      ['error', 'line 1, column 54 (offset 53): expected "Deliberation: enabled" or "Deliberation: disabled" and a newline.'],
    ]],
    ['stray text between messages', `<s><|system_start|>s<|system_end|>${DEV_ON}<|user_start|>a\nb<|user_end|>junk<|assistant_start|>x`, [
      ['info', 'Deliberation: enabled (render with enableThinking true).'],
      ['error', 'line 3, column 14 (offset 148): unexpected text "junk"; expected <|user_start|> or <|assistant_start|>. Skipped.'],
    ]],
    ['an unclosed user message', `<s><|system_start|>s<|system_end|>${DEV_ON}<|user_start|>a<|assistant_start|>x`, [
      ['info', 'Deliberation: enabled (render with enableThinking true).'],
      ['error', 'line 2, column 59 (offset 133): the user message is not closed by <|user_end|>.'],
    ]],
    ['a turn not closed before the next user message', `<s><|system_start|>s<|system_end|>${DEV_ON}<|assistant_start|>x<|user_start|>a<|user_end|>`, [
      ['info', 'Deliberation: enabled (render with enableThinking true).'],
      ['error', 'line 2, column 65 (offset 139): expected <|assistant_end|> before <|user_start|>.'],
    ]],
    ['an unclosed tool-call list', `<s><|system_start|>s<|system_end|>${DEV_ON}<|assistant_start|>x<|tools_prefix|>[{"f": {}}]`, [
      ['info', 'Deliberation: enabled (render with enableThinking true).'],
      ['warning', 'line 2, column 65 (offset 139): expected a tool-call list [{"name": arguments}, …] closed by <|tools_suffix|>; kept as literal text.'],
    ]],
    ['a special token inside a user message', `<s><|system_start|>s<|system_end|>${DEV_ON}<|user_start|>a<|system_end|>b<|user_end|>`, [
      ['info', 'Deliberation: enabled (render with enableThinking true).'],
      ['warning', 'line 2, column 60 (offset 134): <|system_end|> inside a user message; kept as literal text.'],
    ]],
  ])('%s', (_name, text, expected) => {
    const result = parseApertus(text);
    expect(result.diagnostics.map((d) => [d.severity, d.message])).toEqual(expected);
  });

  it('keeps the text of an unclosed tool-call list and of a literal token', () => {
    const { json } = asJson(`<s><|system_start|>s<|system_end|>${DEV_ON}<|assistant_start|>x<|tools_prefix|>[{"f": {}}]`);
    expect(json).toEqual({ messages: [{ role: 'system', content: 's' }, { role: 'assistant', content: 'x<|tools_prefix|>[{"f": {}}]' }] });
  });

  it('never throws, on any mix of tokens and text', () => {
    const piece = fc.oneof(fc.constantFrom(...Object.values(TOKENS), '<s>', '[', ']', '{"', '": ', ', ', '}', 'Deliberation: enabled\n', 'Tool Capabilities: disabled', '\n'), fc.string({ maxLength: 5 }));
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), (pieces) => {
        const result = parseApertus(pieces.join(''));
        expect(result.record.kind).toBe('chat');
      }),
      { numRuns: 1000 },
    );
  });
});
