import { describe, expect, it } from 'vitest';
import { defaultExample } from '../examples/catalog.ts';
import { sameConversation } from './same-conversation.ts';

describe('sameConversation', () => {
  it('takes the same example built twice (fresh ids each time) for the same conversation', () => {
    expect(sameConversation(defaultExample().build(), defaultExample().build())).toBe(true);
  });

  it('tells conversations apart by any content', () => {
    const a = defaultExample().build();
    const b = defaultExample().build();
    if (b.kind === 'chat' && b.messages[0]?.content?.type === 'text') b.messages[0].content.text += '!';
    else if (b.kind === 'chat') b.messages.pop();
    expect(sameConversation(a, b)).toBe(false);
  });
});
