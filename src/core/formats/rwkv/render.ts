/**
 * Conversation → RWKV transcript text with spans. Each block is
 * `start tag` `\n` `payload` `\n` `end tag`, blocks are separated by `\n\n`.
 *
 * Training mask: the assistant writes its block payloads and end tags, and the whole of a
 * TOOL_CALL block (it chooses the tool, so its tag and the blank line before it are output
 * too). System, user and tool-result blocks, and the `<<ASSISTANT>>` tags (the prompt the
 * model continues from) are not trainable.
 */
import { error, warning, type Diagnostic } from '../../model/diagnostic.ts';
import { formatPath, type FieldPath } from '../../model/path.ts';
import type { ParleyRecord } from '../../model/types.ts';
import type { Rendered, RenderHow } from '../types.ts';
import { lostInConversion } from '../../shared/lost-in-conversion.ts';
import { checkArgumentsText } from '../../validate/tool-arguments.ts';
import { InjectionScan, tokenList } from '../shared/injection.ts';
import { SpanBuilder } from '../shared/span-builder.ts';
import { escapeAttribute } from './attributes.ts';
import { reportThoughtFlags } from '../shared/left-out.ts';
import { resolveOptions, type RwkvOptions } from './options.ts';
import { notShown, planMessage, type BlockPlan } from './plan.ts';
import { CODES, END_TAG, INJECTION_STRINGS, SEPARATOR, TAGS, type BlockKind } from './tokens.ts';

const SCAN = new InjectionScan(INJECTION_STRINGS);

const START_TAG: Record<Exclude<BlockKind, 'toolCall' | 'toolResult'>, string> = { sys: TAGS.sys, user: TAGS.user, assistant: TAGS.assistant };

function isJsonObjectText(text: string): boolean {
  const trimmed = text.trim();
  if (!trimmed.startsWith('{')) return false;
  try {
    const value: unknown = JSON.parse(trimmed);
    return typeof value === 'object' && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}

class Writer {
  readonly out: SpanBuilder;
  constructor(
    readonly diagnostics: Diagnostic[],
    how: RenderHow | undefined,
  ) {
    this.out = new SpanBuilder((text, path) => this.checkInjection(text, path), how);
  }

  private checkInjection(text: string, path: FieldPath): void {
    const tags = SCAN.find(text);
    if (tags === undefined) return;
    this.diagnostics.push(
      warning(CODES.tokenInjection, `${formatPath(path)} contains the RWKV tag text ${tokenList(tags)}; a reader of the transcript (and a tokenizer with these tags as special tokens) takes it for structure.`, path),
    );
  }

  block(plan: BlockPlan, open: boolean): void {
    const trainable = plan.kind === 'assistant' || plan.kind === 'toolCall';
    const tagTrainable = plan.kind === 'toolCall';
    if (plan.kind === 'toolCall' || plan.kind === 'toolResult') {
      this.out.push(plan.kind === 'toolCall' ? TAGS.toolCall : TAGS.toolResult, 'special', plan.path, tagTrainable);
      for (const attribute of plan.attributes) {
        this.out.push(` ${attribute.key}="`, 'structure', attribute.path, tagTrainable);
        this.out.content(escapeAttribute(attribute.value), attribute.path, tagTrainable);
        this.out.push('"', 'structure', attribute.path, tagTrainable);
      }
      this.out.push(TAGS.close, 'special', plan.path, tagTrainable);
    } else {
      this.out.push(START_TAG[plan.kind], 'special', plan.path, false);
    }
    this.out.push('\n', 'structure', plan.path, tagTrainable);
    for (const piece of plan.payload) {
      if (piece.kind === 'content') this.out.content(piece.text, piece.path, trainable);
      else this.out.push(piece.text, 'structure', piece.path, trainable);
    }
    if (open) return;
    this.out.push('\n', 'structure', plan.path, trainable);
    this.out.push(END_TAG[plan.kind], 'special', plan.path, trainable);
  }
}

function checkPayload(plan: BlockPlan, diagnostics: Diagnostic[]): void {
  if (!plan.objectPayload) return;
  const text = plan.payload.map((piece) => piece.text).join('');
  if (isJsonObjectText(text)) return;
  const what = plan.kind === 'toolCall' ? 'tool call arguments' : 'a tool result';
  // Call arguments: the problem validateRecord also reports, under its code (listed once), in RWKV's words.
  const code = plan.kind === 'toolCall' ? (checkArgumentsText(text, plan.objectPayload).diagnostics[0]?.code ?? CODES.payloadNotObject) : CODES.payloadNotObject;
  diagnostics.push(warning(code, `${formatPath(plan.objectPayload)}: RWKV ${plan.kind === 'toolCall' ? 'TOOL_CALL' : 'TOOL_RESULT'} payloads must be JSON objects (spec 004); ${what} ${text.trim() === '' ? 'is empty' : 'is not a JSON object'}.`, plan.objectPayload));
}

export function renderRwkv(record: ParleyRecord, options?: Partial<RwkvOptions>, how?: RenderHow): Rendered {
  const { streaming } = resolveOptions(options);
  const diagnostics: Diagnostic[] = [];
  if (record.kind !== 'chat') {
    diagnostics.push(error(CODES.recordKind, 'RWKV transcripts are chat conversations; a multi-file document has no RWKV form.'));
    return { text: '', spans: [], diagnostics };
  }
  notShown(diagnostics, record, []);
  reportThoughtFlags(record.messages, 'RWKV', diagnostics);
  const plans = record.messages.flatMap((message, index) => planMessage(message, index, diagnostics));
  if (record.tools.length > 0) {
    const count = record.tools.length === 1 ? 'the tool definition' : `the ${record.tools.length} tool definitions`;
    diagnostics.push(lostInConversion(count, 'RWKV has no block for tool definitions; they are not rendered', ['tools']));
  }
  const last = plans[plans.length - 1];
  if (streaming && last?.kind !== 'assistant') plans.push({ kind: 'assistant', path: [], attributes: [], payload: [] });
  const writer = new Writer(diagnostics, how);
  plans.forEach((plan, i) => {
    if (i > 0) writer.out.push(SEPARATOR, 'structure', [], plan.kind === 'toolCall');
    checkPayload(plan, diagnostics);
    writer.block(plan, streaming && i === plans.length - 1);
  });
  const { text, spans } = writer.out.finish();
  return { text, spans, diagnostics };
}
