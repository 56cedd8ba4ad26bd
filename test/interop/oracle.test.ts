/**
 * The oracle of issue 22 (docs/testing.md, 'The interop oracle'): each document round-trips
 * through its dialect, is converted to every other dialect and rendered in every format, and
 * nothing may change or go missing without a diagnostic that names it (oracle.ts says how).
 * Renders include the Jinja format with each chat template the manifest names. Over the real
 * documents of ../shared/interop (when present: cases.ts), over the small documents of
 * ./fixtures (always), and over hand-made faults, so that the oracle is seen to fail.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { FORMATS, loadFormat } from '../../src/core/formats/registry.ts';
import { openAiChatCodec } from '../../src/core/interchange/openai-chat/index.ts';
import { detectDialect, findCodec } from '../../src/core/interchange/registry.ts';
import { blocksMessage, conversation, response, textMessage, thoughts, toolCall, toolCalls, toolDefinition } from '../../src/core/model/builders.ts';
import { warning, type Diagnostic } from '../../src/core/model/diagnostic.ts';
import type { Conversation, ParleyRecord } from '../../src/core/model/types.ts';
import { interopAvailable, interopCases, interopTemplates, interopValues, SKIP_REASON, type InteropCase } from './cases.ts';
import { conversionFindings, describeFindings, renderFindings, unnamedDifferences } from './oracle.ts';
import { runOracle } from './oracle-run.ts';

beforeAll(async () => {
  for (const format of FORMATS) await loadFormat(format.id);
});

/** The manifest's chat templates (Qwen2.5, Llama 3.1, gpt-oss, Gemma 2, Phi-3.5), rendered besides the formats when the folder is there. */
const TEMPLATES = interopTemplates();

/** What the oracle finds for a value read by `dialect`, one line per finding, `step: path: what`. */
function oracleLines(value: unknown, dialect: string): string[] {
  const codec = findCodec(dialect);
  if (codec === undefined) return [`unknown dialect ${dialect}`];
  const { record, diagnostics } = codec.decode(value);
  if (record === undefined) return [`not read as ${dialect}: ${diagnostics.map((d) => d.message).join('; ')}`];
  return runOracle(record, codec, diagnostics, TEMPLATES).steps.flatMap(({ step, findings, error }) => [...(error === undefined ? [] : [`${step}: threw ${error}`]), ...describeFindings(findings).map((line) => `${step}: ${line}`)]);
}

/**
 * A document the manifest says Parley refuses (a training-data shape, an array of records):
 * refused with a message that says why, or, once a reader takes it (the training-data shapes of
 * issue 22 item 5), read without a silent change.
 */
function refusedOrSilent(value: unknown): string[] {
  const detection = detectDialect(value);
  if (detection === undefined) return [];
  const { record, diagnostics } = detection.codec.decode(value);
  const errors = diagnostics.filter((d) => d.severity === 'error');
  if (record === undefined || errors.length > 0) {
    // Refused: each error says something, at a place.
    return errors.length > 0 && errors.every((d) => d.message.trim().length > 10) ? [] : [`refused as ${detection.codec.id} without a clear error: ${JSON.stringify(diagnostics)}`];
  }
  return oracleLines(value, detection.codec.id);
}

function caseLines(entry: InteropCase): string[] {
  return interopValues(entry).flatMap((value, n) => (entry.dialect === null || entry.expect.refused !== undefined ? refusedOrSilent(value) : oracleLines(value, entry.dialect)).map((line) => `#${n} ${line}`));
}

describe.skipIf(!interopAvailable)(`the oracle over the real documents${interopAvailable ? '' : ` (skipped: ${SKIP_REASON})`}`, () => {
  it.each(interopCases().map((entry) => [entry.id, entry] as const))('%s: nothing changes without a diagnostic', (_id, entry) => {
    expect(caseLines(entry)).toEqual([]);
  });
});

const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), 'fixtures');
const fixtureDialects = JSON.parse(readFileSync(join(FIXTURES, 'fixtures.json'), 'utf8')) as Record<string, string>;

describe('the oracle over the in-repo documents', () => {
  it.each(Object.entries(fixtureDialects))('%s (%s): nothing changes without a diagnostic', (file, dialect) => {
    const value: unknown = JSON.parse(readFileSync(join(FIXTURES, file), 'utf8'));
    expect(detectDialect(value)?.codec.id).toBe(dialect);
    expect(oracleLines(value, dialect)).toEqual([]);
  });
});

describe('the oracle fails on what no diagnostic names', () => {
  const record = (): Conversation =>
    conversation(
      [textMessage('user', 'Weather?', { name: 'ada' }), blocksMessage([response('Checking.'), toolCalls([toolCall('get_weather', '{"city":"Bern"}', { callId: 'c1' })])]), textMessage('tool', 'sunny', { toolCallId: 'c1' })],
      [toolDefinition('get_weather', 'Gets the weather.')],
    );
  const lost = (path: (string | number)[]): Diagnostic => warning('lost-in-conversion', 'lost', path);

  it('round trip: a field gone or changed, unless a diagnostic names it or an ancestor', () => {
    const before = record();
    const after = structuredClone(before) as Conversation;
    delete after.messages[0]!.name;
    (after.messages[2] as { toolCallId?: string }).toolCallId = 'c2';
    expect(describeFindings(unnamedDifferences(before, after, []))).toEqual(['messages[0].name: "ada" is gone', 'messages[2].toolCallId: "c1" became "c2"']);
    expect(unnamedDifferences(before, after, [lost(['messages', 0]), lost(['messages', 2, 'toolCallId'])])).toEqual([]);
    // A warning about the whole record names nothing; ids made for editing are not content.
    expect(unnamedDifferences(before, after, [lost([])])).toHaveLength(2);
    after.messages[0]!.name = 'ada';
    after.messages[2]!.toolCallId = 'c1';
    after.messages[1]!.id = 'another';
    expect(unnamedDifferences(before, after, [])).toEqual([]);
  });

  it('round trip through a codec that drops a field without a word', () => {
    const source = openAiChatCodec.decode({ messages: [{ role: 'user', name: 'ada', content: 'Hi' }] }).record as ParleyRecord;
    const written = openAiChatCodec.encode(source);
    const json = written.json as { messages: { name?: string }[] };
    delete json.messages[0]!.name;
    const back = openAiChatCodec.decode(json).record as ParleyRecord;
    expect(describeFindings(unnamedDifferences(source, back, written.diagnostics))).toEqual(['messages[0].name: "ada" is gone']);
  });

  it('conversion: content gone, a call id changed, content that appears from nowhere', () => {
    const converted = record();
    converted.messages[1] = blocksMessage([response('Checking.')]);
    converted.messages[2]!.toolCallId = 'other';
    converted.messages.push(textMessage('assistant', 'Invented.'));
    expect(describeFindings(conversionFindings(record(), converted, []))).toEqual([
      'messages[1].content.blocks[1].calls[0]: the call "get_weather" is gone or changed',
      'messages[2].toolCallId: the callId "c1" became "other"',
      'messages[3].content.text: (in the converted record) the text "Invented." appeared',
    ]);
    expect(conversionFindings(record(), converted, [lost(['messages', 1, 'content', 'blocks', 1]), lost(['messages', 2, 'toolCallId'])]).map((f) => f.what)).toEqual(['(in the converted record) the text "Invented." appeared']);
  });

  it('conversion: a branch of a training record is content (dropped: a finding; moved to the prompt: kept), and so is the label', () => {
    const source: Conversation = { ...conversation([textMessage('user', 'Q')]), branches: { chosen: [textMessage('assistant', 'Good.')], rejected: [textMessage('assistant', 'Bad.')] }, label: true };
    const dropped: Conversation = { ...conversation([textMessage('user', 'Q')]), branches: { chosen: [textMessage('assistant', 'Good.')] } };
    expect(describeFindings(conversionFindings(source, dropped, []))).toEqual(['branches.rejected[0].content.text: the text "Bad." is gone or changed', 'label: the label "true" is gone or changed']);
    expect(conversionFindings(source, dropped, [lost(['branches', 'rejected']), lost(['label'])])).toEqual([]);
    // A completion written as the last assistant message (a dialect without branches) is still there.
    const completion: Conversation = { ...conversation([textMessage('user', 'Q')]), branches: { completion: [textMessage('assistant', 'A.')] } };
    expect(conversionFindings(completion, conversation([textMessage('user', 'Q'), textMessage('assistant', 'A.')]), [])).toEqual([]);
    expect(conversionFindings(conversation([textMessage('user', 'Q'), textMessage('assistant', 'A.')]), completion, [])).toEqual([]);
  });

  it('conversion: an unknown field kept by the reader (extra) must come back, as itself or its documented equivalent, or be named', () => {
    const source = conversation([textMessage('user', 'Q'), blocksMessage([thoughts('Think.'), response('A.')])]);
    const block = source.messages[1]!.content as { blocks: { extra?: Record<string, unknown>; extraSource?: string }[] };
    Object.assign(block.blocks[0]!, { extra: { signature: 'sig' }, extraSource: 'anthropic' });
    Object.assign(block.blocks[1]!, { extra: { citations: [{ type: 'web', url: 'u' }] }, extraSource: 'anthropic' });
    Object.assign(source, { extra: { max_tokens: 100 }, extraSource: 'anthropic' });
    // The same record read back from the target with every field dropped in silence.
    const dropped = structuredClone(source) as Conversation;
    delete (dropped as { extra?: unknown }).extra;
    for (const b of (dropped.messages[1]!.content as { blocks: { extra?: unknown }[] }).blocks) delete b.extra;
    expect(describeFindings(conversionFindings(source, dropped, [], 'openai-responses'))).toEqual([
      'extra.max_tokens: the field 100 is gone',
      'messages[1].content.blocks[0].extra.signature: the field "sig" is gone',
      'messages[1].content.blocks[1].extra.citations: the field [{"type":"web","url":"u"}] is gone',
    ]);
    // Named by a diagnostic at the field, its object or an ancestor: no finding.
    expect(conversionFindings(source, dropped, [lost(['extra']), lost(['messages', 1, 'content', 'blocks', 0, 'extra', 'signature']), lost(['messages', 1])], 'openai-responses')).toEqual([]);
    // Kept under the target's name for it (max_tokens is Responses' max_output_tokens), or as itself, with its value in any key order.
    const kept = structuredClone(dropped) as Conversation;
    Object.assign(kept, { extra: { max_output_tokens: 100 }, extraSource: 'openai-responses' });
    const keptBlocks = (kept.messages[1]!.content as { blocks: object[] }).blocks;
    Object.assign(keptBlocks[0]!, { extra: { signature: 'sig' } });
    Object.assign(keptBlocks[1]!, { extra: { citations: [{ url: 'u', type: 'web' }] } });
    expect(conversionFindings(source, kept, [], 'openai-responses')).toEqual([]);
    // A changed value is not the field.
    Object.assign(keptBlocks[0]!, { extra: { signature: 'other' } });
    expect(describeFindings(conversionFindings(source, kept, [], 'openai-responses'))).toEqual(['messages[1].content.blocks[0].extra.signature: the field "sig" is gone']);
  });

  it('conversion: thoughts written as text are a change, though the words are there', () => {
    const source = conversation([textMessage('user', 'Q'), blocksMessage([thoughts('Think.'), response('A.')])]);
    const converted = conversation([textMessage('user', 'Q'), blocksMessage([response('Think.\n\nA.')])]);
    expect(describeFindings(conversionFindings(source, converted, []))).toEqual(['messages[1].content.blocks[0].text: the thought "Think." is gone or changed']);
  });

  it('render: a text leaf absent from the text, unless named; JSON in another spacing or as a JSON string shows', () => {
    const r = record();
    const text = 'ada: Weather? Checking. get_weather {"city": "Bern"} sunny Gets the weather.';
    expect(renderFindings(r, text, [])).toEqual([]);
    expect(describeFindings(renderFindings(r, text.replace('sunny', ''), []))).toEqual(['messages[2].content: "sunny" is not in the render']);
    expect(renderFindings(r, text.replace('sunny', ''), [lost(['messages', 2])])).toEqual([]);
    expect(renderFindings(r, text.replace('{"city": "Bern"}', '"{\\"city\\":\\"Bern\\"}"'), [])).toEqual([]);
  });
  it('render: a multi-line text written as comment lines (harmony: "// " before each line) shows; its lines out of order or apart do not', () => {
    const r = conversation([textMessage('user', 'Area?')], [toolDefinition('area', 'Computes an area.\n\n    Args:\n        r: radius.\n')]);
    const harmony = 'Area? // Computes an area.\n// \n//     Args:\n//         r: radius.\ntype area = () => any;';
    expect(renderFindings(r, harmony, [])).toEqual([]);
    expect(describeFindings(renderFindings(r, harmony.replace('//     Args:\n', ''), []))).toEqual(['tools[0].description: "Computes an area.\\n\\n    Args:\\n        r: radius.\\n" is not in the render']);
    expect(renderFindings(r, 'Area? // Computes an area.\n// \n//     Args:\n// junk\n//         r: radius.\n', [])).toHaveLength(1);
  });
});
