/** The examples gallery: every example of specs 000, 001 and 003 (catalog.test.ts checks that none is missing), the ChatML and Llama 3.1 examples, and harmony's. */
import { SPEC_000_EXAMPLES } from './spec000.ts';
import { SPEC_001_EXAMPLES } from './spec001.ts';
import { SPEC_003_EXAMPLES } from './spec003.ts';
import { HUB_FORMAT_EXAMPLES } from './hub-formats.ts';
import { HARMONY_EXAMPLES } from './harmony.ts';
import type { Example } from './types.ts';

export const EXAMPLE_GROUPS: readonly { title: string; examples: readonly Example[] }[] = [
  { title: 'Apertus chat format (spec 000)', examples: SPEC_000_EXAMPLES },
  { title: 'Apertus Python API (spec 001)', examples: SPEC_001_EXAMPLES },
  { title: 'OpenChatML v0.1 (spec 003)', examples: SPEC_003_EXAMPLES },
  { title: 'ChatML (Qwen2.5) and Llama 3.1', examples: HUB_FORMAT_EXAMPLES },
  { title: 'Harmony (gpt-oss)', examples: HARMONY_EXAMPLES },
];

export const EXAMPLES: readonly Example[] = EXAMPLE_GROUPS.flatMap((group) => group.examples);

/** What a new visitor sees: spec 000's "Example 2: Structured format with tools". */
export const DEFAULT_EXAMPLE_ID = 's000-example-2';

export function findExample(id: string): Example | undefined {
  return EXAMPLES.find((example) => example.id === id);
}

export function defaultExample(): Example {
  const example = findExample(DEFAULT_EXAMPLE_ID);
  if (!example) throw new Error(`The default example ${DEFAULT_EXAMPLE_ID} is missing from the catalog.`);
  return example;
}
