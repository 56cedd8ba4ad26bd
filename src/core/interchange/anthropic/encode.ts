/**
 * Conversation → Anthropic Messages JSON. System and developer messages go to the top-level
 * `system` (one plain message: a string; several plain ones: joined by a blank line, docs/formats.md 'RWKV: mappings to the JSON dialects';
 * block-form or annotated ones: an array of text blocks). Tool messages and tool outputs become
 * `tool_result` blocks in a user message (consecutive ones share it, with the user text that
 * follows); calls become `tool_use` blocks with an `input` object; thoughts become `thinking`
 * (blocks in encode-blocks.ts). Lost and reported: speaker names, system positions, the
 * developer role, tool names of results, `returns` schemas, value types, FIM structure, and
 * what other dialects kept that Anthropic has no equivalent for.
 */
import { error, type Diagnostic } from '../../model/diagnostic.ts';
import type { FieldPath } from '../../model/path.ts';
import type { Message, ParleyRecord } from '../../model/types.ts';
import { Losses } from '../conversion.ts';
import type { OptionValues } from '../../shared/options.ts';
import type { EncodeHow, EncodeResult } from '../types.ts';
import { planCallIds, usedIds } from '../shared/call-id-plan.ts';
import { callIdFitter } from '../shared/call-id-fit.ts';
import { separatedResults } from '../shared/separated-results.ts';
import { merge, mergeFirst, type JsonObject } from '../../shared/json.ts';
import { segmentsOf } from '../shared/segments.ts';
import { shapeOf } from '../shared/shape.ts';
import { flatFunctionJson, flatToolExtra, keepsRawTool, ownTool, rawToolJson } from '../shared/tools.ts';
import { emptyResponseBlock } from './empty-text.ts';
import { ENCODE_CODES, TOOL_USE_ID, outputBlock, partBlocks, toolResultBlock, toolUseBlock, type AnthropicContext } from './encode-blocks.ts';
import { CODE, DIALECT, SHAPE, TARGET, type DocumentShape, type MessageShape } from './shape.ts';

export { ENCODE_CODES, partBlock } from './encode-blocks.ts';

interface Indexed {
  message: Message;
  path: FieldPath;
}

export function encodeAnthropic(record: ParleyRecord, _options?: Partial<OptionValues>, how?: EncodeHow): EncodeResult {
  const out: Diagnostic[] = [];
  if (record.kind !== 'chat') {
    out.push(error(CODE, 'Anthropic Messages holds chat conversations; a multi-file document cannot be written in it.'));
    return { json: null, diagnostics: out };
  }
  const wants = how?.wants?.bind(how);
  const losses = new Losses(TARGET, out, DIALECT, wants);
  const ids = planCallIds(record, { generate: true, target: TARGET, out, wants, required: { code: ENCODE_CODES.missingId, requires: 'Anthropic requires tool_use_id' } });
  const fitId = callIdFitter({ pattern: TOOL_USE_ID, replacement: '_', used: usedIds(record), code: ENCODE_CODES.idMapped, rule: 'Anthropic requires tool_use.id to match ^[a-zA-Z0-9_-]+$', out, wants });
  const context: AnthropicContext = { losses, ids, fitId };
  separatedResults(record, ENCODE_CODES.separatedResult, TARGET, out, wants);
  const system: Indexed[] = [];
  const others: Indexed[] = [];
  record.messages.forEach((message, i) => {
    const path = ['messages', i];
    if (message.role === 'system' || message.role === 'developer') {
      if (others.length > 0) losses.add('the position of a system message', path, 'Anthropic has only a top-level system; written there');
      if (message.role === 'developer') losses.add('the developer role', [...path, 'role'], 'written into the top-level system');
      system.push({ message, path });
    } else others.push({ message, path });
  });
  const doc: JsonObject = {};
  const systemJson = encodeSystem(system, shapeOf<DocumentShape>(record, SHAPE)?.emptySystem === true, losses);
  if (systemJson !== undefined) doc.system = systemJson;
  doc.messages = encodeMessages(others, context);
  const tools = record.tools.flatMap((source, i) => {
    const path = ['tools', i];
    if (source.returns !== undefined) losses.add('the returns schema', [...path, 'returns']);
    if (source.type !== undefined) {
      const raw = source as typeof source & { type: string };
      return keepsRawTool(raw, losses, path) ? [rawToolJson(raw)] : [];
    }
    const tool = ownTool(source, losses, path);
    return [flatFunctionJson(tool, 'input_schema', flatToolExtra(tool), losses.clash(path))];
  });
  if (record.tools.length > 0) doc.tools = tools;
  return { json: mergeFirst(doc, losses.extraOf(record, 'document', []), losses.clash([])), diagnostics: out };
}

function encodeSystem(list: Indexed[], emptyArray: boolean, losses: Losses): unknown {
  if (list.length === 0) return emptyArray ? [] : undefined;
  const extras = list.map(({ message, path }) => losses.extraOf(message, 'message', path));
  const plain = list.every(({ message }, i) => message.content?.type === 'text' && !message.content.mapping && !extras[i] && message.name === undefined);
  if (plain) {
    const second = list[1];
    if (second) losses.add(`the boundaries between ${list.length} system messages`, second.path, "joined by a blank line into Anthropic's system string");
    return list.map(({ message }) => (message.content?.type === 'text' ? message.content.text : '')).join('\n\n');
  }
  return list.flatMap(({ message, path }, i) => {
    if (message.name !== undefined) losses.add('the speaker name', [...path, 'name']);
    const content = message.content;
    let blocks: JsonObject[] = [];
    if (content?.type === 'text') blocks = [{ type: 'text', text: content.text }];
    else if (content?.type === 'parts') blocks = partBlocks(content.parts, [...path, 'content'], losses);
    else if (content?.type === 'blocks') {
      content.blocks.forEach((block, j) => {
        const blockPath = [...path, 'content', 'blocks', j];
        if (block.type === 'response' || block.type === 'thoughts') blocks.push(merge({ type: 'text', text: block.text }, losses.extraOf(block, 'text', blockPath)));
        else losses.add(`a ${block.type} block`, blockPath, 'the Anthropic system holds text only');
      });
    }
    const [first] = blocks;
    if (first) merge(first, extras[i], losses.clash(path));
    else losses.extra(extras[i], path);
    return blocks;
  });
}

function encodeMessages(list: Indexed[], context: AnthropicContext): JsonObject[] {
  const { losses } = context;
  const result: JsonObject[] = [];
  let group: JsonObject[] | undefined;
  let groupJson: JsonObject | undefined;
  const flush = () => {
    if (groupJson) result.push(groupJson);
    group = undefined;
    groupJson = undefined;
  };
  for (const { message, path } of list) {
    const separate = shapeOf<MessageShape>(message, SHAPE)?.separate === true;
    if (message.role === 'tool' || message.role === 'function') {
      if (!group || separate) {
        flush();
        group = [];
        groupJson = { role: 'user', content: group };
      }
      group.push(toolResultBlock(message, path, context));
      continue;
    }
    if (message.role === 'user' && group && groupJson && !separate && message.content?.type === 'parts') {
      group.push(...partBlocks(message.content.parts, [...path, 'content'], losses));
      commonLosses(message, path, losses);
      merge(groupJson, losses.extraOf(message, 'message', path), losses.clash(path));
      flush();
      continue;
    }
    flush();
    if (message.role === 'assistant') result.push(...assistantMessages(message, path, context));
    else result.push(userMessage(message, path, losses));
  }
  flush();
  return result;
}

function commonLosses(message: Message, path: FieldPath, losses: Losses): void {
  if (message.name !== undefined) losses.add(`the speaker name ${JSON.stringify(message.name)}`, [...path, 'name'], 'Anthropic messages have no name');
  if (message.toolCallId !== undefined && message.role !== 'tool') losses.id('the tool call id', [...path, 'toolCallId'], `an Anthropic ${message.role} message has no call id`);
  if (message.isError !== undefined && message.role !== 'tool' && message.role !== 'function') losses.add('the error flag', [...path, 'isError']);
}

function userMessage(message: Message, path: FieldPath, losses: Losses): JsonObject {
  commonLosses(message, path, losses);
  const content = message.content;
  let json: unknown;
  if (content?.type === 'text') json = content.text;
  else if (content?.type === 'parts') json = partBlocks(content.parts, [...path, 'content'], losses);
  else if (content?.type === 'blocks') {
    json = content.blocks.flatMap((block, j) => {
      const blockPath = [...path, 'content', 'blocks', j];
      if (block.type === 'response' || block.type === 'thoughts') return [merge({ type: 'text', text: block.text }, losses.extraOf(block, 'text', blockPath))];
      if (block.type === 'unknown') return losses.keepsRaw(block, block.raw, `a block of type ${JSON.stringify(block.sourceType)}`, blockPath) ? [block.raw] : [];
      losses.add(`a ${block.type} block`, blockPath, `an Anthropic ${message.role} message has no such block`);
      return [];
    });
  } else json = [];
  return merge({ role: message.role, content: json }, losses.extraOf(message, 'message', path), losses.clash(path));
}

function assistantMessages(message: Message, path: FieldPath, context: AnthropicContext): JsonObject[] {
  const { losses } = context;
  commonLosses(message, path, losses);
  const extra = losses.extraOf(message, 'message', path);
  const result: JsonObject[] = [];
  const content = message.content;
  if (content?.type === 'text' && (message.toolCalls === undefined || message.toolCalls.length === 0)) {
    return [merge({ role: message.role, content: content.text }, extra, losses.clash(path))];
  }
  let blocks: JsonObject[] = [];
  let results: JsonObject[] = [];
  const flushAssistant = () => {
    const json: JsonObject = { role: message.role, content: blocks };
    if (result.length === 0) merge(json, extra, losses.clash(path));
    result.push(json);
    blocks = [];
  };
  const hasCalls = (message.toolCalls?.length ?? 0) > 0;
  for (const segment of segmentsOf(message, path)) {
    if (segment.kind === 'output') {
      results.push(outputBlock(segment.output, segment.path, context));
      continue;
    }
    if (results.length > 0) {
      flushAssistant();
      result.push({ role: 'user', content: results });
      results = [];
    }
    switch (segment.kind) {
      case 'thoughts':
        if (segment.block.kind !== undefined) losses.add(`the thought kind ${JSON.stringify(segment.block.kind)}`, [...segment.path, 'kind']);
        blocks.push(merge({ type: 'thinking', thinking: segment.block.text }, losses.extraOf(segment.block, 'thoughts', segment.path), losses.clash(segment.path)));
        break;
      case 'text':
        // An empty text beside calls (OpenAI's `content: ""`) is not a block Anthropic accepts.
        if (!(segment.text === '' && hasCalls && !segment.fromBlock)) {
          if (segment.text === '' && segment.fromBlock) losses.out.push(emptyResponseBlock(message, segment.path));
          blocks.push(merge({ type: 'text', text: segment.text }, losses.extraOf(segment, 'text', segment.path), losses.clash(segment.path)));
        }
        break;
      case 'parts':
        blocks.push(...partBlocks(segment.parts, segment.path, losses, message.toolCalls?.length ?? 0));
        break;
      case 'call':
        blocks.push(toolUseBlock(segment.call, segment.path, context));
        break;
      case 'unknown':
        if (losses.keepsRaw(segment.block, segment.block.raw, `a block of type ${JSON.stringify(segment.block.sourceType)}`, segment.path)) blocks.push(segment.block.raw);
        break;
    }
  }
  if (blocks.length > 0 || result.length === 0) flushAssistant();
  if (results.length > 0) result.push({ role: 'user', content: results });
  return result;
}
