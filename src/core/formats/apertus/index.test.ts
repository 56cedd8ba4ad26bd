import { describe, expect, it } from 'vitest';
import { findFormat } from '../registry.ts';
import { conversation, textMessage } from '../../model/builders.ts';
import { apertusFormat } from './index.ts';

describe('apertusFormat', () => {
  it('is registered under the id apertus', () => {
    expect(findFormat('apertus')).toBe(apertusFormat);
  });

  it('describes its options with their defaults and CLI flags', () => {
    expect(apertusFormat.options.map((o) => [o.key, o.type, o.default, o.cliFlag])).toEqual([
      ['bosToken', 'string', '<s>', '--bos'],
      ['enableThinking', 'boolean', true, '--no-thinking'],
      ['addGenerationPrompt', 'boolean', false, '--add-generation-prompt'],
      ['date', 'date', null, '--date'],
      ['objectMapArguments', 'boolean', false, '--object-map-arguments'],
    ]);
    expect(apertusFormat.defaults).toEqual({ bosToken: '<s>', enableThinking: true, addGenerationPrompt: false, date: null, objectMapArguments: false });
    expect(apertusFormat.recordKinds).toEqual(['chat']);
  });

  it('lists the twelve special tokens, each with a one-line doc', () => {
    expect(apertusFormat.specialTokens).toHaveLength(12);
    for (const { token, doc } of apertusFormat.specialTokens) {
      expect(token).toMatch(/^<\|[a-z_]+\|>$/);
      expect(doc).not.toContain('\n');
    }
  });

  it('renders with partial options', () => {
    const { text } = apertusFormat.render(conversation([textMessage('system', 'S')]), { enableThinking: false });
    expect(text).toBe('<s><|system_start|>S<|system_end|><|developer_start|>Deliberation: disabled\nTool Capabilities: disabled<|developer_end|>');
  });
});
