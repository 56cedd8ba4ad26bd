/**
 * Issue 22 item 4 on a real document: litellm's Codex transcript (`ll-resp2oa-codex-interleave`,
 * an OpenAI Responses input with a user message between a function_call and its output).
 * Validation names the separated result with a fix; converting to Anthropic or OpenAI Chat says
 * the API refuses it; after the fix, the result follows its call and nothing is said.
 */
import { describe, expect, it } from 'vitest';
import { applyFixes } from '../../src/core/fix/apply.ts';
import { anthropicCodec } from '../../src/core/interchange/anthropic/index.ts';
import { openAiChatCodec } from '../../src/core/interchange/openai-chat/index.ts';
import { openAiResponsesCodec } from '../../src/core/interchange/openai-responses/index.ts';
import type { Conversation } from '../../src/core/model/types.ts';
import { CALL_ID_CODES } from '../../src/core/validate/call-ids.ts';
import { validateRecord } from '../../src/core/validate/index.ts';
import { interopCases, interopValues, SKIP_REASON } from './cases.ts';

const codex = interopCases().find((entry) => entry.id === 'll-resp2oa-codex-interleave' || entry.file.endsWith('ll-resp2oa-codex-interleave.json'));
const separatedCodes = (record: Conversation) =>
  [...anthropicCodec.encode(record).diagnostics, ...openAiChatCodec.encode(record).diagnostics].map((d) => d.code).filter((code) => code.endsWith('result-separated-from-call'));

describe.skipIf(codex === undefined)(`litellm's Codex case (${codex === undefined ? SKIP_REASON : codex.file})`, () => {
  const record = () => openAiResponsesCodec.decode(interopValues(codex!)[0]).record as Conversation;

  it('is one separated-result error, with a fix, and both targets say the API refuses it', () => {
    const found = validateRecord(record());
    expect(found.map((d) => d.code)).toEqual([CALL_ID_CODES.separatedResult]);
    expect(found[0]?.fix).toBeDefined();
    expect(separatedCodes(record())).toEqual(['anthropic/result-separated-from-call', 'openai-chat/result-separated-from-call']);
  });

  it('after the fix, the output follows its call and nothing is reported', () => {
    const source = record();
    const { record: fixed, applied } = applyFixes(source, validateRecord(source), { recheck: validateRecord });
    expect(applied.map((fix) => fix.id)).toEqual(['tool-output/move-next-to-call']);
    const conversation = fixed as Conversation;
    expect(validateRecord(conversation)).toEqual([]);
    expect(separatedCodes(conversation)).toEqual([]);
    const roles = conversation.messages.map((m) => m.role);
    expect(roles.indexOf('tool')).toBe(roles.indexOf('assistant') + 1);
  });
});
