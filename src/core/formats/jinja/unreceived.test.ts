/**
 * What no message list given to a template can carry is reported lost (unreceived.ts): what the
 * loss probe under the OpenAI Chat encoding reported for the Jinja format before the one builder,
 * and thoughts a template never reads.
 */
import { describe, expect, it } from 'vitest';
import { SHAPE as RESPONSES_SHAPE } from '../../interchange/openai-responses/shape.ts';
import { blocksMessage, conversation, response, textMessage, thoughts, toolCall, toolCalls } from '../../model/builders.ts';
import type { Conversation } from '../../model/types.ts';
import { LOST_CODE } from '../../shared/lost-in-conversion.ts';
import { renderJinja } from './render.ts';
import { OPENAI_RESPONSES_NOTE } from './unreceived.ts';

const PLAIN = '{% for m in messages %}<{{ m.role }}>{{ m.content }}{% endfor %}';

function lost(record: Conversation, template = PLAIN): [string, string | undefined][] {
  return renderJinja(record, { template })
    .diagnostics.filter((d) => d.code === LOST_CODE)
    .map((d) => [d.path?.join('.') ?? '', d.loss]);
}

describe('the Jinja format reports what a template cannot receive', () => {
  it('a message\'s harmony header, at its first field', () => {
    const record = conversation([textMessage('user', 'Hi'), blocksMessage([response('Hello.')], { channel: 'final', recipient: 'user' })]);
    expect(lost(record)).toEqual([['messages.1.channel', 'content']]);
  });

  it('the other keys of a content mapping (Apertus JSON)', () => {
    const message = textMessage('user', 'Hi');
    if (message.content?.type === 'text') message.content.extra = { parts: [] };
    expect(lost(conversation([message]))).toEqual([['messages.0.content.extra', 'content']]);
  });

  it('an OpenAI Responses item\'s own fields and a reasoning summary\'s parts, read from the reader\'s note', () => {
    expect(OPENAI_RESPONSES_NOTE).toBe(RESPONSES_SHAPE);
    const thought = thoughts('Plan.');
    const answer = response('Done.');
    Object.assign(thought, { [RESPONSES_SHAPE]: { summary: [{ type: 'summary_text', text: 'Plan.' }, { type: 'summary_text', text: '' }] } });
    Object.assign(answer, { [RESPONSES_SHAPE]: { item: { extra: { status: 'completed' } } } });
    const record = conversation([textMessage('user', 'Go'), blocksMessage([thought, answer])]);
    const template = '{% for m in messages %}{{ m.reasoning_content }}{{ m.content }}{% endfor %}';
    expect(lost(record, template)).toEqual([
      ['messages.1.content.blocks.0.summary', 'content'],
      ['messages.1.content.blocks.1', 'content'],
    ]);
  });

  it('thoughts under a key the template never names, one per block; none where it reads them', () => {
    const record = conversation([textMessage('user', 'Weather?'), blocksMessage([thoughts('Call "get_weather" with {"city": "Bern"}.'), toolCalls([toolCall('get_weather', '{"city": "Bern"}')])])]);
    const writesCalls = '{% for m in messages %}{{ m.content }}{% for c in m.tool_calls or [] %}{{ c.function.name }}{{ c.function.arguments | tojson }}{% endfor %}{% endfor %}';
    expect(lost(record, writesCalls)).toEqual([['messages.1.content.blocks.0', 'content']]);
    const readsThem = '{% for m in messages %}{{ m.reasoning_content }}{{ m.content }}{% endfor %}';
    expect(lost(record, readsThem)).toEqual([]);
  });
});
