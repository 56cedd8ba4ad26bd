/**
 * The gallery's harmony function-calling example against the complete input of the harmony
 * guide's "Handling tool calls" (../shared/reference/harmony/format.md, the code block after
 * "run inference with the complete content"): the same text but for where the call's recipient
 * stands. The guide writes it after the channel, as the model writes it
 * (`<|channel|>commentary to=functions.x`); openai/harmony's renderer, which Parley follows
 * (test_does_not_drop_if_ongoing_analysis.txt), writes it after the role.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderHarmony } from '../../src/core/formats/harmony/render.ts';
import { findExample } from '../../src/app/examples/catalog.ts';
import { harmonyAvailable, harmonyDir, SKIP_REASON } from './reference.ts';

function guideBlock(after: string): string {
  const guide = readFileSync(join(harmonyDir, 'format.md'), 'utf8');
  const at = guide.indexOf(after);
  if (at === -1) throw new Error(`"${after}" not found in format.md`);
  const open = guide.indexOf('```\n', at) + 4;
  return guide.slice(open, guide.indexOf('\n```', open));
}

describe.skipIf(!harmonyAvailable)('the harmony gallery', () => {
  it('function calling renders the guide’s complete input, with the recipient where the renderer puts it', () => {
    const example = findExample('harmony-function-calling');
    if (!example) throw new Error('missing example');
    const expected = guideBlock('run inference with the complete content');
    // The guide's call writes the function it declared as get_weather; the example calls get_current_weather.
    const rendered = renderHarmony(example.build(), example.options).text;
    // The guide's block has a stray vertical tab after <|call|> (a typo of the guide, not harmony).
    const guide = expected.replaceAll('get_weather', 'get_current_weather').replace('<|call|>\v', '<|call|>');
    expect(guide).toContain('<|start|>assistant<|channel|>commentary to=functions.get_current_weather <|constrain|>json');
    expect(rendered).toBe(guide.replace('<|start|>assistant<|channel|>commentary to=functions.get_current_weather', '<|start|>assistant to=functions.get_current_weather<|channel|>commentary'));
  });
});

if (!harmonyAvailable) describe.skip(SKIP_REASON, () => it('skipped', () => undefined));
