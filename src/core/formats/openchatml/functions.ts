/**
 * Function calling (spec §8, docs/formats.md 'OpenChatML: function calling'): the function list after the system content, calls
 * as `<|function_call|>\n{"arguments": …, "name": …}` (compact, Python separators) and outputs
 * as `<|function_output|>\n{"name": …, "content": …}` (pretty, 2 spaces). Outputs answer calls
 * in order (§8.4); `CallLedger` does that pairing and reports what does not pair.
 */
import type { FieldPath } from '../../model/path.ts';
import type { ToolCall, ToolDefinition } from '../../model/types.ts';
import { checkArgumentsText, TOOL_CALL_CODES } from '../../validate/tool-arguments.ts';
import { CODES } from './codes.ts';
import type { Emitter } from './emitter.ts';
import { nodeOf, readJson, withOrigin, type JsonEntry, type JsonNode } from './json-node.ts';
import type { JsonLayout } from './json-write.ts';
import { pythonString } from './json-write.ts';
import { TOKENS } from './tokens.ts';

export function compactLayout(e: Emitter): JsonLayout {
  return { indent: undefined, style: e.options.jsonStyle, ensureAscii: e.options.ensureAscii };
}

export function prettyLayout(e: Emitter): JsonLayout {
  return { indent: 2, style: e.options.jsonStyle, ensureAscii: e.options.ensureAscii };
}

function text(value: string, path: FieldPath): JsonNode {
  return { type: 'string', value, origin: { path, author: true } };
}

/** The tools OpenChatML can list, with their indices; the others are reported. */
export function listableTools(e: Emitter, tools: readonly ToolDefinition[]): { tool: ToolDefinition; index: number }[] {
  const out: { tool: ToolDefinition; index: number }[] = [];
  tools.forEach((tool, index) => {
    const path: FieldPath = ['tools', index];
    if (tool.type !== undefined) {
      e.warn(CODES.lost, `lost in conversion: tool ${index + 1} is a built-in tool of type ${JSON.stringify(tool.type)}; the OpenChatML function list holds functions only, so it is not listed.`, path);
      return;
    }
    if (tool.returns !== undefined) {
      e.warn(CODES.lost, `lost in conversion: the "returns" schema of tool ${index + 1} (${JSON.stringify(tool.name)}); an OpenChatML function signature has name, description and parameters (§8.1).`, [...path, 'returns']);
    }
    out.push({ tool, index });
  });
  return out;
}

/** `{"type": "function", "function": {"name": …, "description": …, "parameters": …}}` (§8.1). */
export function toolNode(tool: ToolDefinition, index: number): JsonNode {
  const path: FieldPath = ['tools', index];
  const fields: JsonEntry[] = [{ key: 'name', value: text(tool.name, [...path, 'name']) }];
  if (tool.description !== undefined) fields.push({ key: 'description', value: text(tool.description, [...path, 'description']) });
  if (tool.parameters !== undefined) fields.push({ key: 'parameters', value: withOrigin(nodeOf(tool.parameters), { path: [...path, 'parameters'], author: true }) });
  return {
    type: 'object',
    origin: { path, author: false },
    entries: [
      { key: 'type', value: { type: 'string', value: 'function' } },
      { key: 'function', value: { type: 'object', entries: fields } },
    ],
  };
}

/** `\n<|function_list|>\n` and the definitions, one after another on their own lines. */
export function renderFunctionList(e: Emitter, tools: readonly { tool: ToolDefinition; index: number }[]): void {
  e.structure('\n', ['tools'], false);
  e.special(TOKENS.functionList, ['tools'], false);
  e.structure('\n', ['tools'], false);
  tools.forEach(({ tool, index }, k) => {
    if (k > 0) e.structure('\n', ['tools', index], false);
    e.json(toolNode(tool, index), prettyLayout(e), false);
  });
}

/** `<|function_call|>\n{"arguments": …, "name": …}` for one call at `path`. */
export function renderCall(e: Emitter, call: ToolCall, path: FieldPath, trainable: boolean): void {
  e.special(TOKENS.functionCall, path, trainable);
  e.structure('\n', path, trainable);
  const read = readJson(call.arguments);
  if (read.ok && read.node.type === 'object') {
    const node: JsonNode = {
      type: 'object',
      origin: { path, author: false },
      entries: [
        { key: 'arguments', value: withOrigin(read.node, { path: [...path, 'arguments'], author: true }) },
        { key: 'name', value: text(call.name, [...path, 'name']) },
      ],
    };
    e.json(node, compactLayout(e), trainable);
    return;
  }
  const argumentsPath = [...path, 'arguments'];
  if (call.arguments.trim() === '') {
    // Empty arguments (a new call before anything is typed) mean none: the object §8.2 needs, {} (issue 24).
    e.structure('{"arguments": ', path, trainable);
    e.structure('{}', argumentsPath, trainable);
    e.structure(', "name": ', path, trainable);
    e.content(pythonString(call.name, e.options.ensureAscii), [...path, 'name'], trainable);
    e.structure('}', path, trainable);
    return;
  }
  // The problem validateRecord also reports, under its code (one problem in the app and CLI), in OpenChatML's words.
  const shared = checkArgumentsText(call.arguments, argumentsPath).diagnostics[0];
  e.error(
    shared?.code ?? TOOL_CALL_CODES.notObject,
    `The arguments of the call to ${JSON.stringify(call.name)} must be a JSON object (§8.2: "arguments" has type object): ${shared?.message ?? 'they are not one.'} They are written as typed.`,
    argumentsPath,
  );
  e.structure('{"arguments": ', path, trainable);
  e.content(call.arguments, [...path, 'arguments'], trainable);
  e.structure(', "name": ', path, trainable);
  e.content(pythonString(call.name, e.options.ensureAscii), [...path, 'name'], trainable);
  e.structure('}', path, trainable);
}

/** What a function output says: its own name (when set) and content, with their fields. */
export interface OutputSource {
  name: string | undefined;
  namePath: FieldPath;
  /** The output text; undefined when the message has none (written as null). */
  content: string | undefined;
  contentPath: FieldPath;
}

export interface PendingCall {
  name: string;
  callId: string | undefined;
  /** The call's path (`…calls[c]` or `…toolCalls[c]`). */
  path: FieldPath;
}

/** The JSON value of an output's content: its JSON when it is JSON text, else the text as a string. */
export function outputContentNode(content: string | undefined, path: FieldPath): JsonNode {
  if (content === undefined) return { type: 'null', origin: { path, author: true } };
  const read = readJson(content);
  return withOrigin(read.ok ? read.node : { type: 'string', value: content }, { path, author: true });
}

/** `<|function_output|>\n{"name": …, "content": …}`; the name is the output's own or the answered call's. */
export function renderOutput(e: Emitter, source: OutputSource, answered: PendingCall | undefined, path: FieldPath): void {
  e.special(TOKENS.functionOutput, path, false);
  e.structure('\n', path, false);
  const name =
    source.name !== undefined && source.name !== ''
      ? text(source.name, source.namePath)
      : answered !== undefined
        ? text(answered.name, [...answered.path, 'name'])
        : text('', source.namePath);
  const node: JsonNode = {
    type: 'object',
    origin: { path, author: false },
    entries: [
      { key: 'name', value: name },
      { key: 'content', value: outputContentNode(source.content, source.contentPath) },
    ],
  };
  e.json(node, prettyLayout(e), false);
}

/** Pairs outputs with calls in order (§8.4) and reports what does not pair. */
export class CallLedger {
  private readonly queue: PendingCall[] = [];

  add(call: ToolCall, path: FieldPath): void {
    this.queue.push({ name: call.name, callId: call.callId, path });
  }

  /** The call the next output answers, with the checks of that pairing. */
  answer(e: Emitter, name: string | undefined, callId: string | undefined, path: FieldPath, label: string): PendingCall | undefined {
    const call = this.queue.shift();
    if (call === undefined) {
      e.warn(CODES.outputWithoutCall, `${label} is a function output, but no function call is waiting for one: OpenChatML pairs outputs with the calls before them in order (§8.4), and every earlier call already has its output.`, path);
      return undefined;
    }
    if (name !== undefined && name !== '' && name !== call.name) {
      e.warn(CODES.outputNameMismatch, `${label} names the function ${JSON.stringify(name)}, but in order it answers the call to ${JSON.stringify(call.name)} (§8.4: outputs follow the calls' order).`, path);
    }
    if (callId !== undefined && call.callId !== undefined && callId !== call.callId) {
      e.warn(
        CODES.outputOrder,
        `${label} answers call id ${JSON.stringify(callId)}, but OpenChatML has no call ids and pairs outputs with calls in order: this output will be read as the output of call ${JSON.stringify(call.callId)} (${JSON.stringify(call.name)}). Put the tool messages in the order of the calls.`,
        path,
      );
    }
    return call;
  }

  /** Calls still waiting when a new user or system message starts. */
  reportUnanswered(e: Emitter, before: string): void {
    for (const call of this.queue.splice(0)) {
      e.warn(CODES.callWithoutOutput, `The call to ${JSON.stringify(call.name)} gets no function output before ${before}; each call needs one, in the order of the calls (§8.4).`, call.path);
    }
  }
}
