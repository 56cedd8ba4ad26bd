/**
 * Exactness check for work on the renderers' speed (issue 23 item 7): every format of this
 * checkout renders exactly as another tree (the build before the change) does: the same text,
 * the same spans and the same diagnostics (compared as JSON, so key order counts too), or the
 * same error thrown, for
 * - the benchmark's conversations (`bench/conversations.ts`, 1 to 1,000 messages),
 * - every record of the real documents in `../shared/interop` (when present),
 * - generated conversations (fast-check, fixed seeds): OpenAI Chat ones as the Hub templates
 *   read them and Apertus JSON ones (blocks, thoughts, tool outputs, parts), each also in a
 *   variant with the fields the native templates do not write (names, parts, unknown keys,
 *   error flags, thought flags, built-in tools, padded text, special tokens in text),
 * each with the format's default options and with a rotating choice of every option value
 * (each boolean and enum value, a few strings), and each in the three ways of rendering
 * (`RenderHow`: spans and text, text only, diagnostics only).
 *
 *   git archive BASE src | tar -x -C /tmp/base && ln -s "$PWD/node_modules" /tmp/base/node_modules
 *   PARLEY_BASE_DIR=/tmp/base npx tsx bench/render-equal.ts [--count 1000]
 *
 * Exits 1 at the first difference (printing the format, options, record and first unequal
 * field), 0 with a count of the renders compared.
 */
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import fc from 'fast-check';
import { FORMATS, loadFormat } from '../src/core/formats/registry.ts';
import type { Format, RenderHow } from '../src/core/formats/types.ts';
import { findCodec, detectDialect } from '../src/core/interchange/registry.ts';
import type { ParleyRecord } from '../src/core/model/types.ts';
import type { OptionValues } from '../src/core/shared/options.ts';
import { conversationCase } from '../test/apertus/arbitraries.ts';
import { hubConversation } from '../test/hub-templates/arbitraries.ts';
import { interopAvailable, interopCases, interopValues } from '../test/interop/cases.ts';
import { makeConversation, makeOpenAiConversation } from './conversations.ts';

type AnyFormat = Format<OptionValues>;

const HOWS: readonly (RenderHow | undefined)[] = [undefined, { spans: false }, { text: false }];
const BENCH_SIZES = [1, 2, 3, 4, 5, 10, 100, 1000];
/** String option values tried besides the default (per option key; other strings keep their default). */
const STRING_VALUES: Record<string, readonly string[]> = {
  bosToken: ['', '<|begin_of_text|>', '<s>'],
  dateString: ['26 Jul 2024', '01 Jan 2030'],
  builtinTools: ['', 'brave_search,wolfram_alpha', 'code_interpreter', 'get_weather'],
};

/** Every value of each option the format offers (the Jinja template and its variables stay at their defaults). */
function optionChoices(format: AnyFormat): [string, readonly (string | boolean | null)[]][] {
  return format.options.flatMap((option): [string, readonly (string | boolean | null)[]][] => {
    if (option.type === 'boolean') return [[option.key, [false, true]]];
    if (option.type === 'enum') return [[option.key, option.choices]];
    const values = STRING_VALUES[option.key];
    return values === undefined ? [] : [[option.key, values]];
  });
}

/** The option sets for the k-th record: the defaults, and one value of each option, rotating with k (so every value is used). */
function optionSets(format: AnyFormat, k: number): (Partial<OptionValues> | undefined)[] {
  const choices = optionChoices(format);
  if (choices.length === 0) return [undefined];
  const rotating: Partial<OptionValues> = {};
  let n = k;
  for (const [key, values] of choices) {
    rotating[key] = values[n % values.length] as string | boolean | null;
    n = Math.floor(n / values.length) + k;
  }
  return [undefined, rotating];
}

/** A small seeded generator (mulberry32), so that the variants are the same in every run. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const TEXT_BITS = ['  padded  ', '<|im_end|>', '<|eot_id|>', '<|begin_of_text|>', '\n', 'é😀', '"quoted"\\', ''];

/**
 * The record with fields the native templates leave out or treat apart, at random places:
 * names, error flags, unknown keys, thought flags, parts (text, image, value), padded text,
 * special tokens in text, a built-in tool.
 */
function variant(record: ParleyRecord, seed: number): ParleyRecord {
  if (record.kind !== 'chat') return record;
  const roll = random(seed);
  const copy = structuredClone(record);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(roll() * xs.length)] as T;
  for (const message of copy.messages) {
    if (roll() < 0.15) message.name = pick(['alice', 'get_weather', '']);
    if (roll() < 0.1) message.extra = { ...message.extra, metadata: { n: 1 } };
    if (message.role === 'tool' && roll() < 0.2) message.isError = roll() < 0.5;
    if (message.role === 'system' && roll() < 0.3) message.thoughtFlags = ['reflect'];
    const content = message.content;
    if (content?.type === 'text') {
      const r = roll();
      if (r < 0.15) message.content = { type: 'text', text: `${pick(TEXT_BITS)}${content.text}${pick(TEXT_BITS)}` };
      else if (r < 0.3) {
        message.content = {
          type: 'parts',
          parts: [
            { id: 'p1', type: 'text', text: content.text },
            ...(roll() < 0.5 ? [{ id: 'p2', type: 'image' as const, url: 'data:image/png;base64,AA==' }] : []),
            ...(roll() < 0.5 ? [{ id: 'p3', type: 'value' as const, value: { a: [1, 'x'] } }] : []),
            { id: 'p4', type: 'text', text: pick(TEXT_BITS), ...(roll() < 0.3 && { extra: { citations: [{ url: 'u' }] } }) },
          ],
        };
      }
    }
  }
  if (roll() < 0.2) copy.tools = [...copy.tools, { id: 'web', name: 'web_search_preview', type: 'web_search_preview' }];
  if (roll() < 0.1) copy.extra = { ...copy.extra, model: 'x' };
  return copy;
}

function decoded(dialect: string, json: unknown): ParleyRecord | undefined {
  return findCodec(dialect)?.decode(json).record;
}

/** The records compared, each with a name to print when it differs. */
function* records(count: number): Generator<[string, ParleyRecord]> {
  for (const size of BENCH_SIZES) {
    const openAi = decoded('openai-chat', makeOpenAiConversation(size));
    if (openAi) yield [`bench openai ${size}`, openAi];
    const apertus = decoded('apertus-json', makeConversation(size));
    if (apertus) yield [`bench apertus ${size}`, apertus];
  }
  if (interopAvailable) {
    for (const entry of interopCases()) {
      for (const [n, value] of interopValues(entry).entries()) {
        const codec = entry.dialect === null ? detectDialect(value)?.codec : findCodec(entry.dialect);
        const record = codec?.decode(value).record;
        if (record) yield [`interop ${entry.id} #${n}`, record];
      }
    }
  }
  const hub = fc.sample(hubConversation(3), { numRuns: count, seed: 23 });
  for (const [n, { json }] of hub.entries()) {
    const record = decoded('openai-chat', json);
    if (!record) continue;
    yield [`hub #${n}`, record];
    yield [`hub #${n} variant`, variant(record, n)];
  }
  const apertus = fc.sample(conversationCase, { numRuns: count, seed: 7 });
  for (const [n, { json }] of apertus.entries()) {
    const record = decoded('apertus-json', json);
    if (!record) continue;
    yield [`apertus #${n}`, record];
    yield [`apertus #${n} variant`, variant(record, 100_000 + n)];
  }
}

function outcome(format: AnyFormat, record: ParleyRecord, options: Partial<OptionValues> | undefined, how: RenderHow | undefined): string {
  try {
    const { text, spans, diagnostics } = format.render(record, options, how);
    return JSON.stringify({ text, spans, diagnostics });
  } catch (thrown) {
    return `threw ${thrown instanceof Error ? thrown.message : String(thrown)}`;
  }
}

/** Where two outcomes first differ, shortly. */
function firstDifference(a: string, b: string): string {
  let i = 0;
  while (i < a.length && a[i] === b[i]) i += 1;
  return `at character ${i}:\n  base: …${a.slice(Math.max(0, i - 80), i + 120)}\n  this: …${b.slice(Math.max(0, i - 80), i + 120)}`;
}

async function baseFormats(dir: string): Promise<Map<string, AnyFormat>> {
  const module = (await import(pathToFileURL(join(resolve(dir), 'src/core/formats/registry.ts')).href)) as { FORMATS: readonly AnyFormat[] };
  for (const format of module.FORMATS) await format.prepare?.();
  return new Map(module.FORMATS.map((format) => [format.id, format]));
}

async function main(): Promise<void> {
  const dir = process.env.PARLEY_BASE_DIR;
  if (dir === undefined) throw new Error('set PARLEY_BASE_DIR to the tree to compare with (see the comment at the top)');
  const countAt = process.argv.indexOf('--count');
  const count = countAt > 0 ? Number(process.argv[countAt + 1]) : 1000;
  const base = await baseFormats(dir);
  for (const format of FORMATS) await loadFormat(format.id);
  let renders = 0;
  let recordCount = 0;
  for (const [name, record] of records(count)) {
    for (const format of FORMATS) {
      const before = base.get(format.id);
      if (before === undefined) continue;
      for (const options of optionSets(format, recordCount)) {
        for (const how of HOWS) {
          const a = outcome(before, record, options, how);
          const b = outcome(format, record, options, how);
          renders += 1;
          if (a !== b) {
            process.stdout.write(`DIFFERENT: ${format.id} ${JSON.stringify(options ?? {})} ${JSON.stringify(how ?? {})} on ${name}\n${firstDifference(a, b)}\n`);
            process.exit(1);
          }
        }
      }
    }
    recordCount += 1;
  }
  process.stdout.write(`same: ${renders} renders of ${recordCount} records in ${FORMATS.length} formats\n`);
}

await main();
