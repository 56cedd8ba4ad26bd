// @vitest-environment jsdom
/** A template given in the Template view: a config's template, tokens and names reach the Jinja format's options. */
import { beforeEach, describe, expect, it } from 'vitest';
import { useAppStore } from '../store/index.ts';
import { applyTemplateText } from './template-input.ts';

function jinjaOption(key: string): unknown {
  return useAppStore.getState().formatOptions.jinja?.[key];
}

beforeEach(() => {
  useAppStore.getState().setFormat('jinja');
  useAppStore.getState().setFormatOption('variables', '{"enable_thinking": false, "bos_token": "<old>"}');
});

describe('applyTemplateText', () => {
  it('a template is taken as it is; the variables stay', () => {
    expect(applyTemplateText('{{ messages[0].content }}')).toEqual({ templates: [] });
    expect(jinjaOption('template')).toBe('{{ messages[0].content }}');
    expect(JSON.parse(String(jinjaOption('variables')))).toEqual({ enable_thinking: false, bos_token: '<old>' });
  });

  it('a config gives its default template and its tokens (over older tokens), keeps other variables, and lists its names', () => {
    const config = { bos_token: '<B>', eos_token: { content: '<E>' }, chat_template: [{ name: 'tool_use', template: 'T' }, { name: 'default', template: 'D' }] };
    const result = applyTemplateText(JSON.stringify(config));
    expect(result.templates.map((t) => t.name)).toEqual(['tool_use', 'default']);
    expect(jinjaOption('template')).toBe('D');
    expect(JSON.parse(String(jinjaOption('variables')))).toEqual({ bos_token: '<B>', eos_token: '<E>', enable_thinking: false });
  });

  it('a JSON object without chat_template is kept as the template text, with the reason', () => {
    const result = applyTemplateText('{"model_max_length": 8}');
    expect(result.problem).toMatch(/no chat_template/);
    expect(jinjaOption('template')).toBe('{"model_max_length": 8}');
  });
});
