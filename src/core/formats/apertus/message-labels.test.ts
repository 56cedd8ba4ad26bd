/**
 * Diagnostics name messages and tools as the forms do (from 1; paths stay 0-based), and a
 * speaker name, which the template cannot write, is reported instead of dropped quietly.
 */
import { describe, expect, it } from 'vitest';
import { conversation, textMessage, toolDefinition } from '../../model/builders.ts';
import { CODES } from './codes.ts';
import { apertusFormat } from './index.ts';

const OPTIONS = { date: '2025-01-01' };

describe('Apertus diagnostics', () => {
  it('number messages from 1', () => {
    const rendered = apertusFormat.render(conversation([textMessage('user', 'Hi'), textMessage('developer', 'Rules.')]), OPTIONS);
    const developer = rendered.diagnostics.find((d) => d.code === CODES.developerRole);
    expect(developer?.path).toEqual(['messages', 1, 'role']);
    expect(developer?.message).toMatch(/^Message 2 \(developer\)/);
  });

  it('number tools from 1', () => {
    const rendered = apertusFormat.render(conversation([textMessage('user', 'Hi')], [toolDefinition('', 'd', { type: 'object' })]), OPTIONS);
    const empty = rendered.diagnostics.find((d) => d.code === CODES.toolNameEmpty);
    expect(empty?.message).toMatch(/^Tool 1 /);
  });

  it('report a speaker name, which the template does not write, and render the rest unchanged', () => {
    const named = apertusFormat.render(conversation([textMessage('user', 'Hi', { name: 'Eric' })]), OPTIONS);
    const plain = apertusFormat.render(conversation([textMessage('user', 'Hi')]), OPTIONS);
    expect(named.text).toBe(plain.text);
    expect(named.diagnostics).toEqual([
      { severity: 'warning', code: CODES.nameIgnored, message: 'Message 1 (user) has the speaker name "Eric"; the Apertus template has no speaker names and does not write it.', path: ['messages', 0, 'name'], loss: 'content' },
    ]);
  });
});
