// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { conversation, toolDefinition, type ToolDefinition } from '../../../core/index.ts';
import { useAppStore } from '../../store/index.ts';
import { ListItemActions } from './ListItemActions.tsx';

afterEach(() => cleanup());

function names(): string[] {
  const record = useAppStore.getState().record;
  return record.kind === 'chat' ? record.tools.map((t) => t.name) : [];
}

function load(): void {
  act(() => useAppStore.getState().loadRecord(conversation([], [toolDefinition('a', ''), toolDefinition('b', ''), toolDefinition('c', '')])));
}

const button = (name: string) => screen.getByRole('button', { name });

describe('ListItemActions', () => {
  it('moves, duplicates and removes the item in its list, with names built from its path', () => {
    load();
    const onMoved = vi.fn();
    const copy = (tool: ToolDefinition): ToolDefinition => ({ ...tool, name: `${tool.name} copy` });
    render(<ListItemActions listPath={['tools']} index={1} count={3} clone={copy} onMoved={onMoved} />);
    fireEvent.click(button('Move tool 2 up'));
    expect(names()).toEqual(['b', 'a', 'c']);
    expect(onMoved).toHaveBeenCalledWith(0);
    load();
    fireEvent.click(button('Move tool 2 down'));
    expect(names()).toEqual(['a', 'c', 'b']);
    expect(onMoved).toHaveBeenLastCalledWith(2);
    load();
    fireEvent.click(button('Duplicate tool 2'));
    expect(names()).toEqual(['a', 'b', 'b copy', 'c']);
    load();
    fireEvent.click(button('Remove tool 2'));
    expect(names()).toEqual(['a', 'c']);
  });

  it('disables moves past the ends, offers no Duplicate without a clone, and takes the remove verb', () => {
    load();
    render(<ListItemActions listPath={['tools']} index={0} count={1} removeVerb="Delete" />);
    expect(button('Move tool 1 up')).toHaveProperty('disabled', true);
    expect(button('Move tool 1 down')).toHaveProperty('disabled', true);
    expect(screen.queryByRole('button', { name: 'Duplicate tool 1' })).toBeNull();
    fireEvent.click(button('Delete tool 1'));
    expect(names()).toEqual(['b', 'c']);
  });
});
