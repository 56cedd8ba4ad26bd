// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { documentFile, documentRecord, fimPart, textPart, type DocumentFile } from '../../../core/index.ts';
import { click, mount, record, type } from '../test/harness.tsx';

const files = (): readonly DocumentFile[] => {
  const current = record();
  return current.kind === 'document' ? current.files : [];
};

describe('document editor', () => {
  it('lists files with names and parts, separated, and edits them', () => {
    mount(documentRecord([documentFile([textPart('first file')], 'a.txt'), documentFile([fimPart('The capital of France is ', '', ', famous')])]));
    expect(screen.getByRole('region', { name: 'Files' })).toBeTruthy();
    expect(screen.getByText('<|file_separator|>')).toBeTruthy();
    type('File 1 name', 'intro.txt');
    type('File 1 part 1 text', 'first file, edited');
    type('File 2 part 1 FIM middle', 'Paris');
    expect(files()[0]).toMatchObject({ name: 'intro.txt', parts: [{ type: 'text', text: 'first file, edited' }] });
    expect(files()[1]?.parts[0]).toMatchObject({ type: 'fim', prefix: 'The capital of France is ', middle: 'Paris', suffix: ', famous' });
  });

  it('adds, reorders and removes files and parts', () => {
    mount(documentRecord([documentFile([textPart('one')])]));
    click('Add file');
    type('File 2 part 1 text', 'two');
    click('Add FIM segment to file 2');
    click('Move file 2 up');
    expect(files().map((f) => f.parts.map((p) => p.type).join('+'))).toEqual(['text+fim', 'text']);
    click('Remove file 1');
    expect(files()).toHaveLength(1);
    type('File 1 name', '');
    expect(files()[0]).not.toHaveProperty('name');
  });
});
