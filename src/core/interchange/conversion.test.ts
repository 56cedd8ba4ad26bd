/**
 * The conversion matrix: one rich record converted to every dialect (and rendered in RWKV),
 * then read back. Each target must report exactly what it cannot hold as
 * `lost in conversion: …` warnings, and everything else must survive the trip back, compared
 * as a "semantic view" (the record's content in order, ignoring how each dialect shapes it).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { rwkvFormat } from '../formats/rwkv/index.ts';
import { chatMlFormat } from '../formats/chatml/index.ts';
import { llama3Format } from '../formats/llama3/index.ts';
import type { Format } from '../formats/types.ts';
import type { OptionValues } from '../shared/options.ts';
import type { Diagnostic } from '../model/diagnostic.ts';
import type { Conversation, Message, Part } from '../model/types.ts';
import { LOST_CODE } from '../shared/lost-in-conversion.ts';
import { findCodec } from './registry.ts';
import { argumentsObject } from './shared/arguments.ts';

const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

function rich(): Conversation {
  const messages: Message[] = [
    { id: 'm1', role: 'system', content: { type: 'text', text: 'You are terse.' } },
    { id: 'm2', role: 'developer', content: { type: 'text', text: 'Use metric units.' } },
    {
      id: 'm3',
      role: 'user',
      name: 'alice',
      content: {
        type: 'parts',
        parts: [
          { id: 'p1', type: 'text', text: 'Weather here? ' },
          { id: 'p2', type: 'image', url: PNG },
          { id: 'p3', type: 'value', value: { city: 'Bern' } },
        ],
      },
    },
    {
      id: 'm4',
      role: 'assistant',
      content: {
        type: 'blocks',
        blocks: [
          { id: 'b1', type: 'thoughts', text: 'I should call the weather tool.' },
          { id: 'b2', type: 'response', text: 'Let me check.' },
          { id: 'b3', type: 'tool_calls', calls: [{ id: 'c1', callId: 'call_1', name: 'get_weather', arguments: '{"city": "Bern"}' }] },
        ],
      },
    },
    { id: 'm5', role: 'tool', toolCallId: 'call_1', name: 'get_weather', isError: false, content: { type: 'text', text: '{"temp": 12}' } },
    { id: 'm6', role: 'assistant', content: { type: 'text', text: 'It is 12 degrees.' } },
  ];
  return {
    kind: 'chat',
    messages,
    tools: [{ id: 't1', name: 'get_weather', description: 'Weather of a city', parameters: { type: 'object', properties: { city: { type: 'string' } } }, returns: { type: 'object' } }],
    extra: { x_source: 'matrix' },
  };
}

/** The content of a record, in order, shape-independent. */
type Atom = readonly unknown[];

function partAtoms(role: string, parts: readonly Part[]): Atom[] {
  return parts.map((part): Atom => {
    switch (part.type) {
      case 'text':
        return [role, part.text];
      case 'image':
        return ['image', part.url];
      case 'value':
        return ['value', part.value];
      case 'fim':
        return [role, part.prefix + part.middle + part.suffix];
    }
  });
}

function view(record: Conversation): Atom[] {
  const atoms: Atom[] = [];
  for (const message of record.messages) {
    const role = message.role === 'assistant' ? 'say' : message.role === 'tool' ? 'result-text' : message.role;
    if (message.name !== undefined && message.role !== 'tool') atoms.push(['name', message.role, message.name]);
    if (message.role === 'tool') atoms.push(['result', message.toolCallId ?? null, message.name ?? null, message.isError ?? null]);
    const content = message.content;
    if (content?.type === 'text') atoms.push([role, content.text]);
    else if (content?.type === 'parts') atoms.push(...partAtoms(role, content.parts));
    else if (content?.type === 'blocks') {
      for (const block of content.blocks) {
        if (block.type === 'thoughts') atoms.push(['thought', block.text]);
        else if (block.type === 'response') atoms.push(['say', block.text]);
        else if (block.type === 'tool_calls') for (const call of block.calls) atoms.push(['call', call.name, argumentsObject(call.arguments) ?? call.arguments, call.callId ?? null]);
        else if (block.type === 'tool_outputs') for (const o of block.outputs) atoms.push(['result', o.callId ?? null, o.name ?? null, o.isError ?? null], ['result-text', o.output]);
      }
    }
    for (const call of message.toolCalls ?? []) atoms.push(['call', call.name, argumentsObject(call.arguments) ?? call.arguments, call.callId ?? null]);
  }
  for (const tool of record.tools) atoms.push(['tool', tool.name, tool.description ?? null, tool.parameters ?? null, tool.returns ?? null]);
  if (record.extra) atoms.push(['extra', record.extra]);
  return normalize(atoms);
}

/** Drops empty texts and joins adjacent texts of one kind (dialects split and join text parts differently). */
function normalize(atoms: Atom[]): Atom[] {
  const TEXT = new Set(['user', 'say', 'result-text', 'system', 'developer']);
  const out: Atom[] = [];
  for (const atom of atoms) {
    const [kind, value] = atom;
    if (TEXT.has(kind as string) && value === '') continue;
    const last = out[out.length - 1];
    if (last && TEXT.has(kind as string) && last[0] === kind && kind !== 'system' && kind !== 'developer') out[out.length - 1] = [kind, `${String(last[1])}${String(value)}`];
    else out.push(atom);
  }
  return out;
}

/** A loss a target reports, and what the view looks like after it. */
interface Loss {
  message: RegExp;
  apply: (atoms: Atom[]) => Atom[];
}

const map = (f: (a: Atom) => Atom | undefined) => (atoms: Atom[]) => atoms.flatMap((a) => { const r = f(a); return r ? [r] : []; });
const LOSSES = {
  thoughts: { message: /reasoning|thoughts/, apply: map((a) => (a[0] === 'thought' ? undefined : a)) },
  image: { message: /an image/, apply: map((a) => (a[0] === 'image' ? undefined : a)) },
  imagePlaceholder: { message: /an image.*\[image\]/, apply: map((a) => (a[0] === 'image' ? ['user', '[image]'] : a)) },
  valueType: { message: /the type of a value part/, apply: map((a) => (a[0] === 'value' ? ['user', JSON.stringify(a[1])] : a)) },
  speakerName: { message: /speaker name "alice"/, apply: map((a) => (a[0] === 'name' ? undefined : a)) },
  developer: { message: /developer role/, apply: map((a) => (a[0] === 'developer' ? ['system', a[1]] : a)) },
  systemJoined: { message: /boundaries between 2 system messages/, apply: (atoms: Atom[]) => [['system', atoms.filter((a) => a[0] === 'system').map((a) => a[1]).join('\n\n')], ...atoms.filter((a) => a[0] !== 'system')] },
  callIds: { message: /call id/, apply: map((a) => (a[0] === 'call' ? [...a.slice(0, 3), null] : a[0] === 'result' ? [a[0], null, ...a.slice(2)] : a)) },
  resultName: { message: /tool name "get_weather"/, apply: map((a) => (a[0] === 'result' ? [a[0], a[1], null, a[3]] : a)) },
  errorFlag: { message: /error flag \(false\)/, apply: map((a) => (a[0] === 'result' ? [...a.slice(0, 3), null] : a)) },
  returns: { message: /returns schema/, apply: map((a) => (a[0] === 'tool' ? [...a.slice(0, 4), null] : a)) },
  toolDefinitions: { message: /tool definition/, apply: map((a) => (a[0] === 'tool' ? undefined : a)) },
  // ChatML (Qwen2.5) writes no turn for a developer message (the structural checks report the role, core/checks/structure: see `unwritten`).
  developerDropped: { message: /^$/, apply: map((a) => (a[0] === 'developer' ? undefined : a)) },
  // Llama 3.1 writes the tools into the first message after the system message, as a user turn.
  developerAsUser: { message: /the role "developer"/, apply: map((a) => (a[0] === 'developer' ? ['user', a[1]] : a)) },
  // Llama 3.1 writes only the call of a message that has one.
  callText: { message: /the text of a message with a tool call/, apply: (atoms: Atom[]) => atoms.filter((a, i) => !(a[0] === 'say' && atoms[i + 1]?.[0] === 'call')) },
} satisfies Record<string, Loss>;

/**
 * Unknown fields are metadata a token format has no place for: RWKV lists them as an info
 * ("not shown in RWKV text: …", rwkv.md), not as a loss of content.
 */
const notShown = {
  code: 'rwkv/not-shown',
  message: 'not shown in RWKV text: the field "x_source" at extra (RWKV blocks have no place for a source\'s other fields)',
  apply: map((a) => (a[0] === 'extra' ? undefined : a)),
};

/** The same info from the formats that follow a Hub template. */
const templateNotShown = (id: string, label: string) => ({
  code: `${id}/not-shown`,
  message: `not shown in ${label} text: the field "x_source" at extra (the template has no place for a source's other fields)`,
  apply: notShown.apply,
});

/** The token formats in the matrix: render, then parse back. */
const FORMATS_UNDER_TEST: Record<string, Format<OptionValues>> = { rwkv: rwkvFormat, chatml: chatMlFormat, llama3: llama3Format };
// ChatML's and Llama 3.1's renderers are loaded on demand (Format.prepare).
beforeAll(() => Promise.all(Object.values(FORMATS_UNDER_TEST).map((format) => format.prepare?.())));

/**
 * `unwritten`: what the format leaves out because it cannot write a role. That is not a loss
 * the render reports but the structural checks' error (core/checks/structure, tested there):
 * only its effect on the record read back is checked here.
 */
const TARGETS: { id: string; losses: (keyof typeof LOSSES)[]; unwritten?: (keyof typeof LOSSES)[]; notShown?: typeof notShown }[] = [
  { id: 'openai-chat', losses: ['thoughts', 'valueType', 'errorFlag', 'returns'] },
  { id: 'openai-responses', losses: ['valueType', 'speakerName', 'resultName', 'errorFlag', 'returns'] },
  { id: 'anthropic', losses: ['valueType', 'speakerName', 'developer', 'systemJoined', 'resultName', 'returns'] },
  { id: 'chat-completion', losses: ['errorFlag'] },
  { id: 'sharegpt', losses: ['thoughts', 'image', 'valueType', 'speakerName', 'developer', 'callIds', 'resultName', 'errorFlag'] },
  { id: 'rwkv', losses: ['thoughts', 'imagePlaceholder', 'valueType', 'speakerName', 'developer', 'toolDefinitions'], notShown },
  { id: 'chatml', losses: ['thoughts', 'image', 'valueType', 'speakerName', 'callIds', 'resultName', 'errorFlag'], unwritten: ['developerDropped'], notShown: templateNotShown('chatml', 'ChatML (Qwen2.5)') },
  { id: 'llama3', losses: ['thoughts', 'image', 'valueType', 'speakerName', 'developerAsUser', 'callText', 'callIds', 'resultName', 'errorFlag'], notShown: templateNotShown('llama3', 'Llama 3.1') },
];

function convert(id: string, record: Conversation): { diagnostics: Diagnostic[]; back: Conversation } {
  const format = FORMATS_UNDER_TEST[id];
  if (format) {
    const rendered = format.render(record);
    const parsed = format.parse(rendered.text);
    expect(parsed.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    return { diagnostics: rendered.diagnostics, back: parsed.record as Conversation };
  }
  const codec = findCodec(id);
  if (!codec) throw new Error(`no codec ${id}`);
  const encoded = codec.encode(record);
  const decoded = codec.decode(JSON.parse(JSON.stringify(encoded.json)));
  expect(decoded.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return { diagnostics: encoded.diagnostics, back: decoded.record as Conversation };
}

describe('conversion matrix', () => {
  it.each(TARGETS)('$id reports each loss and keeps the rest', ({ id, losses, unwritten = [], notShown: shown }) => {
    const { diagnostics, back } = convert(id, rich());
    const lost = diagnostics.filter((d) => d.code === LOST_CODE).map((d) => d.message);
    expect(lost.every((m) => m.startsWith('lost in conversion: '))).toBe(true);
    for (const key of losses) expect(lost.some((m) => LOSSES[key].message.test(m)), `${id} reports ${key}: ${lost.join(' | ')}`).toBe(true);
    // No loss reported that is not expected: every message matches one of the expected losses.
    for (const m of lost) expect(losses.some((key) => LOSSES[key].message.test(m)), `unexpected: ${m}`).toBe(true);
    let expected = view(rich());
    for (const key of [...losses, ...unwritten]) expected = normalize(LOSSES[key].apply(expected));
    if (shown) {
      expect(diagnostics.filter((d) => d.code === shown.code).map((d) => [d.severity, d.message])).toEqual([['info', shown.message]]);
      expected = shown.apply(expected);
    }
    expect(view(back)).toEqual(expected);
  });

  it('every dialect reads back what it writes with no loss (same-dialect trip of its own output)', () => {
    for (const { id } of TARGETS.filter((t) => FORMATS_UNDER_TEST[t.id] === undefined)) {
      const codec = findCodec(id);
      const first = codec?.encode(rich()).json;
      const decoded = codec?.decode(first);
      const again = codec?.encode(decoded?.record as Conversation);
      expect(again?.json, id).toEqual(first);
    }
  });
});

/** The example of docs/dialects.md ("Examples"): an OpenAI request, its Anthropic conversion and the one loss. */
const REQUEST = {
  messages: [
    { role: 'system', content: 'Be brief.' },
    { role: 'user', name: 'alice', content: 'Weather in Bern?' },
    { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city": "Bern"}' } }] },
    { role: 'tool', tool_call_id: 'call_1', content: '12°C' },
  ],
};
const ANTHROPIC = {
  system: 'Be brief.',
  messages: [
    { role: 'user', content: 'Weather in Bern?' },
    { role: 'assistant', content: [{ type: 'tool_use', id: 'call_1', name: 'get_weather', input: { city: 'Bern' } }] },
    { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'call_1', content: '12°C' }] },
  ],
};
const LOSS = 'lost in conversion: the speaker name "alice" at messages[1].name (Anthropic messages have no name)';

/**
 * The example as docs/dialects.md shows it: the first JSON block after "Converting this OpenAI
 * request to Anthropic" is the input, the next the output, and "and one warning: `…`" the loss.
 */
function docsExample(): { input: unknown; output: unknown; warning: string | undefined } {
  const page = readFileSync(fileURLToPath(new URL('../../../docs/dialects.md', import.meta.url)), 'utf8');
  const from = page.indexOf('Converting this OpenAI request to Anthropic');
  const section = from === -1 ? '' : page.slice(from);
  const blocks = [...section.matchAll(/```json\n([\s\S]*?)\n```/g)].map((m) => JSON.parse(m[1] ?? '') as unknown);
  return { input: blocks[0], output: blocks[1], warning: /and one warning: `([^`]+)`/.exec(section)?.[1] };
}

describe('the example of docs/dialects.md', () => {
  it('converts the OpenAI request to Anthropic with one reported loss', () => {
    const record = findCodec('openai-chat')?.decode(REQUEST).record as Conversation;
    const { json, diagnostics } = findCodec('anthropic')?.encode(record) ?? { json: undefined, diagnostics: [] };
    expect(json).toEqual(ANTHROPIC);
    expect(diagnostics.map((d) => d.message)).toEqual([LOSS]);
  });

  it('is what the page shows', () => {
    expect(docsExample()).toEqual({ input: REQUEST, output: ANTHROPIC, warning: LOSS });
  });
});
