import { describe, expect, it } from 'vitest';
import { subscribeFirst, useAppStore } from './index.ts';

describe('subscribeFirst', () => {
  it('calls its listener before the store subscribers that were there before it, with the new and old state', () => {
    const calls: string[] = [];
    const offEarlier = useAppStore.subscribe(() => calls.push('subscribed earlier'));
    const offFirst = subscribeFirst((state, previous) => calls.push(`first: ${previous.showWhitespace} → ${state.showWhitespace}`));
    const before = useAppStore.getState().showWhitespace;
    useAppStore.setState({ showWhitespace: !before });
    expect(calls).toEqual([`first: ${before} → ${!before}`, 'subscribed earlier']);

    // Unsubscribed: called no more.
    offFirst();
    offEarlier();
    calls.length = 0;
    useAppStore.setState({ showWhitespace: before });
    expect(calls).toEqual([]);
  });
});
