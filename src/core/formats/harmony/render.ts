/**
 * Record → harmony text with spans, as openai/harmony's renderer writes it
 * (`render_conversation_for_completion` / `_for_training` / `render_conversation`):
 *
 *   <|start|>{author}[:{name}][ to={recipient}][<|channel|>{channel}][ {type}|  <|constrain|>{type}]<|message|>{body}<|end|>
 *
 * An assistant message with a recipient ends with `<|call|>`; the last message, an assistant
 * one on the final channel, with `<|return|>` (option). Analysis messages before the first
 * final one are dropped when the conversation's last assistant message is final (openai/harmony
 * `auto_drop_analysis`, the default; option `keepAnalysis`).
 *
 * Training mask: an assistant message is trainable from its header on; its `<|start|>assistant`
 * too, except for the first message of a run of assistant messages (that one is the prompt
 * the model continues from). Everything else is not.
 */
import { error, info, warning, type Diagnostic } from '../../model/diagnostic.ts';
import { formatPath, type FieldPath } from '../../model/path.ts';
import type { Conversation, ParleyRecord, ToolDefinition } from '../../model/types.ts';
import { lostInConversion } from '../../shared/lost-in-conversion.ts';
import { InjectionScan, tokenList } from '../shared/injection.ts';
import { SpanBuilder } from '../shared/span-builder.ts';
import type { Rendered, RenderHow } from '../types.ts';
import { contentPieces } from './content.ts';
import { resolveOptions, type HarmonyOptions } from './options.ts';
import { notShown, type Piece } from './pieces.ts';
import { CallNames, planMessage, type HarmonyMessage } from './plan.ts';
import { developerPieces, systemText } from './system.ts';
import { CODES, INJECTION_STRINGS, TOKENS } from './tokens.ts';

const SCAN = new InjectionScan(INJECTION_STRINGS);

class Writer {
  readonly out: SpanBuilder;
  constructor(
    readonly diagnostics: Diagnostic[],
    how: RenderHow | undefined,
  ) {
    this.out = new SpanBuilder((text, path) => this.checkInjection(text, path), how);
  }

  private checkInjection(text: string, path: FieldPath): void {
    const found = SCAN.find(text);
    if (found === undefined) return;
    this.diagnostics.push(warning(CODES.tokenInjection, `${formatPath(path)} contains the harmony special token text ${tokenList(found)}; a tokenizer that parses special tokens in text takes it for structure.`, path));
  }

  pieces(pieces: readonly Piece[], trainable: boolean): void {
    for (const piece of pieces) {
      if (piece.kind === 'content') this.out.content(piece.text, piece.path, trainable);
      else this.out.push(piece.text, 'structure', piece.path, trainable);
    }
  }

  message(message: HarmonyMessage, opensTurn: boolean, endToken: string): void {
    const trainable = message.role === 'assistant';
    const startTrainable = trainable && !opensTurn;
    this.out.special(TOKENS.start, message.path, startTrainable);
    this.pieces(message.author, startTrainable);
    if (message.name) this.pieces(message.name, trainable);
    if (message.recipient) {
      this.out.push(' to=', 'structure', message.path, trainable);
      this.pieces(message.recipient, trainable);
    }
    if (message.channel !== undefined) {
      this.out.special(TOKENS.channel, message.path, trainable);
      // A channel the author chose is content; the format's default one is structure.
      if (message.channelPath.length > message.path.length) this.out.content(message.channel, message.channelPath, trainable);
      else this.out.push(message.channel, 'structure', message.channelPath, trainable);
    }
    if (message.contentType) {
      this.out.push(' ', 'structure', message.path, trainable);
      if (message.contentType.constrained) this.out.special(TOKENS.constrain, message.path, trainable);
      this.pieces(message.contentType.rest, trainable);
    }
    this.out.special(TOKENS.message, message.path, trainable);
    this.pieces(message.body, trainable);
    this.out.special(endToken, message.path, trainable);
  }
}

/** The instructions (the first message, when it is a system or developer message with no harmony header of its own). */
function instructionsOf(record: Conversation): number | undefined {
  const first = record.messages[0];
  if (first === undefined || (first.role !== 'system' && first.role !== 'developer')) return undefined;
  return first.channel === undefined && first.recipient === undefined && first.contentType === undefined ? 0 : undefined;
}

function functionTools(tools: readonly ToolDefinition[], out: Diagnostic[]): { tool: ToolDefinition; index: number }[] {
  const functions: { tool: ToolDefinition; index: number }[] = [];
  tools.forEach((tool, index) => {
    const path: FieldPath = ['tools', index];
    if (tool.type !== undefined) {
      out.push(lostInConversion(`the built-in tool ${JSON.stringify(tool.name || tool.type)}`, "harmony declares function tools; its own built-in tools are the options Browser tool and Python tool", path));
      return;
    }
    notShown(out, tool, path);
    if (tool.returns !== undefined) out.push(lostInConversion('the result schema', 'harmony declares every function as returning any', [...path, 'returns']));
    functions.push({ tool, index });
  });
  return functions;
}

/**
 * Indexes of the messages openai/harmony drops: analysis messages before the first final one,
 * when the last assistant message is final (`render_conversation_into`).
 */
export function droppedAnalysis(messages: readonly HarmonyMessage[]): Set<number> {
  const dropped = new Set<number>();
  let lastAssistant: HarmonyMessage | undefined;
  for (const message of messages) if (message.role === 'assistant') lastAssistant = message;
  if (lastAssistant?.channel !== 'final') return dropped;
  const firstFinal = messages.findIndex((message) => message.channel === 'final');
  for (let i = 0; i < firstFinal; i += 1) if (messages[i]?.channel === 'analysis') dropped.add(i);
  return dropped;
}

function renderConversation(record: Conversation, options: HarmonyOptions, writer: Writer, diagnostics: Diagnostic[]): void {
  notShown(diagnostics, record, []);
  const tools = functionTools(record.tools, diagnostics);
  if (options.systemMessage) {
    writer.out.special(TOKENS.start, [], false);
    writer.out.push('system', 'structure', [], false);
    writer.out.special(TOKENS.message, [], false);
    writer.out.push(systemText(options, tools.length > 0), 'structure', [], false);
    writer.out.special(TOKENS.end, [], false);
  }
  const instructionsAt = instructionsOf(record);
  const names = new CallNames();
  if (instructionsAt !== undefined || tools.length > 0) {
    const path: FieldPath = instructionsAt === undefined ? ['tools'] : ['messages', instructionsAt];
    const first = instructionsAt === undefined ? undefined : record.messages[instructionsAt];
    if (first !== undefined) {
      notShown(diagnostics, first, path);
      if (first.name !== undefined) diagnostics.push(lostInConversion(`the speaker name ${JSON.stringify(first.name)}`, 'the developer message has no name', [...path, 'name']));
      if (first.role === 'system') diagnostics.push(info(CODES.notShown, `${formatPath(path)}: the system prompt is written as the developer message's instructions (harmony's system message holds the options).`, [...path, 'role'], undefined, 'content'));
      if (first.thoughtFlags !== undefined && first.thoughtFlags.length > 0) diagnostics.push(lostInConversion('the thought flags', 'harmony sets reasoning with the Reasoning effort option, not per message', [...path, 'thoughtFlags']));
      first.toolCalls?.forEach((_, k) => diagnostics.push(lostInConversion('a tool call', 'the developer message has no calls', [...path, 'toolCalls', k])));
    }
    const instructions = first === undefined ? undefined : contentPieces(first.content, [...path, 'content'], diagnostics);
    writer.out.special(TOKENS.start, path, false);
    writer.out.push('developer', 'structure', path, false);
    writer.out.special(TOKENS.message, path, false);
    writer.pieces(developerPieces(instructions, path, tools), false);
    writer.out.special(TOKENS.end, path, false);
  }
  const messages = record.messages.flatMap((message, index) => (index === instructionsAt ? [] : planMessage(message, index, diagnostics, names)));
  const dropped = options.keepAnalysis ? new Set<number>() : droppedAnalysis(messages);
  const kept = messages.filter((message, i) => {
    if (!dropped.has(i)) return true;
    diagnostics.push(info(CODES.droppedAnalysis, `${formatPath(message.path)}: this chain of thought (analysis) comes before the first final message and is not rendered, as openai/harmony drops it (option Keep earlier analysis).`, message.path, undefined, 'content'));
    return false;
  });
  kept.forEach((message, i) => {
    const last = i === kept.length - 1;
    const previous = kept[i - 1];
    let end: string = TOKENS.end;
    if (message.role === 'assistant' && message.recipient !== undefined) end = TOKENS.call;
    else if (last && options.returnToken && message.role === 'assistant' && message.channel === 'final') end = TOKENS.return;
    writer.message(message, previous?.role !== 'assistant', end);
  });
  if (options.addGenerationPrompt) {
    writer.out.special(TOKENS.start, [], false);
    writer.out.push('assistant', 'structure', [], false);
  }
}

export function renderHarmony(record: ParleyRecord, options?: Partial<HarmonyOptions>, how?: RenderHow): Rendered {
  const resolved = resolveOptions(options);
  const diagnostics: Diagnostic[] = [];
  if (record.kind !== 'chat') {
    diagnostics.push(error(CODES.recordKind, 'Harmony renders chat conversations; a multi-file document has no harmony form.'));
    return { text: '', spans: [], diagnostics };
  }
  const writer = new Writer(diagnostics, how);
  renderConversation(record, resolved, writer, diagnostics);
  const { text, spans } = writer.out.finish();
  return { text, spans, diagnostics };
}
