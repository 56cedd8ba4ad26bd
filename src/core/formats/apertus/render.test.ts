/**
 * Features of the Apertus renderer, one test each. Expectations are written by hand from the
 * template's source; when the reference template is present, `expectRender` also checks that
 * the official template produces exactly the same text.
 */
import { describe, expect, it } from 'vitest';
import { blocksMessage, conversation, documentFile, documentRecord, partsMessage, response, textMessage, textPart, thoughts } from '../../model/builders.ts';
import { LOST_CODE } from '../../shared/lost-in-conversion.ts';
import { DEFAULT_HEAD, expectRender, PINNED, renderJson } from '../../../../test/apertus/helpers.ts';
import { todayLocal, type ApertusOptions } from './options.ts';
import { render } from './render.ts';

const U = (text: string) => `<|user_start|>${text}<|user_end|>`;
const head = (system: string, thinking = 'enabled', tools = 'Tool Capabilities: disabled') =>
  `<s><|system_start|>${system}<|system_end|><|developer_start|>Deliberation: ${thinking}\n${tools}<|developer_end|>`;

describe('system, developer section and options', () => {
  it('writes the default system prompt with the date option when there is no system message', () => {
    expectRender([{ role: 'user', content: 'Hi' }], `${DEFAULT_HEAD}${U('Hi')}`);
  });

  it('uses today in local time when the date option is null', () => {
    const { text } = render(conversation([textMessage('user', 'Hi')]), { date: null });
    expect(text).toContain(`Current date: ${todayLocal()}<|system_end|>`);
    expect(todayLocal(new Date(2024, 0, 5, 23, 59))).toBe('2024-01-05');
  });

  it('writes a string or {"text"} system message in place of the default prompt', () => {
    expectRender([{ role: 'system', content: 'Be brief.' }], head('Be brief.'));
    expectRender([{ role: 'system', content: { text: 'Be brief.' } }, { role: 'user', content: 'Hi' }], `${head('Be brief.')}${U('Hi')}`);
  });

  it('renders an empty conversation as the head alone', () => {
    expectRender([], DEFAULT_HEAD);
  });

  it('honours bos_token, enable_thinking and add_generation_prompt', () => {
    const options = { bosToken: '', enableThinking: false, addGenerationPrompt: true, date: '2025-08-25' };
    expectRender([{ role: 'system', content: 'S' }, { role: 'user', content: 'Hi' }], `${head('S', 'disabled').slice(3)}${U('Hi')}<|assistant_start|>`, options);
  });

  it('defaults to <s>, thinking enabled and no generation prompt', () => {
    const { text } = render(conversation([textMessage('system', 'S'), textMessage('user', 'Hi')]));
    expect(text).toBe(`${head('S')}${U('Hi')}`);
  });

  it('renders a document record as an error and no text', () => {
    const rendered = render(documentRecord([documentFile([textPart('x')])]), PINNED);
    expect(rendered.text).toBe('');
    expect(rendered.diagnostics.map((d) => d.code)).toEqual(['apertus/record-kind']);
  });
});

describe('user messages', () => {
  it('joins text parts with nothing between them', () => {
    expectRender([{ role: 'user', content: { parts: [{ type: 'text', text: 'Please explain ' }, { type: 'text', text: 'ML' }] } }], `${DEFAULT_HEAD}${U('Please explain ML')}`);
  });

  it('writes nothing for a user message without content, but still ends the assistant turn', () => {
    expectRender([{ role: 'assistant', content: 'A' }, { role: 'user' }, { role: 'user', content: 'B' }], `${DEFAULT_HEAD}<|assistant_start|>A<|assistant_end|>${U('B')}`);
  });

  it('writes empty parts as an empty user message', () => {
    expectRender([{ role: 'user', content: { parts: [] } }], `${DEFAULT_HEAD}${U('')}`);
  });
});

describe('assistant turns', () => {
  it('writes <|assistant_end|> only before a user message and leaves the last turn open', () => {
    expectRender(
      [
        { role: 'user', content: 'Q1' },
        { role: 'assistant', content: 'A1' },
        { role: 'user', content: 'Q2' },
        { role: 'assistant', content: 'A2' },
      ],
      `${DEFAULT_HEAD}${U('Q1')}<|assistant_start|>A1<|assistant_end|>${U('Q2')}<|assistant_start|>A2`,
    );
  });

  it('merges consecutive assistant and tool messages into one turn with tool outputs as [a, b]', () => {
    expectRender(
      [
        { role: 'user', content: 'Q' },
        { role: 'assistant', content: 'Let me look.' },
        { role: 'tool', content: 'r1' },
        { role: 'tool', content: 'r2' },
        { role: 'assistant', content: 'Done.' },
        { role: 'tool', content: 'r3' },
      ],
      `${DEFAULT_HEAD}${U('Q')}<|assistant_start|>Let me look.[r1, r2]Done.[r3]`,
    );
  });

  it('closes a tool list before the user message, then ends the turn', () => {
    expectRender(
      [{ role: 'assistant', content: 'A' }, { role: 'tool', content: 'r' }, { role: 'user', content: 'Q' }],
      `${DEFAULT_HEAD}<|assistant_start|>A[r]<|assistant_end|>${U('Q')}`,
    );
  });

  it('appends legacy OpenAI tool_calls after the content', () => {
    expectRender(
      [
        {
          role: 'assistant',
          content: "I'll search.",
          tool_calls: [
            { type: 'function', function: { name: 'search', arguments: '{"q": "python"}' } },
            { type: 'function', function: { name: 'fetch', arguments: '{}' } },
          ],
        },
        { role: 'tool', content: 'results' },
      ],
      `${DEFAULT_HEAD}<|assistant_start|>I'll search.<|tools_prefix|>[{"search": {"q": "python"}}, {"fetch": {}}]<|tools_suffix|>[results]`,
    );
  });

  it('writes an empty legacy tool_calls list as nothing', () => {
    expectRender([{ role: 'assistant', content: 'A', tool_calls: [] }], `${DEFAULT_HEAD}<|assistant_start|>A`);
  });
});

describe('structured assistant messages', () => {
  const blocks = (...b: unknown[]) => ({ role: 'assistant', content: { blocks: b } });

  it('opens the inner section before thoughts and closes it before the response, with no separators', () => {
    expectRender(
      [
        blocks(
          { type: 'thoughts', text: 'Think.' },
          { type: 'tool_calls', calls: [{ name: 'calc', arguments: '{"e": "2+2"}' }] },
          { type: 'tool_outputs', outputs: [{ output: '4' }, { output: '"four"' }] },
          { type: 'response', text: 'It is 4.' },
        ),
      ],
      `${DEFAULT_HEAD}<|assistant_start|><|inner_prefix|>Think.<|tools_prefix|>[{"calc": {"e": "2+2"}}]<|tools_suffix|>[4, "four"]<|inner_suffix|>It is 4.`,
    );
  });

  it('writes a response without thoughts with no section tokens', () => {
    expectRender([blocks({ type: 'response', text: 'Hi' })], `${DEFAULT_HEAD}<|assistant_start|>Hi`);
  });

  it('keeps the inner section open across merged assistant messages, and a user message resets it', () => {
    expectRender(
      [
        blocks({ type: 'thoughts', text: 'T1' }, { type: 'tool_calls', calls: [{ name: 's', arguments: '{}' }] }),
        { role: 'tool', content: 'out' },
        blocks({ type: 'thoughts', text: 'T2' }, { type: 'response', text: 'R' }),
        { role: 'user', content: 'Q' },
        blocks({ type: 'response', text: 'R2' }),
      ],
      `${DEFAULT_HEAD}<|assistant_start|><|inner_prefix|>T1<|tools_prefix|>[{"s": {}}]<|tools_suffix|>[out]T2<|inner_suffix|>R<|assistant_end|>${U('Q')}<|assistant_start|>R2`,
    );
  });

  it('reopens the inner section for thoughts after a response', () => {
    expectRender(
      [blocks({ type: 'thoughts', text: 'a' }, { type: 'response', text: 'b' }, { type: 'thoughts', text: 'c' }, { type: 'response', text: 'd' })],
      `${DEFAULT_HEAD}<|assistant_start|><|inner_prefix|>a<|inner_suffix|>b<|inner_prefix|>c<|inner_suffix|>d`,
    );
  });

  it('moves a single display_answers call to the outer section', () => {
    expectRender(
      [blocks({ type: 'thoughts', text: 'T' }, { type: 'tool_calls', calls: [{ name: 'display_answers', arguments: '{"a": 1}' }] })],
      `${DEFAULT_HEAD}<|assistant_start|><|inner_prefix|>T<|inner_suffix|><|tools_prefix|>[{"display_answers": {"a": 1}}]<|tools_suffix|>`,
    );
  });

  it('leaves display_answers inner when it is not alone, not after thoughts, or the first block', () => {
    const call = (name: string) => ({ name, arguments: '{}' });
    expectRender(
      [blocks({ type: 'thoughts', text: 'T' }, { type: 'tool_calls', calls: [call('display_answers'), call('x')] })],
      `${DEFAULT_HEAD}<|assistant_start|><|inner_prefix|>T<|tools_prefix|>[{"display_answers": {}}, {"x": {}}]<|tools_suffix|>`,
    );
    expectRender([blocks({ type: 'tool_calls', calls: [call('display_answers')] })], `${DEFAULT_HEAD}<|assistant_start|><|tools_prefix|>[{"display_answers": {}}]<|tools_suffix|>`);
    // First block of the second message, with the inner section still open from the first.
    expectRender(
      [blocks({ type: 'thoughts', text: 'T' }), blocks({ type: 'tool_calls', calls: [call('display_answers')] })],
      `${DEFAULT_HEAD}<|assistant_start|><|inner_prefix|>T<|tools_prefix|>[{"display_answers": {}}]<|tools_suffix|>`,
    );
  });

  it('closes a tool-message list before thoughts, tool calls and responses', () => {
    expectRender(
      [
        blocks({ type: 'tool_calls', calls: [{ name: 'a', arguments: '1' }] }),
        { role: 'tool', content: 'x' },
        blocks({ type: 'tool_calls', calls: [{ name: 'b', arguments: '2' }] }),
        { role: 'tool', content: 'y' },
        blocks({ type: 'response', text: 'R' }),
      ],
      `${DEFAULT_HEAD}<|assistant_start|><|tools_prefix|>[{"a": 1}]<|tools_suffix|>[x]<|tools_prefix|>[{"b": 2}]<|tools_suffix|>[y]R`,
    );
  });

  it('continues the tool list across an assistant message with no blocks', () => {
    expectRender(
      [blocks(), { role: 'tool', content: 'x' }, blocks(), { role: 'tool', content: 'y' }],
      `${DEFAULT_HEAD}<|assistant_start|>[x, y]`,
    );
  });

  it('writes calls, thoughts and outputs with empty texts and empty lists', () => {
    expectRender(
      [blocks({ type: 'thoughts', text: '' }, { type: 'tool_calls', calls: [] }, { type: 'tool_outputs', outputs: [] }, { type: 'response', text: '' })],
      `${DEFAULT_HEAD}<|assistant_start|><|inner_prefix|><|tools_prefix|>[]<|tools_suffix|>[]<|inner_suffix|>`,
    );
  });
});

describe('token injection', () => {
  it('warns when author text contains a special-token string or the BOS text', () => {
    const rendered = renderJson([
      { role: 'user', content: 'Say <|assistant_end|> please' },
      { role: 'assistant', content: 'ok <s>' },
    ]);
    const injections = rendered.diagnostics.filter((d) => d.code === 'token-injection');
    expect(injections.map((d) => d.path)).toEqual([
      ['messages', 0, 'content'],
      ['messages', 1, 'content'],
    ]);
    expect(injections.every((d) => d.severity === 'warning')).toBe(true);
    expect(injections[0]?.message).toContain('"<|assistant_end|>"');
  });

  it('does not warn about text without tokens', () => {
    expect(renderJson([{ role: 'user', content: 'a <| b |> c <b>' }]).diagnostics).toEqual([]);
  });
});

describe('model built in code', () => {
  it('renders builder-made messages, where a legacy call without type is a function call', () => {
    const c = conversation([
      textMessage('user', 'Q'),
      blocksMessage([thoughts('T'), response('R')]),
      textMessage('user', 'Q2'),
      blocksMessage([response('R2')], { toolCalls: [{ id: 'c1', name: 'f', arguments: '{}' }] }),
    ]);
    const rendered = render(c, PINNED);
    expect(rendered.diagnostics).toEqual([]);
    expect(rendered.text).toBe(
      `${DEFAULT_HEAD}${U('Q')}<|assistant_start|><|inner_prefix|>T<|inner_suffix|>R<|assistant_end|>${U('Q2')}<|assistant_start|>R2<|tools_prefix|>[{"f": {}}]<|tools_suffix|>`,
    );
  });
});

describe('spans', () => {
  it('mark kinds, field paths and the training mask of a structured turn', () => {
    const rendered = renderJson(
      {
        messages: [
          { role: 'system', content: 'S' },
          { role: 'user', content: 'Q' },
          { role: 'assistant', content: { blocks: [{ type: 'thoughts', text: 'T' }, { type: 'tool_calls', calls: [{ name: 'f', arguments: '{}' }] }] } },
          { role: 'tool', content: 'R' },
          { role: 'assistant', content: { blocks: [{ type: 'response', text: 'A' }] } },
          { role: 'user', content: { parts: [{ type: 'text', text: 'P' }] } },
        ],
        tools: [{ name: 'f', description: 'D' }],
      },
      { ...PINNED, addGenerationPrompt: true },
    );
    const table = rendered.spans.map((s) => [rendered.text.slice(s.start, s.end), s.kind, s.path.join('.'), s.trainable]);
    expect(table).toEqual([
      ['<s>', 'special', '', false],
      ['<|system_start|>', 'special', 'messages.0', false],
      ['S', 'content', 'messages.0.content', false],
      ['<|system_end|>', 'special', 'messages.0', false],
      ['<|developer_start|>', 'special', '', false],
      ['Deliberation: enabled\nTool Capabilities:\n', 'structure', '', false],
      ['// ', 'structure', 'tools.0', false],
      ['D', 'content', 'tools.0.description', false],
      ['\ntype ', 'structure', 'tools.0', false],
      ['f', 'content', 'tools.0.name', false],
      [' = ', 'structure', 'tools.0', false],
      ['() => any;', 'structure', 'tools.0.parameters', false],
      ['<|developer_end|>', 'special', '', false],
      ['<|user_start|>', 'special', 'messages.1', false],
      ['Q', 'content', 'messages.1.content', false],
      ['<|user_end|>', 'special', 'messages.1', false],
      ['<|assistant_start|>', 'special', 'messages.2', false],
      ['<|inner_prefix|>', 'special', 'messages.2.content.blocks.0', true],
      ['T', 'content', 'messages.2.content.blocks.0.text', true],
      ['<|tools_prefix|>', 'special', 'messages.2.content.blocks.1', true],
      ['[', 'structure', 'messages.2.content.blocks.1', true],
      ['{"', 'structure', 'messages.2.content.blocks.1.calls.0', true],
      ['f', 'content', 'messages.2.content.blocks.1.calls.0.name', true],
      ['": ', 'structure', 'messages.2.content.blocks.1.calls.0', true],
      ['{}', 'content', 'messages.2.content.blocks.1.calls.0.arguments', true],
      ['}', 'structure', 'messages.2.content.blocks.1.calls.0', true],
      [']', 'structure', 'messages.2.content.blocks.1', true],
      ['<|tools_suffix|>', 'special', 'messages.2.content.blocks.1', true],
      ['[', 'structure', 'messages.3', false],
      ['R', 'content', 'messages.3.content', false],
      [']', 'structure', 'messages.3', false],
      ['<|inner_suffix|>', 'special', 'messages.4.content.blocks.0', true],
      ['A', 'content', 'messages.4.content.blocks.0.text', true],
      ['<|assistant_end|>', 'special', 'messages.4', true],
      ['<|user_start|>', 'special', 'messages.5', false],
      ['P', 'content', 'messages.5.content.parts.0.text', false],
      ['<|user_end|>', 'special', 'messages.5', false],
      ['<|assistant_start|>', 'special', '', false],
    ]);
  });

  it('point legacy tool calls at toolCalls and the default system prompt at nothing', () => {
    const rendered = renderJson([{ role: 'assistant', content: 'A', tool_calls: [{ type: 'function', function: { name: 'f', arguments: '1' } }] }]);
    const paths = rendered.spans.map((s) => s.path.join('.'));
    expect(paths.slice(0, 4)).toEqual(['', '', '', '']);
    expect(paths).toContain('messages.0.toolCalls');
    expect(paths).toContain('messages.0.toolCalls.0.name');
    expect(paths).toContain('messages.0.toolCalls.0.arguments');
  });
});

describe('warnings for what the template accepts but is likely a mistake', () => {
  it('warns about a tool message without content, tool_calls on a non-assistant message, and a malformed date', () => {
    const rendered = renderJson(
      [
        { role: 'user', content: 'Q', tool_calls: [{ type: 'function', function: { name: 'f', arguments: '{}' } }] },
        { role: 'assistant', content: 'A' },
        { role: 'tool' },
      ],
      { ...PINNED, date: '25.08.2025' },
    );
    expect(rendered.diagnostics.map((d) => [d.severity, d.code])).toEqual([
      ['warning', 'apertus/date-format'],
      ['warning', 'apertus/tool-calls-ignored'],
      ['warning', 'apertus/tool-content-missing'],
    ]);
    expect(rendered.text).toContain('Current date: 25.08.2025');
  });

  it('says when content or tools could not be imported instead of calling them missing', () => {
    const c = conversation([{ id: 'm1', role: 'assistant', extra: { content: { weird: true } } }]);
    c.extra = { tools: 'not a list' };
    const rendered = render(c, PINNED);
    expect(rendered.diagnostics.map((d) => d.code)).toEqual(['apertus/tools-unreadable', 'apertus/content-unreadable']);
  });
});

describe('options of the wrong type', () => {
  it('fall back to the defaults, and an empty date means today', () => {
    const options = { bosToken: 5, enableThinking: 'false', addGenerationPrompt: null, date: '' } as unknown as Partial<ApertusOptions>;
    const { text } = render(conversation([textMessage('user', 'Hi')]), options);
    expect(text.startsWith('<s>')).toBe(true);
    expect(text).toContain('Deliberation: enabled');
    expect(text).toContain(`Current date: ${todayLocal()}<|system_end|>`);
    expect(text.endsWith('<|user_end|>')).toBe(true);
  });
});

describe('what Apertus does not write, it says', () => {
  it('reports citations and annotations on text as lost, one per kind and place', () => {
    const cited = { ...response('Paris'), extra: { citations: [{ type: 'char_location' }] } };
    const part = { ...textPart('Hi'), extra: { annotations: [{ type: 'url_citation' }] } };
    const rendered = render(conversation([partsMessage('user', [part]), blocksMessage([cited])]), PINNED);
    expect(rendered.text).toContain('Paris');
    expect(rendered.diagnostics.filter((d) => d.code === LOST_CODE).map((d) => [d.path, d.message.slice(0, d.message.indexOf(' at '))])).toEqual([
      [['messages', 0, 'content', 'parts', 0, 'extra', 'annotations'], 'lost in conversion: the annotations'],
      [['messages', 1, 'content', 'blocks', 0, 'extra', 'citations'], 'lost in conversion: the citations'],
    ]);
  });
});

