/**
 * The mask controls applied to a render's spans (core/tokens' `spanTrainable`), for the Text
 * view's shading and for the token worker, which gets them flattened. Memoised on its inputs: a
 * keystroke masks once however many views read it.
 */
import type { ParleyRecord, Rendered, Span } from '../../core/index.ts';
// mask.ts, not the folder's index: that one brings the tokenizer library into the Text view's chunk.
import { messageOf, spanTrainable } from '../../core/tokens/mask.ts';
import type { MaskOptions } from '../../core/tokens/types.ts';
import { SPAN_FIELDS } from '../../core/tokens/flat.ts';
import { isDefaultMask, type MaskSettings } from './mask-settings.ts';
// branch-view.ts, not the store's index: it imports only core (the token worker loads this file too).
import { branchOf, conversationPath, shownBranches } from '../store/branch-view.ts';

/** The controls as core's options: the one "thoughts and tool calls" switch sets both. */
export function toMaskOptions(settings: MaskSettings): MaskOptions {
  const messages: Record<number, boolean> = {};
  for (const [key, on] of Object.entries(settings.messages)) messages[Number(key)] = on;
  return { turns: settings.turns, thoughts: settings.thoughtsAndTools, toolCalls: settings.thoughtsAndTools, messages };
}

let last: { spans: readonly Span[]; record: ParleyRecord; settings: MaskSettings; masked: readonly Span[] } | undefined;

/** `spans` with their `trainable` flags after the controls; the same array when the controls are the default. */
export function maskedSpans(record: ParleyRecord, spans: readonly Span[], settings: MaskSettings): readonly Span[] {
  if (isDefaultMask(settings)) return spans;
  if (last && last.spans === spans && last.record === record && last.settings === settings) return last.masked;
  const flags = spanTrainable(record, spans, toMaskOptions(settings));
  const masked = spans.map((span, i) => (span.trainable === flags[i] ? span : { ...span, trainable: flags[i] === true }));
  last = { spans, record, settings, masked };
  return masked;
}

/** What the worker needs of the spans: start, end, message index and "special" per span, and the masked flags. */
export function flattenSpans(spans: readonly Span[]): { spans: Int32Array; trainable: Uint8Array } {
  const flat = new Int32Array(spans.length * SPAN_FIELDS);
  const trainable = new Uint8Array(spans.length);
  spans.forEach((span, i) => {
    flat[i * SPAN_FIELDS] = span.start;
    flat[i * SPAN_FIELDS + 1] = span.end;
    flat[i * SPAN_FIELDS + 2] = messageOf(span);
    flat[i * SPAN_FIELDS + 3] = span.kind === 'special' ? 1 : 0;
    trainable[i] = span.trainable ? 1 : 0;
  });
  return { spans: flat, trainable };
}

let lastBranch: { spans: readonly Span[]; record: ParleyRecord; settings: MaskSettings; masked: readonly Span[] } | undefined;

/**
 * The masked render of the current state (a shared helper of the views and the token client). A
 * training record's render is one branch (store/branch-view.ts) with its spans at the record's
 * paths: the controls apply to that branch as the conversation it trains (its turns, its last
 * turn), and the spans keep the record's paths.
 */
export function maskedRender(state: { record: ParleyRecord; trainingMask: MaskSettings }, rendered: Rendered): readonly Span[] {
  const { record, trainingMask: settings } = state;
  const name = shownBranches(record)[0];
  if (name === undefined || record.kind !== 'chat') return maskedSpans(record, rendered.spans, settings);
  if (isDefaultMask(settings)) return rendered.spans;
  if (lastBranch && lastBranch.spans === rendered.spans && lastBranch.record === record && lastBranch.settings === settings) return lastBranch.masked;
  const inBranch = rendered.spans.map((span) => ({ ...span, path: conversationPath(record, name, span.path) }));
  const flags = spanTrainable(branchOf(record, name), inBranch, toMaskOptions(settings));
  const masked = rendered.spans.map((span, i) => (span.trainable === flags[i] ? span : { ...span, trainable: flags[i] === true }));
  lastBranch = { spans: rendered.spans, record, settings, masked };
  return masked;
}
