/**
 * Issue 22 item 4, through the command: a record whose tool result is separated from its call
 * (litellm's Codex case) converts to Anthropic with a warning, and `convert --fix` moves the
 * result next to its call; Kimi-style call ids are mapped to ids Anthropic accepts.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { fixtureDir, lines, parley } from './run.ts';

const files = fixtureDir();
afterAll(() => files.cleanup());

const CODEX = {
  messages: [
    { role: 'user', content: 'List the files.' },
    { role: 'assistant', content: null, tool_calls: [{ id: 'functions.Bash:0', type: 'function', function: { name: 'Bash', arguments: '' } }] },
    { role: 'user', content: 'Only the text files.' },
    { role: 'tool', tool_call_id: 'functions.Bash:0', content: 'a.txt' },
  ],
};

describe.concurrent('parley convert --to anthropic, output the API accepts', () => {
  it('without --fix: says the result is separated from its call, and maps the id', async () => {
    const file = files.write('codex.json', CODEX);
    const run = await parley(['convert', '--from', 'openai-chat', '--to', 'anthropic', file]);
    const said = lines(run.stderr);
    expect(said).toContain(`${file}: WARNING messages[3].toolCallId: the result does not follow its call (another turn comes between them), and Anthropic Messages refuses that; written where it is. Move it next to its call (the fix tool-output/move-next-to-call: Fix in the app, --fix in the command).`);
    expect(said).toContain(`${file}: WARNING messages[1].toolCalls[0].callId: the call id "functions.Bash:0" does not fit (Anthropic requires tool_use.id to match ^[a-zA-Z0-9_-]+$); written as "functions_Bash_0", and every result that names it the same.`);
    const json = JSON.parse(run.stdout) as { messages: { content: unknown }[] };
    expect(json.messages[1]?.content).toEqual([{ type: 'tool_use', id: 'functions_Bash_0', name: 'Bash', input: {} }]);
  });

  it('with --fix: the result comes right after its call, as Anthropic requires', async () => {
    const file = files.write('codex-fix.json', CODEX);
    const run = await parley(['convert', '--from', 'openai-chat', '--to', 'anthropic', '--fix', file]);
    expect(lines(run.stderr)).toContain(`${file}: FIXED messages[3].toolCallId: Move the result next to its call (tool-output/move-next-to-call)`);
    const json = JSON.parse(run.stdout) as { messages: { role: string; content: unknown }[] };
    expect(json.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'user']);
    expect(json.messages[2]?.content).toEqual([{ type: 'tool_result', tool_use_id: 'functions_Bash_0', content: 'a.txt' }]);
    expect(lines(run.stderr).some((l) => l.includes('does not follow its call'))).toBe(false);
  });
});
