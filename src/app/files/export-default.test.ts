import { describe, expect, it } from 'vitest';
import { defaultDialect } from './export-default.ts';

const ids = ['apertus-json', 'openai-chat', 'anthropic', 'parley-json'];

describe('defaultDialect', () => {
  it('is the opened file’s dialect, else Apertus JSON', () => {
    expect(defaultDialect('chat', 'anthropic', ids)).toBe('anthropic');
    expect(defaultDialect('chat', undefined, ids)).toBe('apertus-json');
    expect(defaultDialect('chat', 'gone', ids)).toBe('apertus-json');
  });

  it('is Parley JSON for documents when the registry has it', () => {
    expect(defaultDialect('document', 'anthropic', ids)).toBe('parley-json');
    expect(defaultDialect('document', undefined, ['apertus-json'])).toBe('apertus-json');
  });
});
