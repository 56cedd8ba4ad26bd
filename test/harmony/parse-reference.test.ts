/**
 * The two parse expectations of openai/harmony's test-data read as its tests read them
 * (src/tests.rs `test_streamable_parser`: three messages from a completion that starts after
 * `<|start|>assistant`; `test_tool_response_parsing`: one tool message, `browser.search` to
 * assistant on commentary).
 */
import { describe, expect, it } from 'vitest';
import { parseHarmony } from '../../src/core/formats/harmony/parse.ts';
import { expectedText, harmonyAvailable, SKIP_REASON } from './reference.ts';

describe.skipIf(!harmonyAvailable)('harmony reads openai/harmony parse test data', () => {
  it('test_streamable_parser.txt: analysis, a browser.search call with content type code, its result', () => {
    const { record, diagnostics } = parseHarmony(expectedText('test_streamable_parser.txt'));
    if (record.kind !== 'chat') throw new Error('expected a chat');
    expect(record.messages.map((m) => [m.role, m.name, m.channel, m.recipient, m.contentType])).toEqual([
      // The analysis message has the header the format writes: a thoughts block.
      ['assistant', undefined, undefined, undefined, undefined],
      ['assistant', undefined, 'commentary', 'browser.search', 'code'],
      ['tool', 'browser.search', undefined, undefined, undefined],
    ]);
    const [analysis, call, result] = record.messages;
    expect(analysis?.content).toMatchObject({ type: 'blocks', blocks: [{ type: 'thoughts' }] });
    expect(analysis?.content?.type === 'blocks' && analysis.content.blocks[0]?.type === 'thoughts' && analysis.content.blocks[0].text.endsWith("Let's browse to confirm.")).toBe(true);
    expect(call?.content).toEqual({ type: 'text', text: '{"query": "current US president July 2025", "topn": 10, "source": "news"}' });
    expect(result?.content).toEqual({ type: 'text', text: '{"result": "https://openai.com/"}' });
    // A completion (no <|start|>assistant), and a call header in the model's order (channel first).
    expect(diagnostics.map((d) => d.code).sort()).toEqual(['harmony/read-as-text', 'harmony/renders-differently']);
    expect(diagnostics.every((d) => d.severity === 'info')).toBe(true);
  });

  it('test_tool_response_parsing.txt: a tool message from browser.search', () => {
    const { record, diagnostics } = parseHarmony(expectedText('test_tool_response_parsing.txt'));
    if (record.kind !== 'chat') throw new Error('expected a chat');
    expect(record.messages).toHaveLength(1);
    expect(record.messages[0]).toMatchObject({ role: 'tool', name: 'browser.search', content: { type: 'text', text: '{"result": "https://openai.com/"}' } });
    // The file stops before <|end|>: rendering adds it, and an info says so.
    expect(diagnostics.map((d) => [d.severity, d.code])).toEqual([['info', 'harmony/renders-differently']]);
  });
});

if (!harmonyAvailable) describe.skip(SKIP_REASON, () => it('skipped', () => undefined));
