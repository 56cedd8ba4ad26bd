/**
 * The structural checks through the one check of a record (checkRecord), per format: what each
 * format lists for a role it cannot write, an empty assistant turn, two system messages, and
 * (Jinja) a message the template leaves out; each problem once, with a fix where the meaning is
 * unambiguous.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { decodeRecordText } from '../dataset/record-decode.ts';
import { applyFixes, fixRecord } from '../fix/apply.ts';
import { diagnoseFor } from '../fix/check.ts';
import { findFormat, loadFormat } from '../formats/registry.ts';
import { blocksMessage, conversation, response, textMessage, thoughts, toolCall, toolCalls, toolDefinition, toolOutput, toolOutputs } from '../model/builders.ts';
import type { ParleyRecord } from '../model/types.ts';
import { checkRecord } from './check-record.ts';
import { dialectContextOf, type CheckProfile } from './profile.ts';
import { roleFixId, STRUCTURE_CODES } from './structure/codes.ts';

const FORMATS = ['apertus', 'openchatml', 'rwkv', 'chatml', 'llama3', 'harmony', 'jinja'] as const;
const WITH_ROLES = FORMATS.filter((id) => id !== 'jinja');

beforeAll(async () => {
  for (const id of FORMATS) await loadFormat(id);
});

const check = (record: ParleyRecord, profile: CheckProfile) => checkRecord({ record }, profile, { once: true });
const at = (record: ParleyRecord, profile: CheckProfile, path: (string | number)[]) =>
  check(record, profile).diagnostics.filter((d) => JSON.stringify(d.path) === JSON.stringify(path));

describe('a role the format cannot write', () => {
  it('is the issue\'s ChatML example: two fixable role errors and the empty assistant turn, and no "lost in conversion"', () => {
    const profile: CheckProfile = { formatId: 'chatml' };
    const text = '{"messages":[{"role":"human","content":"hi"},{"role":"bot","content":""}]}';
    const decoded = decodeRecordText(text, 1, dialectContextOf(profile));
    if (!('record' in decoded)) throw new Error('not read');
    const result = checkRecord({ record: decoded.record, readerDiagnostics: decoded.diagnostics }, profile, { once: true });
    const errors = result.diagnostics.filter((d) => d.severity === 'error');
    expect(errors.map((d) => [d.code, d.path, d.fix?.label])).toEqual([
      [STRUCTURE_CODES.unknownRole, ['messages', 0, 'role'], 'Change the role to user'],
      // Document order: a message's content before its role (keys by name, list.ts).
      [STRUCTURE_CODES.emptyAssistant, ['messages', 1, 'content'], undefined],
      [STRUCTURE_CODES.unknownRole, ['messages', 1, 'role'], 'Change the role to assistant'],
    ]);
    expect(result.codes).not.toContain('lost-in-conversion');
    // Fixed, the roles are right and only the empty turn is left.
    const fixed = applyFixes(decoded.record, result.diagnostics).record;
    expect(fixed.kind === 'chat' && fixed.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(check(fixed, profile).diagnostics.filter((d) => d.severity === 'error').map((d) => d.code)).toEqual([STRUCTURE_CODES.emptyAssistant]);
  });

  it.each(WITH_ROLES)('is one error in %s, at the role, without a fix when the meaning is not plain', (formatId) => {
    const record = conversation([textMessage('user', 'hi'), textMessage('narrator', 'Once upon a time'), textMessage('assistant', 'ok')]);
    const found = at(record, { formatId }, ['messages', 1, 'role']);
    expect(found.map((d) => [d.severity, d.code, d.fix])).toEqual([['error', STRUCTURE_CODES.unknownRole, undefined]]);
    expect(found[0]?.message).toContain('"narrator"');
    // No format's own code says it a second time, anywhere in the record.
    expect(check(record, { formatId }).codes.filter((code) => code.endsWith('/unknown-role'))).toEqual([STRUCTURE_CODES.unknownRole]);
  });

  it.each(WITH_ROLES)('offers the plain meaning of ShareGPT-like names in %s, whatever their case', (formatId) => {
    const cases: [string, string][] = [
      ['human', 'user'],
      ['Human', 'user'],
      ['gpt', 'assistant'],
      ['bot', 'assistant'],
      ['AI', 'assistant'],
      ['ai', 'assistant'],
      ['model', 'assistant'],
      ['User', 'user'],
      ['ASSISTANT', 'assistant'],
    ];
    for (const [role, meant] of cases) {
      const record = conversation([textMessage(role, 'some text')]);
      const [found] = at(record, { formatId }, ['messages', 0, 'role']);
      expect(found?.code, role).toBe(STRUCTURE_CODES.unknownRole);
      const fixed = applyFixes(record, found ? [found] : []).record;
      expect(fixed.kind === 'chat' && fixed.messages[0]?.role, role).toBe(meant);
    }
  });

  it('leaves alone the roles a format writes, or reports in its own words', () => {
    const role = (formatId: string, name: string) => at(conversation([textMessage('user', 'hi'), textMessage(name, 'x')]), { formatId }, ['messages', 1, 'role']).map((d) => d.code);
    expect(role('llama3', 'ipython')).toEqual([]);
    expect(role('rwkv', 'function')).toEqual([]);
    expect(role('harmony', 'developer')).toEqual([]);
    // Apertus and OpenChatML say it themselves, with their fix to system.
    expect(role('apertus', 'developer')).toEqual(['apertus/developer-role']);
    expect(role('openchatml', 'developer')).toEqual(['openchatml/developer-role']);
    // OpenChatML's header cannot hold a role with a space: its own error, not a second one.
    expect(role('openchatml', 'a b')).toEqual(['openchatml/role-malformed']);
  });
});

describe('an empty assistant turn', () => {
  const empties = [
    textMessage('assistant', ''),
    textMessage('assistant', ' \n '),
    blocksMessage([]),
    blocksMessage([thoughts(' ')]),
    { ...textMessage('assistant', ''), content: null },
    { ...textMessage('assistant', ''), content: undefined },
  ];
  it.each(FORMATS)('is an error in %s (no text, no call, no thoughts)', (formatId) => {
    for (const message of empties) {
      const record = conversation([textMessage('user', 'hi'), message]);
      const found = check(record, { formatId }).diagnostics.filter((d) => d.code === STRUCTURE_CODES.emptyAssistant);
      expect(found.map((d) => [d.severity, d.path]), JSON.stringify(message.content)).toEqual([['error', ['messages', 1, 'content']]]);
    }
  });

  it('is not said of an assistant turn with text, a call or thoughts, nor of an empty user message', () => {
    const full = [textMessage('assistant', 'ok'), blocksMessage([thoughts('hmm')]), blocksMessage([toolCalls([toolCall('f', '{}')])]), { ...textMessage('assistant', ''), toolCalls: [toolCall('f', '{}')] }];
    for (const message of full) {
      const record = conversation([textMessage('user', ''), message]);
      expect(check(record, { formatId: 'openchatml' }).codes).not.toContain(STRUCTURE_CODES.emptyAssistant);
    }
  });
});

describe('two system messages', () => {
  it.each(FORMATS)('are a warning at each system message after the first in %s', (formatId) => {
    const record = conversation([textMessage('system', 'a'), textMessage('user', 'hi'), textMessage('system', 'b'), textMessage('assistant', 'ok'), textMessage('system', 'c')]);
    const found = check(record, { formatId }).diagnostics.filter((d) => d.code === STRUCTURE_CODES.twoSystems);
    expect(found.map((d) => [d.severity, d.path])).toEqual([
      ['warning', ['messages', 2, 'role']],
      ['warning', ['messages', 4, 'role']],
    ]);
  });

  it('are not said of one system message', () => {
    const record = conversation([textMessage('system', 'a'), textMessage('user', 'hi'), textMessage('assistant', 'ok')]);
    expect(check(record, { formatId: 'chatml' }).codes).not.toContain(STRUCTURE_CODES.twoSystems);
  });
});

describe('Jinja: a message the template leaves out', () => {
  /** Writes user and assistant messages only (as many simple templates do). */
  const template = "{% for m in messages %}{% if m.role == 'user' or m.role == 'assistant' %}<{{ m.role }}>{{ m.content }}</{{ m.role }}>{% endif %}{% endfor %}";
  const profile: CheckProfile = { formatId: 'jinja', formatOptions: { template } };

  it('is an error at the content of a message absent from the render, with the alias fix where plain', () => {
    const record = conversation([textMessage('narrator', 'Once upon a time'), textMessage('human', 'hi there'), textMessage('assistant', 'hello')]);
    const found = check(record, profile).diagnostics.filter((d) => d.code === STRUCTURE_CODES.notRendered);
    expect(found.map((d) => [d.severity, d.path, d.fix?.label])).toEqual([
      ['error', ['messages', 0, 'content'], undefined],
      ['error', ['messages', 1, 'content'], 'Change the role to user'],
    ]);
    // The template writes every role: no role error in Jinja.
    expect(check(record, profile).codes).not.toContain(STRUCTURE_CODES.unknownRole);
  });

  it('is not said when the template writes part of the content (a reasoning trace dropped) or escapes it', () => {
    const dropsThinking = "{% for m in messages %}{{ m.content.split('</think>')[-1] | trim }}|{% endfor %}";
    const record = conversation([textMessage('user', 'hi'), textMessage('assistant', '<think>\nhmm\n</think>\n\nHello there')]);
    expect(check(record, { formatId: 'jinja', formatOptions: { template: dropsThinking } }).codes).not.toContain(STRUCTURE_CODES.notRendered);
    // A long reasoning trace before the answer: the answer's lines at the end are looked for.
    const long = conversation([textMessage('user', 'hi'), textMessage('assistant', `<think>\n${Array.from({ length: 30 }, (_, i) => `step ${i}`).join('\n')}\n</think>\n\nThe answer.`)]);
    expect(check(long, { formatId: 'jinja', formatOptions: { template: dropsThinking } }).codes).not.toContain(STRUCTURE_CODES.notRendered);
    const asJson = '{% for m in messages %}{{ m.content | tojson }}{% endfor %}';
    const quoted = conversation([textMessage('user', 'say "hi"\nthen "bye"')]);
    expect(check(quoted, { formatId: 'jinja', formatOptions: { template: asJson } }).codes).not.toContain(STRUCTURE_CODES.notRendered);
  });

  it('is checked against the text the caller rendered, when it gives its render', () => {
    const record = conversation([textMessage('user', 'hi there')]);
    expect(checkRecord({ record }, profile, { formatDiagnostics: [], renderText: 'nothing of it' }).codes).toContain(STRUCTURE_CODES.notRendered);
    expect(checkRecord({ record }, profile, { formatDiagnostics: [], renderText: '<user>hi there</user>' }).codes).not.toContain(STRUCTURE_CODES.notRendered);
  });
});

describe('Jinja: tool calls, tools and thoughts the template leaves out (found by the interop oracle)', () => {
  /** Writes each message's content only, as the generic ChatML template does. */
  const contentOnly: CheckProfile = { formatId: 'jinja', formatOptions: { template: '{% for m in messages %}<{{ m.role }}>{{ m.content }}</{{ m.role }}>{% endfor %}' } };
  const weather = toolDefinition('get_weather', 'Gets the weather.', { type: 'object', properties: {} });
  const time = toolDefinition('get_time', 'Gets the time.', { type: 'object', properties: {} });
  /** `thinking`: the second message starts with a thought block (passed as `reasoning_content`, which these templates do not write). */
  const record = (thinking = true) =>
    conversation(
      [
        textMessage('user', 'Weather?'),
        blocksMessage([...(thinking ? [thoughts('The user wants the weather.')] : []), response('Checking.'), toolCalls([toolCall('get_weather', '{}'), toolCall('get_time', '{}')])]),
        textMessage('tool', 'sunny', { toolCallId: 'c1' }),
        textMessage('assistant', 'It is sunny.', { toolCalls: [toolCall('get_weather', '{"day":"mon"}')] }),
      ],
      [weather, time],
    );
  const notRendered = (r: ParleyRecord, profile: CheckProfile) =>
    check(r, profile)
      .diagnostics.filter((d) => d.code === STRUCTURE_CODES.callsNotRendered || d.code === STRUCTURE_CODES.toolsNotRendered || d.code === STRUCTURE_CODES.thoughtsNotRendered)
      .map((d) => [d.code, d.severity, d.path, d.loss]);

  it('is a warning per list of calls, the tools and each thought block absent from the render, tagged as content lost', () => {
    expect(notRendered(record(), contentOnly)).toEqual([
      [STRUCTURE_CODES.thoughtsNotRendered, 'warning', ['messages', 1, 'content', 'blocks', 0], 'content'],
      [STRUCTURE_CODES.callsNotRendered, 'warning', ['messages', 1, 'content', 'blocks', 2, 'calls'], 'content'],
      [STRUCTURE_CODES.callsNotRendered, 'warning', ['messages', 3, 'toolCalls'], 'content'],
      [STRUCTURE_CODES.toolsNotRendered, 'warning', ['tools'], 'content'],
    ]);
  });

  it('names each absent call and tool when the template writes some of them (a call: its name and arguments; a tool: its name and description)', () => {
    const firstOnly: CheckProfile = {
      formatId: 'jinja',
      // The tools are flat (made, not read from OpenAI's wrapped shape): the template receives them so.
      formatOptions: { template: '{{ tools[0].name }}: {{ tools[0].description }}{% for m in messages %}{{ m.content }}{% if m.tool_calls %}{{ m.tool_calls[0].function.name }}{{ m.tool_calls[0].function.arguments | tojson }}{% endif %}{% endfor %}' },
    };
    expect(notRendered(record(false), firstOnly)).toEqual([
      [STRUCTURE_CODES.callsNotRendered, 'warning', ['messages', 1, 'content', 'blocks', 1, 'calls', 1], 'content'],
      [STRUCTURE_CODES.toolsNotRendered, 'warning', ['tools', 1], 'content'],
    ]);
  });

  it('is a warning for a text of a message the template leaves out while it writes the message’s other text (the gpt-oss template drops text before an earlier turn’s calls)', () => {
    const dropsBeforeCalls: CheckProfile = { formatId: 'jinja', formatOptions: { template: '{% for m in messages %}{% if not m.tool_calls %}{{ m.content }}{% endif %}|{% endfor %}' } };
    const r = conversation([textMessage('user', 'Go.'), blocksMessage([response('Rolling.'), toolCalls([toolCall('roll', '{}')]), toolOutputs([toolOutput('6')]), response('You rolled 6.')])]);
    const found = check(r, dropsBeforeCalls).diagnostics.filter((d) => d.code === STRUCTURE_CODES.textNotRendered);
    expect(found.map((d) => [d.severity, d.path, d.loss])).toEqual([['warning', ['messages', 1, 'content', 'blocks', 0], 'content']]);
  });

  it('looks for a provider\'s built-in tool too, now that the template receives it as given (it was reported lost by the OpenAI Chat encoding before the one builder)', () => {
    const search = toolDefinition('web_search');
    search.type = 'web_search_preview';
    const r = conversation([textMessage('user', 'Search.'), textMessage('assistant', 'Done.')], [search]);
    expect(notRendered(r, contentOnly)).toEqual([[STRUCTURE_CODES.toolsNotRendered, 'warning', ['tools'], 'content']]);
    const writesTools: CheckProfile = { formatId: 'jinja', formatOptions: { template: '{{ tools | tojson }}{% for m in messages %}{{ m.content }}{% endfor %}' } };
    expect(notRendered(r, writesTools)).toEqual([]);
  });

  it('is not said when the template writes them all', () => {
    const all: CheckProfile = {
      formatId: 'jinja',
      formatOptions: { template: '{{ tools | tojson }}{% for m in messages %}{{ m.content }}{{ m.tool_calls | tojson }}{% endfor %}' },
    };
    expect(notRendered(record(false), all)).toEqual([]);
  });
});

describe('Jinja: a render that failed or is still to come', () => {
  it('has no content to look for: nothing is said of the messages', () => {
    const record = conversation([textMessage('user', 'hi there')]);
    const broken: CheckProfile = { formatId: 'jinja', formatOptions: { template: '{% for m in messages %}{{ raise_exception("no") }}{% endfor %}' } };
    expect(check(record, broken).codes).toContain('jinja/template-error');
    expect(check(record, broken).codes).not.toContain(STRUCTURE_CODES.notRendered);
    expect(checkRecord({ record }, { formatId: 'jinja' }, { formatDiagnostics: [], renderText: '' }).codes).not.toContain(STRUCTURE_CODES.notRendered);
  });
});

describe('the role fix in core/fix', () => {
  it('is found and applied by "fix all of this kind" with a format target (the command\'s --fix, Fix all)', () => {
    const record = conversation([textMessage('human', 'hi'), textMessage('gpt', 'hello'), textMessage('narrator', 'x')]);
    const diagnose = diagnoseFor({ format: findFormat('llama3') });
    const fixed = fixRecord(record, roleFixId('assistant'), diagnose).record;
    expect(fixed.kind === 'chat' && fixed.messages.map((m) => m.role)).toEqual(['human', 'assistant', 'narrator']);
    const both = fixRecord(fixed, roleFixId('user'), diagnose).record;
    expect(both.kind === 'chat' && both.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'narrator']);
  });
});
