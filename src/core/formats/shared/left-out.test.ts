/**
 * What token formats leave out on purpose, said aloud (left-out.ts). Thought flags of a system
 * message (OpenChatML's `<|reflect|>` after the system prompt) were written only by OpenChatML
 * and reported only by harmony: Apertus, RWKV, ChatML, Llama 3.1 and Jinja dropped them in
 * silence (found beside the interop oracle: flags are no text leaf, so its renders do not look
 * for them).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { conversation, textMessage } from '../../model/builders.ts';
import { LOST_CODE } from '../../shared/lost-in-conversion.ts';
import { FORMATS, loadFormat } from '../registry.ts';

beforeAll(async () => {
  for (const format of FORMATS) await loadFormat(format.id);
});

const FLAGGED = () => conversation([textMessage('system', 'Think first.', { thoughtFlags: ['reflect', 'reason'] }), textMessage('user', 'Hi')]);

describe('the thought flags of a system message', () => {
  it.each(FORMATS.filter((format) => format.id !== 'openchatml').map((format) => [format.id] as const))('%s reports them as content lost, at their path', (id) => {
    const format = FORMATS.find((f) => f.id === id)!;
    const found = format.render(FLAGGED()).diagnostics.filter((d) => d.path?.join('.') === 'messages.0.thoughtFlags');
    expect(found).toEqual([expect.objectContaining({ code: LOST_CODE, loss: 'content' })]);
  });

  it('OpenChatML writes them, and reports nothing', () => {
    const rendered = FORMATS.find((f) => f.id === 'openchatml')!.render(FLAGGED());
    expect(rendered.text).toContain('<|reflect|>');
    expect(rendered.diagnostics.filter((d) => d.path?.join('.') === 'messages.0.thoughtFlags')).toEqual([]);
  });
});
