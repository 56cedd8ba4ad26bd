import { describe, expect, it } from 'vitest';
import { conversation, jinjaFormat, textMessage } from '../../core/index.ts';
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
