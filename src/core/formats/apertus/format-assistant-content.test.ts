import { describe, expect, it } from 'vitest';
import { blocksMessage, response, textMessage, thoughts, toolCall, toolCalls, toolOutput, toolOutputs } from '../../model/builders.ts';
import { referenceAvailable } from '../../../../test/reference/apertus-template.ts';
import { DEFAULT_HEAD, PINNED, referenceOutcome } from '../../../../test/apertus/helpers.ts';
import { formatAssistantContent, formatAssistantMessageAsString } from './format-assistant-content.ts';

const FULL = [thoughts('Let me think...'), toolCalls([toolCall('calculator', '{"expr": "2+2"}')]), toolOutputs([toolOutput('4')]), response('The answer is 4.')];
const FULL_TEXT = '<|inner_prefix|>Let me think...<|tools_prefix|>[{"calculator": {"expr": "2+2"}}]<|tools_suffix|>[4]<|inner_suffix|>The answer is 4.';

describe('formatAssistantContent', () => {
  it('writes blocks as the template does inside a turn (spec 001 example)', () => {
    expect(formatAssistantContent(FULL)).toBe(FULL_TEXT);
  });

  it.skipIf(!referenceAvailable)('matches the reference render of the same message after <|assistant_start|>', () => {
    const json = [
      {
        role: 'assistant',
        content: {
          blocks: [
            { type: 'thoughts', text: 'Let me think...' },
            { type: 'tool_calls', calls: [{ name: 'calculator', arguments: '{"expr": "2+2"}' }] },
            { type: 'tool_outputs', outputs: [{ output: '4' }] },
            { type: 'response', text: 'The answer is 4.' },
          ],
        },
      },
    ];
    expect(referenceOutcome(json, PINNED)).toEqual({ text: `${DEFAULT_HEAD}<|assistant_start|>${FULL_TEXT}` });
  });

  it('writes a lone response as its text and no blocks as nothing', () => {
    expect(formatAssistantContent([response('Hi')])).toBe('Hi');
    expect(formatAssistantContent([])).toBe('');
  });

  it('moves a single display_answers call after thoughts to the outer section', () => {
    expect(formatAssistantContent([thoughts('T'), toolCalls([toolCall('display_answers', '{}')])])).toBe('<|inner_prefix|>T<|inner_suffix|><|tools_prefix|>[{"display_answers": {}}]<|tools_suffix|>');
  });
});

describe('formatAssistantMessageAsString', () => {
  it('returns string content as is, with legacy tool calls appended', () => {
    expect(formatAssistantMessageAsString(textMessage('assistant', 'Hello'))).toBe('Hello');
    expect(formatAssistantMessageAsString(textMessage('assistant', 'Hi', { toolCalls: [toolCall('f', '{"a": 1}')] }))).toBe('Hi<|tools_prefix|>[{"f": {"a": 1}}]<|tools_suffix|>');
  });

  it('formats structured content', () => {
    expect(formatAssistantMessageAsString(blocksMessage(FULL))).toBe(FULL_TEXT);
  });
});
