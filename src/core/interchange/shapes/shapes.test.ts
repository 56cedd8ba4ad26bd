import { describe, expect, it } from 'vitest';
import { branchRecord } from '../../model/branches.ts';
import { hasErrors } from '../../model/diagnostic.ts';
import type { Conversation } from '../../model/types.ts';
import { detectDialect, findCodec } from '../registry.ts';

// Records as trl's "Dataset formats and types" page and LLaMA-Factory's data/README write them.
const SKY_USER = { role: 'user', content: 'What color is the sky?' };
const BLUE = { role: 'assistant', content: 'It is blue.' };
const GREEN = { role: 'assistant', content: 'It is green.' };
const DOCUMENTED: Record<string, { json: Record<string, unknown>; dialect: string }> = {
  'trl preference, standard': { json: { prompt: 'The sky is', chosen: ' blue.', rejected: ' green.' }, dialect: 'openai-chat' },
  'trl preference, conversational': { json: { prompt: [SKY_USER], chosen: [BLUE], rejected: [GREEN] }, dialect: 'openai-chat' },
  'trl preference, implicit prompt, standard': { json: { chosen: 'The sky is blue.', rejected: 'The sky is green.' }, dialect: 'openai-chat' },
  'trl preference, implicit prompt, conversational': { json: { chosen: [SKY_USER, BLUE], rejected: [SKY_USER, GREEN] }, dialect: 'openai-chat' },
  'trl prompt-completion, standard': { json: { prompt: 'The sky is', completion: ' blue.' }, dialect: 'openai-chat' },
  'trl prompt-completion, conversational': { json: { prompt: [SKY_USER], completion: [BLUE] }, dialect: 'openai-chat' },
  'trl unpaired preference (KTO), standard': { json: { prompt: 'The sky is', completion: ' green.', label: false }, dialect: 'openai-chat' },
  'trl unpaired preference (KTO), conversational': { json: { prompt: [SKY_USER], completion: [BLUE], label: true }, dialect: 'openai-chat' },
  'LLaMA-Factory preference, sharegpt': {
    json: { conversations: [{ from: 'human', value: 'What color is the sky?' }], chosen: { from: 'gpt', value: 'It is blue.' }, rejected: { from: 'gpt', value: 'It is green.' }, system: 'Be brief.' },
    dialect: 'sharegpt',
  },
  'LLaMA-Factory KTO, sharegpt': { json: { conversations: [{ from: 'human', value: 'What color is the sky?' }, { from: 'gpt', value: 'It is green.' }], kto_tag: false }, dialect: 'sharegpt' },
  'LLaMA-Factory KTO, openai messages': { json: { messages: [SKY_USER, BLUE], label: true }, dialect: 'openai-chat' },
  'Anthropic messages in a trl preference record': {
    json: { prompt: [{ role: 'user', content: [{ type: 'text', text: 'What color is the sky?' }] }], chosen: [{ role: 'assistant', content: [{ type: 'text', text: 'Blue.' }] }], rejected: [{ role: 'assistant', content: [{ type: 'text', text: 'Green.' }] }], system: 'Be brief.' },
    dialect: 'anthropic',
  },
};

function read(json: unknown, dialect?: string) {
  const codec = dialect === undefined ? detectDialect(json)?.codec : findCodec(dialect);
  if (!codec) throw new Error('no dialect');
  const decoded = codec.decode(json);
  return { codec, record: decoded.record as Conversation, diagnostics: decoded.diagnostics };
}

describe('training-data shapes', () => {
  for (const [name, { json, dialect }] of Object.entries(DOCUMENTED)) {
    it(`${name}: detected, read with branches and written back byte for byte`, () => {
      const { codec, record, diagnostics } = read(json);
      expect(codec.id).toBe(dialect);
      expect(hasErrors(diagnostics)).toBe(false);
      expect(record.kind).toBe('chat');
      expect(record.branches !== undefined || record.label !== undefined).toBe(true);
      const encoded = codec.encode(record);
      expect(encoded.diagnostics).toEqual([]);
      expect(JSON.stringify(encoded.json)).toBe(JSON.stringify(json));
    });
  }

  it('reads a plain-text record as the prompt in a user turn and each completion in an assistant turn', () => {
    const { record } = read({ prompt: 'The sky is', chosen: ' blue.', rejected: ' green.' });
    expect(record.messages.map((m) => [m.role, m.content])).toEqual([['user', { type: 'text', text: 'The sky is' }]]);
    expect(record.branches?.chosen?.map((m) => [m.role, m.content])).toEqual([['assistant', { type: 'text', text: ' blue.' }]]);
    expect(branchRecord(record, 'rejected').messages.map((m) => m.content)).toEqual([
      { type: 'text', text: 'The sky is' },
      { type: 'text', text: ' green.' },
    ]);
  });

  it('takes the shared start of an implicit prompt as the prompt, as trl does (a space before the difference goes with the completions)', () => {
    const text = read({ chosen: 'The sky is blue.', rejected: 'The sky is green.' }).record;
    expect(text.messages[0]?.content).toEqual({ type: 'text', text: 'The sky is' });
    expect(text.branches?.chosen?.[0]?.content).toEqual({ type: 'text', text: ' blue.' });
    const chat = read({ chosen: [SKY_USER, BLUE], rejected: [SKY_USER, GREEN] }).record;
    expect(chat.messages.map((m) => m.role)).toEqual(['user']);
    expect(chat.branches?.rejected?.[0]?.content).toEqual({ type: 'text', text: 'It is green.' });
  });

  it('reads LLaMA-Factory turn objects as one-message branches, with the system key in the prompt', () => {
    const { record } = read(DOCUMENTED['LLaMA-Factory preference, sharegpt']?.json);
    expect(record.messages.map((m) => m.role)).toEqual(['system', 'user']);
    expect(record.branches?.chosen?.map((m) => [m.role, m.content])).toEqual([['assistant', { type: 'text', text: 'It is blue.' }]]);
  });

  it('names the branch in a reading problem', () => {
    const { diagnostics } = read({ prompt: [SKY_USER], chosen: [BLUE], rejected: [{ role: 'assistant', content: 7 }] }, 'openai-chat');
    const problem = diagnostics.find((d) => d.severity === 'error');
    expect(problem?.path?.slice(0, 3)).toEqual(['rejected', 0, 'content']);
    expect(problem?.message.startsWith('rejected[0].content')).toBe(true);
  });

  it('writes an edited text completion as a list of messages once it is no longer one plain assistant turn', () => {
    const { codec, record } = read({ prompt: 'The sky is', completion: ' blue.' });
    const edited: Conversation = { ...record, branches: { completion: [...(record.branches?.completion ?? []), { id: 'm-x', role: 'user', content: { type: 'text', text: 'Sure?' } }] } };
    expect(codec.encode(edited).json).toEqual({ prompt: 'The sky is', completion: [{ role: 'assistant', content: ' blue.' }, { role: 'user', content: 'Sure?' }] });
  });

  it('converts a preference record to another dialect, each part in that dialect', () => {
    const { record } = read({ prompt: [{ role: 'system', content: 'Be brief.' }, SKY_USER], chosen: [BLUE], rejected: [GREEN] });
    const anthropic = findCodec('anthropic')?.encode(record);
    expect(anthropic?.json).toEqual({
      system: 'Be brief.',
      prompt: [{ role: 'user', content: 'What color is the sky?' }],
      chosen: [{ role: 'assistant', content: 'It is blue.' }],
      rejected: [{ role: 'assistant', content: 'It is green.' }],
    });
    const sharegpt = findCodec('sharegpt')?.encode(record);
    // The system message stays a turn (LLaMA-Factory reads a leading system turn as the system prompt).
    expect(sharegpt?.json).toEqual({
      conversations: [
        { from: 'system', value: 'Be brief.' },
        { from: 'human', value: 'What color is the sky?' },
      ],
      chosen: { from: 'gpt', value: 'It is blue.' },
      rejected: { from: 'gpt', value: 'It is green.' },
    });
  });

  it('writes a labelled conversation (KTO, no branches) to every wrapped dialect so that it reads back with its label', () => {
    // OpenAI Responses keeps its messages in `input`, which no training wrapper names: `{input, label}` would read back as a plain request with an unknown key.
    const { record } = read({ messages: [SKY_USER, BLUE], label: true });
    for (const id of ['anthropic', 'openai-responses', 'sharegpt', 'llamafactory', 'apertus-json']) {
      const codec = findCodec(id);
      if (!codec) throw new Error(`no dialect ${id}`);
      const back = codec.decode(codec.encode(record).json);
      expect([id, (back.record as Conversation | undefined)?.label]).toEqual([id, true]);
    }
  });

  it('keeps branches and label through Parley JSON', () => {
    const { record } = read({ prompt: [SKY_USER], completion: [BLUE], label: true });
    const parley = findCodec('parley-json');
    const back = parley?.decode(parley.encode(record).json);
    expect(hasErrors(back?.diagnostics ?? [])).toBe(false);
    const again = back?.record as Conversation;
    expect(again.label).toBe(true);
    expect(again.branches?.completion?.[0]?.content).toEqual({ type: 'text', text: 'It is blue.' });
    expect(again.branches?.completion?.[0]?.id).not.toBe(record.branches?.completion?.[0]?.id);
  });

  it('leaves values that are no training record to the dialect (a lone chosen, a completions-API prompt)', () => {
    expect(read({ messages: [SKY_USER], chosen: [BLUE] }).record.branches).toBeUndefined();
    expect(wrapperless({ model: 'gpt-3.5-turbo-instruct', prompt: 'Say this is a test' })).toBe(true);
  });
});

function wrapperless(json: unknown): boolean {
  const detection = detectDialect(json);
  return detection === undefined || (detection.codec.decode(json).record as Conversation | undefined)?.branches === undefined;
}
