/**
 * The gallery holds the specs' examples, not inventions, and all of them: every text in an
 * example must appear in the spec it cites, and every code block of specs 000, 001 and 003 is
 * either an example of the gallery or pinned below as not an example, with the reason. The
 * specs are read from ../shared/specs/ (skipped with a reason when absent); the pinned lists
 * still check that every example they name is in the catalog.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { FORMATS, findFormat, OPENCHATML_DEFAULTS, parseOpenChatMl, type ParleyRecord } from '../../core/index.ts';
import { ALL_EXAMPLES as SPEC_003_BLOCKS } from '../../core/formats/openchatml/spec003.examples.ts';
import { DEFAULT_EXAMPLE_ID, EXAMPLES, defaultExample, findExample } from './catalog.ts';
import type { Example } from './types.ts';

const SPECS_DIR = process.env.PARLEY_SPECS_DIR ?? join(process.cwd(), '..', 'shared', 'specs');
const NO_SPECS = `the specs are not at ${SPECS_DIR} (set PARLEY_SPECS_DIR)`;

function rawSpec(prefix: string): string | undefined {
  if (!existsSync(SPECS_DIR)) return undefined;
  const file = readdirSync(SPECS_DIR).find((name) => name.startsWith(`${prefix}_`));
  return file === undefined ? undefined : readFileSync(join(SPECS_DIR, file), 'utf8');
}

/** The spec writes JSON inside JSON ("{\"query\": …}"): compare with the escapes undone. */
function unescaped(text: string): string {
  return text.replace(/\\"/g, '"');
}

function specText(prefix: string): string | undefined {
  const raw = rawSpec(prefix);
  return raw === undefined ? undefined : unescaped(raw);
}

/** The bodies of the spec's fenced code blocks, in order. */
function codeBlocks(text: string): string[] {
  return [...text.matchAll(/^```[^\n]*\n([\s\S]*?)\n```$/gm)].map((match) => match[1] ?? '');
}

/** Every string a person wrote in the record (what the spec must show). */
function texts(record: ParleyRecord): string[] {
  const out: string[] = [];
  if (record.kind === 'document') {
    for (const file of record.files) for (const part of file.parts) out.push(...(part.type === 'text' ? [part.text] : part.type === 'fim' ? [part.prefix, part.middle, part.suffix] : []));
    return out.filter((t) => t !== '');
  }
  for (const message of record.messages) {
    const content = message.content;
    if (content?.type === 'text') out.push(content.text);
    if (content?.type === 'parts') for (const part of content.parts) if (part.type === 'text') out.push(part.text);
    if (content?.type === 'blocks') {
      for (const block of content.blocks) {
        if (block.type === 'thoughts' || block.type === 'response') out.push(block.text);
        if (block.type === 'tool_calls') for (const call of block.calls) out.push(call.name, call.arguments);
        if (block.type === 'tool_outputs') for (const output of block.outputs) out.push(output.output);
      }
    }
    for (const call of message.toolCalls ?? []) out.push(call.name, call.arguments);
  }
  return out;
}

/** Documented deviations (see the example's description). */
const CORRECTED: Record<string, string> = { 'The calculation shows that 25 × 4 = 100.': 'The calculation shows that 25 Ã— 4 = 100.' };

/**
 * Each code block of a spec, in order: a text it contains (with `\"` undone), and the examples
 * that show it, or why it is no example.
 */
type Pinned = readonly [anchor: string, shownBy: readonly string[] | { notAnExample: string }];

const SPEC_000_BLOCKS: readonly Pinned[] = [
  ['"content": <varies by role and format>', { notAnExample: 'the message schema' }],
  ['"What is machine learning?"', ['s000-string-content']],
  ['"text": "You are a helpful assistant."', ['s000-mapping-content']],
  ['"text": "machine learning"', ['s000-mapping-content']],
  ['I need to explain ML clearly...', ['s000-mapping-content']],
  ['"text": "Let me think about this..."', ['s000-inner-outer']],
  ['Let me break it down...', ['s000-block-types']],
  ['"arguments": "{"expression": "25 * 4"}"', ['s000-block-types']],
  ['{"output": "{"result": 100}"}', ['s000-block-types']],
  ['25 Ã— 4 = 100.', ['s000-block-types']],
  ['I need to search for this.', ['s000-tools-in-blocks']],
  ['Search for Python info', ['s000-tool-messages']],
  ['"tool_calls": [', ['s000-legacy-tool-calls']],
  ['String format system', ['s000-valid-mixed']],
  ['{"text": "Mapping system"}', ['s000-valid-structured']],
  ['"content": "String assistant"', ['s000-invalid-mixed-assistants']],
  ['<s><|system_start|>You are helpful.', ['s000-rendered-output']],
  ['What is AI?', ['s000-example-1']],
  ['You are a research assistant.', ['s000-example-2']],
  ['User said hi, I should search for greeting info.', ['s000-example-3']],
];

const SIGNATURE = { notAnExample: 'an API signature' };

const SPEC_001_BLOCKS: readonly Pinned[] = [
  ['TextPart(type: str = "text", text: str)', SIGNATURE],
  ['UserContent(parts: List[TextPart])', SIGNATURE],
  ['SystemContent(text: str)', SIGNATURE],
  ['AssistantBlock(type: BlockType,', SIGNATURE],
  ['ToolCall(name: str, arguments: str)', SIGNATURE],
  ['ToolOutput(output: str)', SIGNATURE],
  ['AssistantContent(blocks: List[AssistantBlock])', SIGNATURE],
  ['Message(role: Role,', SIGNATURE],
  ['Conversation(messages: List[Message])', SIGNATURE],
  ['ApertusFormatter(enable_thinking: bool = True', SIGNATURE],
  ['add_generation_prompt=True', ['s001-basic-usage']],
  ['I need to calculate 2 + 2', ['s001-structured-response']],
  ['format_assistant_content', ['s001-content-as-string']],
  ['Here are the search results...', ['s001-tool-messages']],
  ['Mixed formats OK', ['s001-valid-mixed', 's001-valid-structured', 's001-invalid-mixed', 's001-tool-message-valid']],
  ["Here's my answer", ['s001-inner-outer']],
  ['Inconsistent!', ['s001-validation-mixed', 's001-valid-structured', 's001-validation-inconsistent']],
  ['Conversation.from_json(json_data)', { notAnExample: 'error handling around a JSON document the spec does not show' }],
  ['from apertus_format import (', { notAnExample: 'the list of exports' }],
];

function example(id: string): Example {
  const found = findExample(id);
  if (!found) throw new Error(`No example ${id} in the catalog.`);
  return found;
}

function render(entry: Example) {
  const format = findFormat(entry.formatId);
  if (!format) throw new Error(entry.formatId);
  return format.render(entry.build(), { ...format.defaults, ...entry.options });
}

describe('examples gallery', () => {
  // The formats that load their code on demand (Format.prepare), as the app does before opening an example.
  beforeAll(() => Promise.all(FORMATS.map((format) => format.prepare?.())));

  it('has unique ids, and the default is spec 000 Example 2', () => {
    expect(new Set(EXAMPLES.map((e) => e.id)).size).toBe(EXAMPLES.length);
    expect(DEFAULT_EXAMPLE_ID).toBe('s000-example-2');
    expect(defaultExample().title).toBe('Example 2: Structured format with tools');
  });

  it('has unique titles, so that every "Open example: …" button has its own name', () => {
    const titles = EXAMPLES.map((e) => e.title);
    expect(titles.filter((title, i) => titles.indexOf(title) !== i)).toEqual([]);
  });

  it('builds fresh ids each time', () => {
    const a = defaultExample().build();
    const b = defaultExample().build();
    expect(a.kind === 'chat' && b.kind === 'chat' && a.messages[0]?.id !== b.messages[0]?.id).toBe(true);
  });

  for (const spec of ['000', '001', '003']) {
    const text = specText(spec);
    it.skipIf(text === undefined)(`takes every text of the spec ${spec} examples from the spec itself`, () => {
      const examples = EXAMPLES.filter((e) => e.id.startsWith(`s${spec}-`));
      expect(examples.length).toBeGreaterThan(5);
      // OpenChatML lays tool outputs out as JSON itself (§8.5's output is indented deeper in the
      // spec): its texts are compared with runs of whitespace collapsed.
      const same = spec === '003' ? (t: string) => t.replace(/\s+/g, ' ') : (t: string) => t;
      for (const entry of examples) {
        for (const t of texts(entry.build())) expect(same(text ?? ''), `${entry.id}: ${JSON.stringify(t)}`).toContain(same(CORRECTED[t] ?? t));
      }
    });
  }

  it('sets only options its format has', () => {
    for (const entry of EXAMPLES) {
      const keys = findFormat(entry.formatId)?.options.map((option) => option.key) ?? [];
      for (const key of Object.keys(entry.options)) expect(keys, `${entry.id}: ${key}`).toContain(key);
    }
  });

  it('renders every example with its format without throwing', () => {
    for (const entry of EXAMPLES) {
      expect(findFormat(entry.formatId), entry.formatId).toBeDefined();
      expect(render(entry).text.length, entry.id).toBeGreaterThan(0);
    }
  });

  it('shows the inconsistency error in the examples that are invalid, and none in the complete examples', () => {
    const errors = (id: string) => render(example(id)).diagnostics.filter((d) => d.severity === 'error');
    for (const id of ['s000-invalid-mixed-assistants', 's001-invalid-mixed', 's001-validation-inconsistent']) expect(errors(id).length, id).toBeGreaterThan(0);
    for (const id of ['s000-example-1', 's000-example-2', 's001-structured-response', 's001-tool-message-valid']) expect(errors(id), id).toEqual([]);
  });
});

describe('no spec example is missing (specs 000 and 001: code blocks pinned here)', () => {
  for (const [spec, pinned] of [['000', SPEC_000_BLOCKS], ['001', SPEC_001_BLOCKS]] as const) {
    it(`every example of spec ${spec} pinned here is in the catalog, and every example of the catalog is pinned`, () => {
      const named = new Set(pinned.flatMap(([, shownBy]) => (Array.isArray(shownBy) ? shownBy : [])));
      for (const id of named) expect(findExample(id), id).toBeDefined();
      const inCatalog = EXAMPLES.filter((e) => e.id.startsWith(`s${spec}-`)).map((e) => e.id);
      expect(inCatalog.filter((id) => !named.has(id))).toEqual([]);
    });

    const raw = rawSpec(spec);
    it.skipIf(raw === undefined)(`the pinned list is spec ${spec}'s code blocks, in order (${raw === undefined ? NO_SPECS : 'spec present'})`, () => {
      const blocks = codeBlocks(raw ?? '').map(unescaped);
      expect(blocks).toHaveLength(pinned.length);
      pinned.forEach(([anchor], i) => expect(blocks[i], `block ${i + 1}`).toContain(anchor));
    });
  }
});

describe('spec 003: every code block is an example, in its exact text where the format allows', () => {
  const entries = EXAMPLES.filter((e) => e.id.startsWith('s003-'));

  it('has one example per code block, in the spec\'s order, shown in OpenChatML', () => {
    expect(entries.map((e) => e.specText?.text)).toEqual([...SPEC_003_BLOCKS]);
    for (const entry of entries) expect(entry.formatId).toBe('openchatml');
  });

  const raw = rawSpec('003');
  it.skipIf(raw === undefined)(`those are the spec's code blocks (${raw === undefined ? NO_SPECS : 'spec present'})`, () => {
    expect(entries.map((e) => e.specText?.text)).toEqual(codeBlocks(raw ?? ''));
  });

  it('17 examples render to the spec\'s text byte for byte; the 2 others say why not, and differ', () => {
    for (const entry of entries) {
      const rendered = render(entry).text;
      if (entry.specText?.exact) expect(rendered, entry.id).toBe(entry.specText.text);
      else {
        expect(rendered, entry.id).not.toBe(entry.specText?.text);
        expect(entry.description, entry.id).toMatch(/^Not byte-exact/);
      }
    }
    expect(entries.filter((e) => e.specText?.exact).length).toBe(17);
    expect(entries.filter((e) => !e.specText?.exact).map((e) => e.id)).toEqual(['s003-function-calling', 's003-named-roles']);
  });

  it('sets the options the parser reads from the spec\'s text (the ones that reproduce it)', () => {
    for (const entry of entries) {
      const read = parseOpenChatMl(entry.specText?.text ?? '').options;
      expect({ ...OPENCHATML_DEFAULTS, ...entry.options }, entry.id).toEqual(read);
    }
  });

  it('opens documents for the FIM and multi-file examples, chats for the others', () => {
    const documents = entries.filter((e) => e.build().kind === 'document').map((e) => e.id);
    expect(documents).toEqual([
      's003-fim-structure',
      's003-multi-file-structure',
      's003-function-signature',
      's003-function-call-schema',
      's003-function-call',
      's003-function-response',
      's003-example-fim',
      's003-example-multi-file',
      's003-fibonacci-task',
      's003-fibonacci-completion',
      's003-black-holes-task',
      's003-black-holes-completion',
    ]);
  });
});
