import { describe, expect, it } from 'vitest';
import { conversation, textMessage, type Conversation } from '../../../core/index.ts';
import { prettyJson, renderText } from './diff-texts.ts';

describe('prettyJson', () => {
  it('puts each value on its own line, and leaves text that is not JSON as it is', () => {
    expect(prettyJson('{"a":[1,"x"]}')).toBe('{\n  "a": [\n    1,\n    "x"\n  ]\n}');
    expect(prettyJson('{"a":')).toBe('{"a":');
  });

  it('shows numbers as the line spells them; a record nested deeper than 128 levels as it is (indenting it would be mostly spaces)', () => {
    expect(prettyJson('{"t":1.0,"z":-0,"n":12345678901234567890}')).toBe('{\n  "t": 1.0,\n  "z": -0,\n  "n": 12345678901234567890\n}');
    const deep = `{"a":${'['.repeat(5000)}${']'.repeat(5000)}}`;
    expect(prettyJson(deep)).toBe(deep);
    expect(prettyJson(`[${'['.repeat(126)}${']'.repeat(126)}]`).split('\n')).toHaveLength(2 * 127 - 1);
  });
});

describe('renderText', () => {
  it('renders a preference record as each branch under a line naming it, so an edit of either shows', async () => {
    const record: Conversation = { ...conversation([textMessage('user', 'The sky is')]), branches: { chosen: [textMessage('assistant', ' blue.')], rejected: [textMessage('assistant', ' green.')] } };
    const state = { formatId: 'apertus', formatOptions: { apertus: { date: '2025-08-25' } } };
    const text = (await renderText(record, state)) ?? '';
    const chosen = text.indexOf('── chosen ──\n');
    const rejected = text.indexOf('── rejected ──\n');
    expect(chosen).toBe(0);
    expect(rejected).toBeGreaterThan(text.indexOf(' blue.'));
    expect(text.indexOf(' green.')).toBeGreaterThan(rejected);
    expect(text.split('The sky is')).toHaveLength(3);
  });
});
