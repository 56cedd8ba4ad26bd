/**
 * What the native template formats (ChatML-Qwen2.5, Llama 3.1) report of the message list their
 * reference template does not write (template-messages.ts builds it; the Jinja format passes
 * all of it to the user's template, which decides).
 */
import { info, type Diagnostic } from '../../model/diagnostic.ts';
import { formatPath, type FieldPath } from '../../model/path.ts';
import type { Extensible, Message } from '../../model/types.ts';
import { fieldList, lostInConversion } from '../../shared/lost-in-conversion.ts';
import { reportTextNotes, reportThoughtFlags } from './left-out.ts';
import type { TemplateMessage } from './template-messages.ts';

/**
 * What a Hub template does not write of the messages: names and error flags (one diagnostic
 * each), and call ids (one diagnostic for all the calls and one for all the results, at the
 * first: OpenAI data has an id on every call, and a warning per id buried the others).
 */
export function reportUnwritten(messages: readonly TemplateMessage[], label: string, out: Diagnostic[]): void {
  let callIds = 0;
  let firstCallId: FieldPath | undefined;
  let resultIds = 0;
  let firstResultId: FieldPath | undefined;
  for (const message of messages) {
    const { source, path } = message;
    if (message.continued) continue;
    if (source.name !== undefined) {
      const what = source.role === 'tool' || source.role === 'function' ? 'tool name' : 'speaker name';
      out.push(lostInConversion(`the ${what} ${JSON.stringify(source.name)}`, `${label} writes no names`, [...path, 'name']));
    }
    if (source.isError !== undefined) out.push(lostInConversion(`the error flag (${String(source.isError)})`, `${label} tool results carry no status`, [...path, 'isError']));
    if (source.toolCallId !== undefined) {
      resultIds += 1;
      firstResultId ??= [...path, message.fromBlock ? 'callId' : 'toolCallId'];
    }
    for (const { call, path: callPath } of message.calls) {
      if (call.callId === undefined) continue;
      callIds += 1;
      firstCallId ??= [...callPath, 'callId'];
    }
  }
  if (firstCallId) out.push(lostInConversion(callIds === 1 ? 'the call id of a tool call' : `the call ids of ${callIds} tool calls`, `${label} tool calls carry no id`, firstCallId, 'harmless'));
  if (firstResultId) {
    const what = resultIds === 1 ? 'the call id of a tool result' : `the call ids of ${resultIds} tool results`;
    out.push(lostInConversion(what, `${label} tool results carry no call id; they answer the calls in order`, firstResultId, 'harmless'));
  }
}

/**
 * The unknown fields a source kept (`extra`: a request's `model`, a message's metadata) have no
 * place in a template's text: listed as not shown, an info rather than a loss (as RWKV does).
 */
export function reportNotShown(record: Extensible, messages: readonly Message[], label: string, code: string, out: Diagnostic[]): void {
  const report = (node: Extensible, path: FieldPath) => {
    if (node.extra === undefined) return;
    const keys = Object.keys(node.extra);
    if (keys.length === 0) return;
    const at = [...path, 'extra'];
    out.push(info(code, `not shown in ${label} text: ${fieldList(keys)} at ${formatPath(at)} (the template has no place for a source's other fields)`, at, undefined, 'content'));
  };
  report(record, []);
  // The path only for a message that kept fields (most have none: no array per message per render).
  for (let i = 0; i < messages.length; i++) if ((messages[i] as Message).extra !== undefined) report(messages[i] as Message, ['messages', i]);
}

/**
 * Whether a message may have what the source-field reports name: unknown fields, content in
 * parts or blocks (their citations and annotations), thought flags. Most conversations have
 * none: one pass over the messages answers for the three passes below.
 */
function anySourceFields(messages: readonly Message[]): boolean {
  for (let i = 0; i < messages.length; i++) {
    const message = messages[i] as Message;
    if (message.extra !== undefined || message.thoughtFlags !== undefined) return true;
    const content = message.content;
    if (content !== undefined && content !== null && content.type !== 'text') return true;
  }
  return false;
}

/**
 * What the native template formats report of the source's own fields, in this order: the
 * unknown fields not shown (`reportNotShown`), the citations and annotations on text
 * (left-out.ts `reportTextNotes`), the thought flags (`reportThoughtFlags`).
 */
export function reportSourceFields(record: Extensible & { messages: readonly Message[] }, label: string, notShownCode: string, out: Diagnostic[]): void {
  if (record.extra === undefined && !anySourceFields(record.messages)) return;
  reportNotShown(record, record.messages, label, notShownCode, out);
  reportTextNotes(record.messages, label, out);
  reportThoughtFlags(record.messages, label, out);
}
