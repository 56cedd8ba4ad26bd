import { describe, expect, it } from 'vitest';
import { blocksMessage, checkRecord, conversation, findFormat, textMessage, toolCall, toolCalls, type Conversation, type OptionValues } from '../../core/index.ts';
import { shownBranches, shownConversation } from './branch-view.ts';
import { profileOf } from './check-profile.ts';
import { branchRenderState, diagnosticsState, renderState } from './derived.ts';

const formatOptions: Record<string, OptionValues> = { apertus: { date: '2025-08-25' } };

/** trl's plain preference example: the prompt is one user turn, each completion one assistant turn. */
function preference(): Conversation {
  return { ...conversation([textMessage('user', 'The sky is')]), branches: { chosen: [textMessage('assistant', ' blue.')], rejected: [textMessage('assistant', ' green.')] } };
}

describe('shownBranches', () => {
  it('is chosen and rejected for a preference record, the one completion otherwise, none for a conversation', () => {
    expect(shownBranches(preference())).toEqual(['chosen', 'rejected']);
    expect(shownBranches({ ...conversation([textMessage('user', 'Q')]), branches: { completion: [textMessage('assistant', 'A')] }, label: false })).toEqual(['completion']);
    expect(shownBranches(conversation([textMessage('user', 'Q')]))).toEqual([]);
  });
});

describe('the render of a training record', () => {
  it('shows a preference record as its prompt followed by the chosen completion, spans naming the branch', () => {
    const record = preference();
    const state = { record, formatId: 'apertus', formatOptions };
    const rendered = renderState(state);
    // The same text as the prompt and the chosen turn rendered as one conversation.
    const apertus = findFormat('apertus');
    const flat = apertus?.render(conversation([textMessage('user', 'The sky is'), textMessage('assistant', ' blue.')]), formatOptions.apertus);
    expect(rendered.text).toBe(flat?.text);
    expect(rendered.text).not.toContain('green');
    const at = rendered.text.indexOf(' blue.');
    const span = rendered.spans.find((s) => s.start <= at && s.end > at);
    expect(span?.path.slice(0, 3)).toEqual(['branches', 'chosen', 0]);
    const prompt = rendered.spans.find((s) => s.start <= rendered.text.indexOf('The sky') && s.end > rendered.text.indexOf('The sky'));
    expect(prompt?.path.slice(0, 2)).toEqual(['messages', 0]);
  });

  it('renders the rejected branch as the prompt followed by the rejected completion', () => {
    const state = { record: preference(), formatId: 'apertus', formatOptions };
    const rejected = branchRenderState(state, 'rejected');
    expect(rejected.text).toContain('The sky is');
    expect(rejected.text).toContain(' green.');
    expect(rejected.text).not.toContain('blue');
    // The same object while the record is the same (the Branches view reads it on every store change).
    expect(branchRenderState(state, 'rejected')).toBe(rejected);
  });

  it('shows a prompt–completion record as one conversation', () => {
    const record: Conversation = { ...conversation([textMessage('user', 'Q?')]), branches: { completion: [textMessage('assistant', 'A!')] } };
    const text = renderState({ record, formatId: 'apertus', formatOptions }).text;
    expect(text.indexOf('Q?')).toBeGreaterThan(-1);
    expect(text.indexOf('A!')).toBeGreaterThan(text.indexOf('Q?'));
  });
});

describe('the diagnostics of a training record', () => {
  it('name the branch a problem is in, and list a problem of the prompt once', () => {
    const bad = blocksMessage([toolCalls([toolCall('f', '{"a": }')])]);
    const record: Conversation = { ...conversation([textMessage('user', 'Q'), textMessage('bogus', 'R')]), branches: { chosen: [textMessage('assistant', 'fine')], rejected: [bad] } };
    const listed = diagnosticsState({ record, formatId: 'apertus', formatOptions, importDiagnostics: [] });
    const syntax = listed.filter((d) => d.code === 'tool-call/arguments-syntax');
    expect(syntax.map((d) => d.path)).toEqual([['branches', 'rejected', 0, 'content', 'blocks', 0, 'calls', 0, 'arguments']]);
    // The unknown role is in the shared prompt: both branches find it, it is listed once at the prompt's path.
    const role = listed.filter((d) => d.path?.[0] === 'messages' && d.path[1] === 1);
    expect(role.length).toBeGreaterThan(0);
    expect(new Set(role.map((d) => d.code)).size).toBe(role.length);
    // The same list as core's checkRecord of the record (what `parley validate` says), from the views' renders.
    const core = checkRecord({ record }, profileOf({ formatId: 'apertus', formatOptions })).diagnostics;
    expect(listed.map(({ key: _key, ...d }) => d)).toEqual(core);
  });
});

describe('shownConversation', () => {
  it('is the prompt then the chosen completion for a preference record (the same object each time), the record itself otherwise', () => {
    const record = preference();
    const shown = shownConversation(record);
    expect(shown.kind === 'chat' && shown.messages.map((m) => (m.content?.type === 'text' ? m.content.text : ''))).toEqual(['The sky is', ' blue.']);
    expect(shownConversation(record)).toBe(shown);
    const plain = conversation([textMessage('user', 'Q')]);
    expect(shownConversation(plain)).toBe(plain);
  });
});
