/**
 * Span recovery on templates that write a field as it is, leave one out, write one twice or
 * change it: a span is either exactly the field's text or absent with an info diagnostic,
 * never somewhere else. Expected spans are written from the template by hand.
 */
import { describe, expect, it } from 'vitest';
import { conversation, textMessage } from '../../model/builders.ts';
import type { FieldPath } from '../../model/path.ts';
import type { ParleyRecord } from '../../model/types.ts';
import type { Rendered } from '../types.ts';
import { CODES } from './codes.ts';
import { renderJinja } from './render.ts';

const EACH = (body: string) => `{% for m in messages %}${body}{% endfor %}`;

function record(...texts: [string, string][]): ParleyRecord {
  return conversation(texts.map(([role, text]) => textMessage(role, text)));
}

/** The text of every content span, by path. */
function located(rendered: Rendered): Record<string, string> {
  const out: Record<string, string> = {};
  for (const span of rendered.spans) if (span.kind === 'content') out[span.path.join('.')] = rendered.text.slice(span.start, span.end);
  return out;
}

function notLocated(rendered: Rendered): FieldPath[] {
  return rendered.diagnostics.filter((d) => d.code === CODES.notLocated).map((d) => d.path ?? []);
}

describe('span recovery', () => {
  it('locates every field a template writes as it is, and marks assistant text trainable', () => {
    const rendered = renderJinja(record(['user', 'Hi there'], ['assistant', 'Hello!']), { template: EACH('<{{ m.role }}>{{ m.content }}</s>') });
    expect(rendered.text).toBe('<user>Hi there</s><assistant>Hello!</s>');
    expect(located(rendered)).toEqual({ 'messages.0.content': 'Hi there', 'messages.1.content': 'Hello!' });
    // The template writes no generation prompt: all the assistant message adds is trained
    // (the template mask, mask/), its header too, through the special token that ends it.
    expect(rendered.spans.filter((s) => s.trainable).map((s) => rendered.text.slice(s.start, s.end))).toEqual(['<assistant>', 'Hello!', '</s>']);
    expect(notLocated(rendered)).toEqual([]);
  });

  it('a field the template leaves out has no span and says so', () => {
    const rendered = renderJinja(record(['system', 'Secret'], ['user', 'Hi']), { template: EACH("{% if m.role != 'system' %}[{{ m.content }}]{% endif %}") });
    expect(rendered.text).toBe('[Hi]');
    expect(located(rendered)).toEqual({ 'messages.1.content': 'Hi' });
    expect(notLocated(rendered)).toEqual([['messages', 0, 'content']]);
  });

  it('a field written twice is not located (neither copy is guessed)', () => {
    const rendered = renderJinja(record(['user', 'echo'], ['assistant', 'ok']), { template: EACH("{{ m.content }}{% if m.role == 'user' %}|{{ m.content }}{% endif %};") });
    expect(rendered.text).toBe('echo|echo;ok;');
    expect(located(rendered)).toEqual({ 'messages.1.content': 'ok' });
    expect(notLocated(rendered)).toEqual([['messages', 0, 'content']]);
  });

  it('| upper that changes the text is not located; where it changes nothing the text is found', () => {
    const rendered = renderJinja(record(['user', 'quiet'], ['assistant', 'LOUD']), { template: EACH('{{ m.content | upper }}\n') });
    expect(rendered.text).toBe('QUIET\nLOUD\n');
    expect(located(rendered)).toEqual({ 'messages.1.content': 'LOUD' });
    expect(notLocated(rendered)).toEqual([['messages', 0, 'content']]);
  });

  it('| trim of text with outer spaces is not located, and the fields after it keep exact spans', () => {
    const rendered = renderJinja(record(['user', '  padded  '], ['assistant', 'plain'], ['user', 'last']), { template: EACH('<{{ m.content | trim }}>') });
    expect(rendered.text).toBe('<padded><plain><last>');
    expect(located(rendered)).toEqual({ 'messages.1.content': 'plain', 'messages.2.content': 'last' });
    expect(notLocated(rendered)).toEqual([['messages', 0, 'content']]);
  });

  it('| trim on every message with spaces in several: none is given a wrong span', () => {
    const texts: [string, string][] = [['user', ' a '], ['assistant', 'b'], ['user', ' c'], ['assistant', 'd '], ['user', 'e'], ['assistant', ' f ']];
    const rendered = renderJinja(record(...texts), { template: EACH('{{ m.role }}:{{ m.content | trim }}\n') });
    expect(rendered.text).toBe('user:a\nassistant:b\nuser:c\nassistant:d\nuser:e\nassistant:f\n');
    for (const [path, text] of Object.entries(located(rendered))) {
      const i = Number(path.split('.')[1]);
      expect(text).toBe(texts[i]?.[1]);
    }
    expect(located(rendered)).toMatchObject({ 'messages.1.content': 'b', 'messages.4.content': 'e' });
    expect(notLocated(rendered)).toEqual(expect.arrayContaining([['messages', 0, 'content'], ['messages', 2, 'content'], ['messages', 3, 'content'], ['messages', 5, 'content']]));
  });

  it('a slice that cuts into the text is not located', () => {
    const rendered = renderJinja(record(['user', 'abcdef']), { template: EACH('{{ m.content[1:] }}') });
    expect(rendered.text).toBe('bcdef');
    expect(located(rendered)).toEqual({});
    expect(notLocated(rendered)).toEqual([['messages', 0, 'content']]);
  });

  it('a template that branches on startswith renders the same text and still locates what it can', () => {
    const template = EACH("{% if m.content.startswith('<x>') %}X{% else %}{{ m.content }}{% endif %};");
    const rendered = renderJinja(record(['user', '<x>tool'], ['assistant', 'fine']), { template });
    expect(rendered.text).toBe('X;fine;');
    expect(located(rendered)).toEqual({ 'messages.1.content': 'fine' });
  });

  it('spans tile the text: template text between fields is structure or special; what a later message adds has its path, the assistant\'s trained through its end token', () => {
    const rendered = renderJinja(record(['user', 'q'], ['assistant', 'a']), { template: EACH('<|im_start|>{{ m.role }}\n{{ m.content }}<|im_end|>\n') });
    let at = 0;
    for (const span of rendered.spans) {
      expect(span.start).toBe(at);
      at = span.end;
    }
    expect(at).toBe(rendered.text.length);
    const M1 = ['messages', 1];
    expect(rendered.spans.map((s) => [rendered.text.slice(s.start, s.end), s.kind, s.path.join('.'), s.trainable])).toEqual([
      // Message 0's own text is not told from what the template writes before any message.
      ['<|im_start|>', 'special', '', false],
      ['user\n', 'structure', '', false],
      ['q', 'content', 'messages.0.content', false],
      ['<|im_end|>', 'special', '', false],
      ['\n', 'structure', '', false],
      ['<|im_start|>', 'special', M1.join('.'), true],
      ['assistant\n', 'structure', M1.join('.'), true],
      ['a', 'content', 'messages.1.content', true],
      ['<|im_end|>', 'special', M1.join('.'), true],
      ['\n', 'structure', M1.join('.'), false],
    ]);
  });
});

describe('template errors', () => {
  it('raise_exception is an error at the line and column of the call', () => {
    const template = "{% for m in messages %}\n{% if m.role == 'user' %}\n  {{ raise_exception('no users here') }}\n{% endif %}{% endfor %}";
    const rendered = renderJinja(record(['user', 'hi']), { template });
    const problem = rendered.diagnostics.find((d) => d.code === CODES.templateError);
    expect(problem?.message).toContain('no users here');
    expect(problem?.message).toContain('template line 3, column 6');
  });

  it('a syntax error of the parser is placed at its line', () => {
    const rendered = renderJinja(record(['user', 'hi']), { template: '{{ messages[0].content }}\n{% if x %}\nok\n{% endfor %}' });
    const problem = rendered.diagnostics.find((d) => d.code === CODES.templateError);
    expect(problem?.message).toMatch(/syntax error \(template line 4, column \d+\)/);
  });

  it('a lexer error is placed at the bad character', () => {
    const rendered = renderJinja(record(['user', 'hi']), { template: 'ok\n{{ 1 ; 2 }}' });
    expect(rendered.diagnostics.find((d) => d.code === CODES.templateError)?.message).toContain('template line 2, column 6');
  });

  it('strftime_now reads the date option; variables come from the option and the record keys win', () => {
    const template = "{{ strftime_now('%d %b %Y') }}|{{ bos_token }}|{{ add_generation_prompt }}";
    expect(renderJinja(record(), { template, date: '2025-07-10', variables: '{"bos_token": "<s>"}', add_generation_prompt: true }).text).toBe('10 Jul 2025|<s>|true');
  });
});
