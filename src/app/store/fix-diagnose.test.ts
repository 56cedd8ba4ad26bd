import { describe, expect, it } from 'vitest';
import { blocksMessage, conversation, jinjaFormat, textMessage, toolCall, toolCalls } from '../../core/index.ts';
import { diagnoseForView } from './fix-diagnose.ts';

describe('diagnoseForView', () => {
  it('does not run a Jinja template (its render carries no fixes; a template can loop for hours)', async () => {
    await jinjaFormat.prepare?.();
    const record = conversation([textMessage('user', 'Q')]);
    // A template that raises: rendered, it would add a jinja/template-error.
    const codes = diagnoseForView({ formatId: 'jinja', formatOptions: { template: "{{ raise_exception('ran') }}" } })(record).map((d) => d.code);
    expect(codes).not.toContain('jinja/template-error');
  });
});

describe('diagnoseForView goes through checkRecord', () => {
  it('lists a problem the format and validateRecord both report once (the count Fix all gives is the one the editor lists)', () => {
    const record = conversation([textMessage('user', 'Q'), blocksMessage([toolCalls([toolCall('f', '{"a": }')])])]);
    const found = diagnoseForView({ formatId: 'apertus' })(record).filter((d) => d.code === 'tool-call/arguments-syntax');
    expect(found).toHaveLength(1);
  });
});
