/**
 * A tool call whose arguments field is empty (a new call in the editor before anything is
 * typed; issue 24) means `{}`: no format's render and no dialect's export calls it an error,
 * and where a format needs an object it gives `{}` (Anthropic's `input` is `{}` too: api-fit.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { FORMATS, loadFormat } from '../formats/registry.ts';
import { CODECS } from '../interchange/registry.ts';
import { conversation, textMessage, toolCall, toolDefinition } from '../model/builders.ts';
import { checkRecord } from './check-record.ts';

function withEmptyArguments() {
  const call = toolCall('get_time', '', { callId: 'call_1' });
  return conversation(
    [textMessage('user', 'What time is it?'), textMessage('assistant', '', { toolCalls: [call] }), textMessage('tool', '12:00', { toolCallId: 'call_1' })],
    [toolDefinition('get_time', 'The time now.', { type: 'object', properties: {} })],
  );
}

describe('empty tool-call arguments mean {}', () => {
  it.each(FORMATS.filter((format) => format.recordKinds.includes('chat')).map((format) => [format.id]))('%s: no error about them, from the render or the checks', async (id) => {
    const format = await loadFormat(id);
    const record = withEmptyArguments();
    const { diagnostics } = checkRecord({ record, readerDiagnostics: [] }, { formatId: id }, { once: true });
    const aboutArguments = diagnostics.filter((d) => d.severity === 'error' && (d.path ?? []).includes('arguments'));
    expect(aboutArguments, JSON.stringify(aboutArguments)).toEqual([]);
    expect(format?.render(record, format.defaults).text).not.toContain('get_time""');
  });

  it.each(CODECS.map((codec) => [codec.id]))('%s: exports them without an error', (id) => {
    const codec = CODECS.find((c) => c.id === id)!;
    const { diagnostics } = codec.encode(withEmptyArguments());
    expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  });
});
