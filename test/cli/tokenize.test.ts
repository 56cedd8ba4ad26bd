/**
 * `parley tokenize` run as a child process: the numbers it writes are the library's (the app's)
 * for the same record, labels are -100 exactly outside the trained text, JSON Lines follow the
 * streaming contract of `render --jsonl`, and a model id is fetched from the hub's address
 * (`HF_ENDPOINT`, here a local server) or refused in one line when it cannot be reached.
 */
import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openChatMlFormat } from '../../src/core/formats/openchatml/index.ts';
import { openAiChatCodec } from '../../src/core/interchange/openai-chat/index.ts';
import { asciiUnigram, byteFallbackFiles, shippedTokenizer } from '../../src/core/tokens/test-tokenizers.ts';
import { trainingExample } from '../../src/core/tokens/training.ts';
import { expectBadInput, fixtureDir, lines, parley } from './run.ts';

const files = fixtureDir();
afterAll(() => files.cleanup());

const TWO_TURNS = {
  messages: [
    { role: 'user', content: 'Hi 😀' },
    { role: 'assistant', content: 'Hello! Ünïcödé 日本語' },
    { role: 'user', content: 'Again?' },
    { role: 'assistant', content: 'Sure.' },
  ],
};

interface Result {
  input_ids: number[] | null;
  attention_mask: number[];
  labels: number[];
  tokens: string[];
  count: number;
  trained: number;
  messages: number[];
  diagnostics: { severity: string; code: string; message: string }[];
}

/** The text of the spans the format trains on, in the library's render of the record. */
function trainableText(json: unknown, keepMessages: (index: number) => boolean): string {
  const { record } = openAiChatCodec.decode(json);
  if (!record) throw new Error('fixture not readable');
  const rendered = openChatMlFormat.render(record);
  return rendered.spans
    .filter((s) => s.trainable && typeof s.path[1] === 'number' && keepMessages(s.path[1]))
    .map((s) => rendered.text.slice(s.start, s.end))
    .join('');
}

describe('parley tokenize', () => {
  it('writes input_ids, labels and tokens; the labelled ids decode to exactly the trained text', async () => {
    const run = await parley(['tokenize', '--format', 'openchatml', '--input-dialect', 'openai-chat'], JSON.stringify(TWO_TURNS));
    expect(run.code).toBe(0);
    const result = JSON.parse(run.stdout) as Result;
    const qwen = shippedTokenizer('qwen3');
    expect(result.count).toBe(result.input_ids?.length);
    expect(result.attention_mask).toEqual(new Array(result.count).fill(1));
    expect(result.tokens).toEqual(result.input_ids?.map((id) => qwen.idToToken(id)));
    result.labels.forEach((label, i) => expect([-100, result.input_ids?.[i]]).toContain(label));
    const labelled = result.labels.filter((l) => l !== -100);
    expect(result.trained).toBe(labelled.length);
    expect(qwen.decode(labelled)).toBe(trainableText(TWO_TURNS, () => true));
    expect(result.messages).toHaveLength(4);
    expect(result.messages.every((n) => n > 0)).toBe(true);
  });

  it('writes what the library (and so the app) computes for the same record and mask', async () => {
    const run = await parley(['tokenize', '--format', 'openchatml', '--mask', 'last', '--no-train-thoughts'], JSON.stringify(TWO_TURNS));
    const { record } = openAiChatCodec.decode(TWO_TURNS);
    if (!record) throw new Error('fixture not readable');
    const { example } = trainingExample(shippedTokenizer('qwen3'), record, openChatMlFormat.render(record), { turns: 'last', thoughts: false });
    const result = JSON.parse(run.stdout) as Result;
    expect([result.input_ids, result.labels, result.messages, result.trained]).toEqual([example.input_ids, example.labels, example.messages, example.trained]);
  });

  it('--mask last trains the last assistant turn only; all is the default', async () => {
    const [last, all, none] = await Promise.all([
      parley(['tokenize', '--format', 'openchatml', '--mask', 'last'], JSON.stringify(TWO_TURNS)),
      parley(['tokenize', '--format', 'openchatml', '--mask', 'all'], JSON.stringify(TWO_TURNS)),
      parley(['tokenize', '--format', 'openchatml'], JSON.stringify(TWO_TURNS)),
    ]);
    const qwen = shippedTokenizer('qwen3');
    const lastResult = JSON.parse(last.stdout) as Result;
    expect(qwen.decode(lastResult.labels.filter((l) => l !== -100))).toBe(trainableText(TWO_TURNS, (i) => i === 3));
    expect(lastResult.input_ids).toEqual((JSON.parse(all.stdout) as Result).input_ids);
    expect(all.stdout).toBe(none.stdout);
  });

  it('JSON Lines: one line per input line, blank lines kept, bad lines as results, exit 1 with a summary', async () => {
    const file = files.write('batch.jsonl', [JSON.stringify(TWO_TURNS), '', '{"messages": [', JSON.stringify(TWO_TURNS.messages)].join('\n') + '\n');
    const run = await parley(['tokenize', '--format', 'openchatml', '--jobs', '1', file]);
    expect(run.code).toBe(1);
    const out = lines(run.stdout);
    expect(out).toHaveLength(4);
    expect(out[1]).toBe('');
    const bad = JSON.parse(out[2] ?? '') as Result;
    expect(bad.input_ids).toBeNull();
    expect(bad.diagnostics[0]?.code).toBe('cli/malformed-json');
    expect((JSON.parse(out[0] ?? '') as Result).input_ids).toEqual((JSON.parse(out[3] ?? '') as Result).input_ids);
    expect(run.stderr).toMatch(/tokenize: 1 of 3 records in .*batch\.jsonl have errors/);
  });

  it('--tokenizer FILE reads a tokenizer.json and the tokenizer_config.json beside it', async () => {
    const { tokenizer, config } = byteFallbackFiles();
    mkdirSync(files.path('tok'));
    const path = files.write('tok/tokenizer.json', tokenizer);
    files.write('tok/tokenizer_config.json', config);
    const run = await parley(['tokenize', '--format', 'rwkv', '--tokenizer', path], JSON.stringify({ messages: [{ role: 'user', content: 'hi' }] }));
    expect(run.code).toBe(0);
    const result = JSON.parse(run.stdout) as Result;
    // The render does not start with <s>: the tokenizer adds its BOS, never trained.
    expect(result.tokens[0]).toBe('<s>');
    expect(result.labels[0]).toBe(-100);
    expect(result.tokens.filter((t) => t === '<s>')).toHaveLength(1);
  });

  it('a tokenizer.json of a model type the engine does not know is refused in one line, exit 2 (never null ids)', async () => {
    const { tokenizer, config } = byteFallbackFiles() as { tokenizer: { model: object }; config: object };
    mkdirSync(files.path('wordlevel'));
    const path = files.write('wordlevel/tokenizer.json', { ...tokenizer, model: { ...tokenizer.model, type: 'WordLevel' } });
    files.write('wordlevel/tokenizer_config.json', config);
    const run = await parley(['tokenize', '--format', 'rwkv', '--tokenizer', path], JSON.stringify({ messages: [{ role: 'user', content: 'hi' }] }));
    expect(run.stdout).toBe('');
    expect(expectBadInput(run)).toBe(`parley tokenize: ${path}: the model type "WordLevel" is not one Parley can tokenize with (BPE, Unigram, WordPiece).`);
  });

  it('an empty vocabulary is refused in one line, exit 2, with --jsonl too', async () => {
    const { tokenizer } = byteFallbackFiles() as { tokenizer: { model: object } };
    const path = files.write('empty-vocab.json', { ...tokenizer, model: { ...tokenizer.model, vocab: {} } });
    const run = await parley(['tokenize', '--format', 'rwkv', '--jsonl', '--tokenizer', path], `${JSON.stringify({ messages: [{ role: 'user', content: 'hi' }] })}\n`);
    expect(run.stdout).toBe('');
    expect(expectBadInput(run)).toBe(`parley tokenize: ${path}: the model's vocabulary ("model.vocab") is empty.`);
  });

  it('a record with a token the tokenizer has no id for: input_ids null and an error, never null ids; the other lines go on', async () => {
    const path = files.write('ascii-unigram.json', asciiUnigram());
    const ok = JSON.stringify({ messages: [{ role: 'user', content: 'hi' }] });
    const cjk = JSON.stringify({ messages: [{ role: 'user', content: 'a 日 b' }] });
    const single = await parley(['tokenize', '--format', 'rwkv', '--tokenizer', path], cjk);
    expect(single.code).toBe(1);
    expect(JSON.parse(single.stdout)).toEqual({ input_ids: null, diagnostics: [{ severity: 'error', code: 'tokens/no-id', message: `${path} has no id for the token "日" (it is not in the vocabulary, and the tokenizer has no unknown token).` }] });
    const run = await parley(['tokenize', '--format', 'rwkv', '--jsonl', '--tokenizer', path], `${ok}\n${cjk}\n${ok}\n`);
    expect(run.code).toBe(1);
    const out = lines(run.stdout).map((line) => JSON.parse(line) as Result);
    expect(out.map((result) => result.input_ids === null)).toEqual([false, true, false]);
    expect(out[0]?.input_ids?.every((id) => Number.isInteger(id))).toBe(true);
  });

  it('a format that ships no tokenizer asks for one, in one line', async () => {
    const message = expectBadInput(await parley(['tokenize', '--format', 'apertus'], JSON.stringify(TWO_TURNS)));
    expect(message).toMatch(/no tokenizer ships for format apertus.*--tokenizer swiss-ai\/Apertus-8B-Instruct-2509/);
  });

  it('a bad --mask or --tokenizer is one line, exit 2', async () => {
    expect(expectBadInput(await parley(['tokenize', '--format', 'openchatml', '--mask', 'first'], '{}'))).toMatch(/--mask takes last or all/);
    expect(expectBadInput(await parley(['tokenize', '--format', 'openchatml', '--tokenizer', 'no such thing'], '{}'))).toMatch(/no file, shipped tokenizer or model id/);
  });
});

describe('parley tokenize --tokenizer MODEL_ID', () => {
  let server: Server;
  let endpoint = '';
  const requested: string[] = [];
  beforeAll(async () => {
    const { tokenizer, config } = byteFallbackFiles();
    server = createServer((request, response) => {
      requested.push(request.url ?? '');
      const body = request.url === '/tiny/model/resolve/main/tokenizer.json' ? tokenizer : request.url === '/tiny/model/resolve/main/tokenizer_config.json' ? config : undefined;
      response.writeHead(body === undefined ? 404 : 200, { 'content-type': 'application/json' });
      response.end(body === undefined ? 'Entry not found' : JSON.stringify(body));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('downloads tokenizer.json and tokenizer_config.json from the hub; workers of --jobs use the same files', async () => {
    const record = JSON.stringify({ messages: [{ role: 'user', content: 'hi 😀' }, { role: 'assistant', content: 'hi' }] });
    // More than one chunk of 1 MB, so that --jobs 2 hands chunks to a worker thread.
    const file = files.write('many.jsonl', `${record}\n`.repeat(Math.ceil(1.5e6 / record.length)));
    const [one, two] = await Promise.all([
      parley(['tokenize', '--format', 'rwkv', '--tokenizer', 'tiny/model', '--jobs', '1', file], undefined, { HF_ENDPOINT: endpoint }),
      parley(['tokenize', '--format', 'rwkv', '--tokenizer', 'tiny/model', '--jobs', '2', file], undefined, { HF_ENDPOINT: endpoint }),
    ]);
    expect(one.code).toBe(0);
    expect(one.stderr).toMatch(/^INFO .*many\.jsonl:1: input dialect detected: OpenAI Chat/);
    expect(two.stdout).toBe(one.stdout);
    const first = JSON.parse(lines(one.stdout)[0] ?? '') as Result;
    expect(first.tokens.slice(0, 1)).toEqual(['<s>']);
    expect(requested).toContain('/tiny/model/resolve/main/tokenizer_config.json');
  });

  it('an unknown model is one line naming the HTTP status', async () => {
    const message = expectBadInput(await parley(['tokenize', '--format', 'rwkv', '--tokenizer', 'no/model'], '{}', { HF_ENDPOINT: endpoint }));
    expect(message).toMatch(/HTTP 404 \(no such model/);
  });

  it('offline: one clear line, exit 2', async () => {
    // Port 9 (discard) on the loopback: nothing listens, the connection is refused at once.
    const message = expectBadInput(await parley(['tokenize', '--format', 'rwkv', '--tokenizer', 'tiny/model'], '{}', { HF_ENDPOINT: 'http://127.0.0.1:9' }));
    expect(message).toMatch(/cannot download the tokenizer of tiny\/model: 127\.0\.0\.1:9 is not reachable \(offline\?/);
  });
});
