// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { conversation, toolDefinition, type ToolDefinition } from '../../../core/index.ts';
import { useAppStore } from '../../store/index.ts';
import { byName, click, frames, mount, record, type } from '../test/harness.tsx';

const tools = (): readonly ToolDefinition[] => {
  const current = record();
  return current.kind === 'chat' ? current.tools : [];
};

function describedText(name: string): string {
  return document.getElementById(byName(name).getAttribute('aria-describedby') ?? '')?.textContent ?? '';
}

describe('tool definitions editor', () => {
  it('adds a tool and focuses its name; edits name and description', async () => {
    mount(conversation());
    click('Add tool definition');
    await frames();
    expect(document.activeElement).toBe(byName('Tool 1 name'));
    type('Tool 1 name', 'search');
    type('Tool 1 description', 'Search the web');
    expect(tools()[0]).toMatchObject({ name: 'search', description: 'Search the web', parameters: { type: 'object', properties: {}, required: [] } });
  });

  it('applies parameters only when they parse; a syntax error is shown and nothing half-typed is stored', () => {
    mount(conversation([], [toolDefinition('f', 'd', { type: 'object', properties: {} })]));
    type('Tool 1 parameters', '{"type": "object", "properties": {"q": {"type": "string"}}');
    expect(describedText('Tool 1 parameters')).toContain('Not valid JSON (not applied)');
    expect(describedText('Tool 1 parameters')).toContain('line 1, column');
    expect(tools()[0]?.parameters).toEqual({ type: 'object', properties: {} });
    type('Tool 1 parameters', '{"type": "object", "properties": {"q": {"type": "string"}}}');
    expect(tools()[0]?.parameters).toEqual({ type: 'object', properties: { q: { type: 'string' } } });
    expect(byName('Tool 1 parameters').getAttribute('aria-invalid')).toBeNull();
  });

  it('does not apply a schema nested deeper than a record may be (it would overflow recursive code), and says so', () => {
    mount(conversation([], [toolDefinition('f', 'd', { type: 'object', properties: {} })]));
    const deep = `${'{"a": '.repeat(3000)}1${'}'.repeat(3000)}`;
    type('Tool 1 parameters', deep);
    expect(describedText('Tool 1 parameters')).toMatch(/Not applied: .*nested more than \d+ levels deep/);
    expect(tools()[0]?.parameters).toEqual({ type: 'object', properties: {} });
  });

  it('reports parameters that are not an object schema (validateRecord) at the field', () => {
    mount(conversation([], [toolDefinition('f', 'd', { type: 'object' })]));
    type('Tool 1 parameters', '{"properties": {}}');
    expect(describedText('Tool 1 parameters')).toContain('Parameters must have "type": "object" (found no "type").');
    type('Tool 1 parameters', '');
    expect(tools()[0]).not.toHaveProperty('parameters');
  });

  it('keeps the person’s layout while typing, and takes an outside change (undo)', () => {
    mount(conversation([], [toolDefinition('f', 'd', { type: 'object' })]));
    type('Tool 1 parameters', '{"type":"object"}');
    expect((byName('Tool 1 parameters') as HTMLTextAreaElement).value).toBe('{"type":"object"}');
    type('Tool 1 parameters', '{"type":"object","required":[]}');
    fireEvent.click(screen.getByRole('button', { name: 'Pretty-print tool 1 parameters' }));
    expect((byName('Tool 1 parameters') as HTMLTextAreaElement).value).toBe('{\n  "type": "object",\n  "required": []\n}');
    act(() =>
      useAppStore.getState().edit((draft) => {
        if (draft.kind === 'chat' && draft.tools[0]) draft.tools[0].parameters = { type: 'object', properties: {} };
      }),
    );
    expect((byName('Tool 1 parameters') as HTMLTextAreaElement).value).toBe('{\n  "type": "object",\n  "properties": {}\n}');
  });

  it('reorders, duplicates and removes tools', () => {
    mount(conversation([], [toolDefinition('a'), toolDefinition('b')]));
    click('Move tool 2 up');
    expect(tools().map((t) => t.name)).toEqual(['b', 'a']);
    click('Duplicate tool 1');
    expect(tools().map((t) => t.name)).toEqual(['b', 'b', 'a']);
    expect(describedText('Tool 2 name')).toContain('Tool "b" is also defined as tool 1');
    click('Remove tool 1');
    expect(tools().map((t) => t.name)).toEqual(['b', 'a']);
  });
});
