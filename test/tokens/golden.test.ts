/**
 * Golden token ids: Parley's tokenizers (tokenizer.json through @huggingface/tokenizers, the
 * shipped files) against a second implementation.
 * - Qwen3 and Llama 3.1: ids computed once by @lenml/tokenizers (transformers.js fork) and stored
 *   in golden-ids.json with their texts (regenerate: npx tsx scripts/tokens-golden.ts).
 * - gpt-oss: gpt-tokenizer's o200k_harmony (tiktoken's BPE ranks, its own encoder), run here.
 *   gpt-tokenizer 4.0.0 matches an allowed special token only at the start of the text or after
 *   another special token (it reads `user<|message|>` as text), so the reference splits the text
 *   at the special tokens first, as tiktoken does, and encodes the pieces between them.
 * The harmony renders of openai/harmony's own test data (../shared/reference/harmony) are
 * tokenized too when that folder is present.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { encode as harmonyEncode } from 'gpt-tokenizer/encoding/o200k_harmony';
import { describe, expect, it } from 'vitest';
import { shippedTokenizer } from '../../src/core/tokens/test-tokenizers.ts';
import type { Tokenizer } from '../../src/core/tokens/types.ts';
import { referenceDir } from '../reference/apertus-template.ts';
import golden from './golden-ids.json';
import { goldenTexts } from './golden-texts.ts';

/** Every range follows the previous one and together they cover the text, exactly. */
function expectTiling(tokenizer: Tokenizer, text: string): void {
  const e = tokenizer.encode(text, { addSpecialTokens: false });
  expect(e.exact).toBe(true);
  let at = 0;
  for (let i = 0; i < e.ids.length; i++) {
    expect(e.starts[i]).toBeLessThanOrEqual(at);
    if (!e.partial[i]) expect(e.starts[i]).toBe(at);
    at = Math.max(at, e.ends[i] ?? 0);
  }
  expect(at).toBe(text.length);
}

describe.each(['qwen3', 'llama3.1'] as const)('%s against @lenml/tokenizers (golden-ids.json)', (id) => {
  it.each(golden[id].map((g) => [g.name, g] as const))('%s', (_name, g) => {
    const tokenizer = shippedTokenizer(id);
    expect(tokenizer.encode(g.text, { addSpecialTokens: false }).ids).toEqual(g.ids);
    expectTiling(tokenizer, g.text);
  });

  it('the stored texts are the current golden texts (else regenerate the file)', () => {
    expect(golden[id].map((g) => g.text)).toEqual(goldenTexts()[id].map((g) => g.text));
  });
});

const SPECIAL = /<\|[a-z_0-9]+\|>/g;

/**
 * o200k_harmony ids by gpt-tokenizer: split at its special tokens, encode the text between.
 * `<|…|>` that are not its special tokens (another format's) are text, as for the model.
 */
function harmonyReference(text: string): number[] {
  const ids: number[] = [];
  let at = 0;
  for (const match of text.matchAll(SPECIAL)) {
    const special = harmonyEncode(match[0], { allowedSpecial: 'all' });
    if (special.length !== 1) continue;
    if (match.index > at) ids.push(...harmonyEncode(text.slice(at, match.index)));
    ids.push(...special);
    at = match.index + match[0].length;
  }
  if (at < text.length) ids.push(...harmonyEncode(text.slice(at)));
  return ids;
}

describe('gpt-oss against gpt-tokenizer o200k_harmony', () => {
  it.each(goldenTexts()['gpt-oss'].map((g) => [g.name, g.text] as const))('%s', (_name, text) => {
    const tokenizer = shippedTokenizer('gpt-oss');
    expect(tokenizer.encode(text, { addSpecialTokens: false }).ids).toEqual(harmonyReference(text));
    expectTiling(tokenizer, text);
  });

  const dataDir = join(referenceDir, 'harmony', 'test-data');
  it.skipIf(!existsSync(dataDir))("openai/harmony's test renders", () => {
    const tokenizer = shippedTokenizer('gpt-oss');
    const files = readdirSync(dataDir).filter((f) => f.endsWith('.txt'));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const text = readFileSync(join(dataDir, file), 'utf8');
      expect(tokenizer.encode(text, { addSpecialTokens: false }).ids, file).toEqual(harmonyReference(text));
    }
  });
});
