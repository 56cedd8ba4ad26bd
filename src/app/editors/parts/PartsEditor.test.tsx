// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { conversation, partsMessage, textPart, type Part } from '../../../core/index.ts';
import { byName, click, messages, mount, type } from '../test/harness.tsx';

const parts = (): readonly Part[] => {
  const content = messages()[0]?.content;
  return content?.type === 'parts' ? content.parts : [];
};

describe('parts editor', () => {
  it('adds, edits, reorders and removes text parts', () => {
    mount(conversation([partsMessage('user', [textPart('Please explain ')])]));
    click('Add text part to message 1');
    type('Message 1 part 2 text', 'machine learning');
    expect(parts().map((p) => (p.type === 'text' ? p.text : p.type))).toEqual(['Please explain ', 'machine learning']);
    click('Move message 1 part 2 up');
    expect(parts().map((p) => (p.type === 'text' ? p.text : p.type))).toEqual(['machine learning', 'Please explain ']);
    click('Remove message 1 part 1');
    expect(parts().map((p) => (p.type === 'text' ? p.text : p.type))).toEqual(['Please explain ']);
  });

  it('shows a data-URL image as a thumbnail and a remote one as a URL only (never fetched)', () => {
    const pixel = 'data:image/png;base64,iVBORw0KGgo=';
    mount(conversation([partsMessage('user', [{ id: 'a', type: 'image', url: pixel }, { id: 'b', type: 'image', url: 'https://example.org/cat.png' }])]));
    expect(screen.getByRole('img', { name: 'Message 1 part 1 thumbnail' }).getAttribute('src')).toBe(pixel);
    expect(screen.queryByRole('img', { name: 'Message 1 part 2 thumbnail' })).toBeNull();
    expect((byName('Message 1 part 2 image URL') as HTMLInputElement).value).toBe('https://example.org/cat.png');
    type('Message 1 part 2 image URL', 'https://example.org/dog.png');
    expect(parts()[1]).toMatchObject({ type: 'image', url: 'https://example.org/dog.png' });
  });

  it('edits a value part as JSON', () => {
    mount(conversation([partsMessage('user', [{ id: 'v', type: 'value', value: { n: 1 } }])]));
    type('Message 1 part 1 value', '{"n": 2, "ok": true}');
    expect(parts()[0]).toMatchObject({ type: 'value', value: { n: 2, ok: true } });
    type('Message 1 part 1 value', '{"n": ');
    expect(parts()[0]).toMatchObject({ type: 'value', value: { n: 2, ok: true } });
  });
});
