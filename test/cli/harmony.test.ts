/** `parley render` and `parley parse` with `--format harmony`: the registry's format and its options' flags, nothing of its own. */
import { afterAll, describe, expect, it } from 'vitest';
import { fixtureDir, lines, parley } from './run.ts';

const files = fixtureDir();
afterAll(() => files.cleanup());

const CHAT = {
  messages: [
    { role: 'system', content: 'Answer briefly.' },
    { role: 'user', content: 'What is 2 + 2?' },
    { role: 'assistant', content: '4' },
  ],
};

// Written out from the harmony guide's system and developer message formats.
const EXPECTED =
  '<|start|>system<|message|>You are ChatGPT, a large language model trained by OpenAI.\nKnowledge cutoff: 2024-06\nCurrent date: 2025-06-28\n\nReasoning: high\n\n# Valid channels: analysis, commentary, final. Channel must be included for every message.<|end|>' +
  '<|start|>developer<|message|># Instructions\n\nAnswer briefly.<|end|>' +
  '<|start|>user<|message|>What is 2 + 2?<|end|>' +
  '<|start|>assistant<|channel|>final<|message|>4<|return|>';

describe.concurrent('parley with --format harmony', () => {
  it('renders with the options’ flags, and parses back to JSON that renders the same text with the flags it names', async () => {
    const file = files.write('chat.json', JSON.stringify(CHAT));
    const rendered = await parley(['render', '--format', 'harmony', '--reasoning-effort', 'high', '--date', '2025-06-28', file]);
    expect(rendered.code).toBe(0);
    expect(rendered.stdout).toBe(EXPECTED);
    const parsed = await parley(['parse', '--format', 'harmony', '-'], EXPECTED);
    expect(parsed.code).toBe(0);
    const hint = lines(parsed.stderr).find((line) => line.startsWith('INFO render it again with: '));
    expect(hint).toBeDefined();
    const again = await parley(['render', ...(hint ?? '').replace('INFO render it again with: parley render ', '').split(' ')], parsed.stdout);
    expect(again.code).toBe(0);
    expect(again.stdout).toBe(EXPECTED);
  });

  it('turns the options that default to on off with --no- flags', async () => {
    const run = await parley(['render', '--format', 'harmony', '--no-system-message', '--no-return-token', '-'], JSON.stringify({ messages: CHAT.messages.slice(1) }));
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('<|start|>user<|message|>What is 2 + 2?<|end|><|start|>assistant<|channel|>final<|message|>4<|end|>');
  });
});
