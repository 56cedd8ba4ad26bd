/**
 * A safety net under every codec's own loss report (docs/formats.md, 'All formats: nothing is dropped silently': converting never drops data
 * silently). Some model fields have no place in most dialects but are easy to forget in an
 * encoder: OpenChatML thought flags (`<|reflect|>` after a system prompt) were dropped by every
 * dialect without a word. Rather than trusting each encoder to list them, the probe reads the
 * encoder's output back with the same codec and reports, as "lost in conversion", each such
 * field that did not come back and that the encoder did not report itself. Reading back makes
 * the probe right by construction: once a codec learns to hold a field, the report goes away.
 */
import type { Diagnostic } from '../model/diagnostic.ts';
import { pathStartsWith, type FieldPath } from '../model/path.ts';
import type { Message, ParleyRecord } from '../model/types.ts';
import { LOST_CODE, lostInConversion } from '../shared/lost-in-conversion.ts';
import { SHAPE as RESPONSES_SHAPE, type BlockShape as ResponsesBlockShape } from './openai-responses/shape.ts';
import { GENERATED_CALL_ID } from './shared/call-id-plan.ts';
import { shapeOf } from './shared/shape.ts';
import type { EncodeResult, InterchangeCodec } from './types.ts';

/** One field worth probing: where it is set in a record, and a sentence for what is lost. */
interface Probe {
  /**
   * A cheap test that allocates nothing: false when `message` surely holds nothing `find`
   * would report (most messages of a training set), so that a whole record can be passed over
   * without running `find`. True is only a "maybe".
   */
  mayHold(message: Message): boolean;
  /**
   * `[path, value]` of each place the field is set, in an order both records share; `coveredBy`:
   * objects whose own loss (reported exactly there) takes the field with it; `reportAt`: where
   * the probe's own report goes when `path` is inside a note no one edits (default `path`).
   */
  find(record: ParleyRecord): { path: FieldPath; value: string; coveredBy?: FieldPath; reportAt?: FieldPath }[];
  what(value: string): string;
}

/** System messages keep their order in every dialect (even when moved to a top-level `system`). */
function systemMessages(record: ParleyRecord): { message: Message; index: number }[] {
  if (record.kind !== 'chat') return [];
  return record.messages.flatMap((message, index) => (message.role === 'system' ? [{ message, index }] : []));
}

const THOUGHT_FLAGS: Probe = {
  mayHold: (message) => message.role === 'system' && message.thoughtFlags !== undefined && message.thoughtFlags.length > 0,
  find: (record) =>
    systemMessages(record).flatMap(({ message, index }) =>
      message.thoughtFlags && message.thoughtFlags.length > 0 ? [{ path: ['messages', index, 'thoughtFlags'], value: message.thoughtFlags.map((k) => `<|${k}|>`).join('') }] : [],
    ),
  what: (value) => `the thought flags ${value}`,
};

/**
 * Keys of an Apertus content mapping that the template does not read (`{"text", "parts"}` on a
 * user message: the template writes the parts): the Apertus JSON reader keeps them in
 * `content.extra` so that export gives the mapping back, but no other dialect has a mapping to
 * put them on.
 */
const CONTENT_KEYS: Probe = {
  mayHold: (message) => hasKeys(message.content?.extra),
  find: (record) =>
    record.kind !== 'chat'
      ? []
      : record.messages.flatMap((message, index) => {
          const extra = message.content?.extra;
          return extra && Object.keys(extra).length > 0 ? [{ path: ['messages', index, 'content', 'extra'], value: JSON.stringify(extra) }] : [];
        }),
  what: (value) => `the content keys ${Object.keys(JSON.parse(value) as object).map((key) => JSON.stringify(key)).join(', ')}`,
};

/** `[path, shape]` of every block that carries an OpenAI Responses shape note. */
function responsesBlockNotes(record: ParleyRecord): { path: FieldPath; note: ResponsesBlockShape }[] {
  if (record.kind !== 'chat') return [];
  return record.messages.flatMap((message, index) =>
    message.content?.type !== 'blocks'
      ? []
      : message.content.blocks.flatMap((block, j) => {
          const note = shapeOf<ResponsesBlockShape>(block, RESPONSES_SHAPE);
          return note ? [{ path: ['messages', index, 'content', 'blocks', j] as FieldPath, note }] : [];
        }),
  );
}

function hasKeys(object: object | undefined): boolean {
  if (object === undefined) return false;
  for (const _key in object) return true;
  return false;
}

function hasResponsesNote(message: Message): boolean {
  const content = message.content;
  if (content?.type !== 'blocks') return false;
  for (const block of content.blocks) if (shapeOf(block, RESPONSES_SHAPE) !== undefined) return true;
  return false;
}

/**
 * The own fields (`id`, `status`, …) of an assistant message item after the first in a
 * Responses turn: the reader keeps them in its shape note, which only Responses writes back.
 */
const RESPONSES_ITEM_FIELDS: Probe = {
  mayHold: hasResponsesNote,
  find: (record) =>
    responsesBlockNotes(record).flatMap(({ path, note }) => {
      const extra = note.item?.extra;
      // At the note's path, so that a loss of the block's other fields (its text part's
      // `annotations`) is not taken for this one; reported on the block.
      return extra && Object.keys(extra).length > 0 ? [{ path: [...path, RESPONSES_SHAPE, 'item'], value: JSON.stringify(extra), coveredBy: path, reportAt: path }] : [];
    }),
  what: (value) => `the message item fields ${Object.keys(JSON.parse(value) as object).map((key) => JSON.stringify(key)).join(', ')} (OpenAI Responses)`,
};

/** A reasoning item's `summary` that was not one plain `summary_text`: its text is the thoughts, its parts are a Responses note. */
const RESPONSES_SUMMARY: Probe = {
  mayHold: hasResponsesNote,
  // The note is about the summary, not the block: a loss of the block's other fields says nothing of it.
  find: (record) =>
    responsesBlockNotes(record).flatMap(({ path, note }) => (note.summary && note.summary.length > 0 ? [{ path: [...path, 'summary'], value: JSON.stringify(note.summary), coveredBy: path }] : [])),
  what: (value) => `the ${(JSON.parse(value) as unknown[]).length} parts of the reasoning summary (OpenAI Responses; their text is kept as the thoughts)`,
};

const HARMONY_FIELDS = ['channel', 'recipient', 'contentType'] as const;

/** A message's own harmony header fields (types.ts): only harmony text and the Parley and Apertus JSON hold them. */
const HARMONY_HEADER: Probe = {
  mayHold: (message) => message.channel !== undefined || message.recipient !== undefined || message.contentType !== undefined,
  find: (record) =>
    record.kind !== 'chat'
      ? []
      : record.messages.flatMap((message, index) => {
          const set = HARMONY_FIELDS.filter((key) => message[key] !== undefined);
          const first = set[0];
          return first === undefined ? [] : [{ path: ['messages', index, first], value: JSON.stringify(set.map((key) => [key, message[key]])) }];
        }),
  what: (value) => `the harmony header (${(JSON.parse(value) as [string, unknown][]).map(([key, v]) => `${key} ${JSON.stringify(v)}`).join(', ')})`,
};

const PROBES: readonly Probe[] = [THOUGHT_FLAGS, CONTENT_KEYS, RESPONSES_ITEM_FIELDS, RESPONSES_SUMMARY, HARMONY_HEADER];

/** The probes' tests, each once: the two Responses probes share theirs, a walk of the blocks. */
const MAY_HOLD: readonly ((message: Message) => boolean)[] = [...new Set(PROBES.map((probe) => probe.mayHold))];

/**
 * False when no probe can find anything in the record, told in one walk that builds nothing:
 * a command converting a training set asks this for every record. Every probe's finds are in
 * chat messages, so a document has none.
 */
function mayFind(record: ParleyRecord): boolean {
  if (record.kind !== 'chat') return false;
  // Loops, not `some`: no closure per message either.
  for (const message of record.messages) for (const mayHold of MAY_HOLD) if (mayHold(message)) return true;
  return false;
}

/**
 * Whether the encoder reported a loss at the field or inside it. A loss reported on the object
 * that holds the field does not count: it may be about something else (Anthropic reports the
 * position of a system message, whose flags are a separate loss).
 */
function reported(diagnostics: readonly Diagnostic[], path: FieldPath, coveredBy?: FieldPath): boolean {
  const same = (a: FieldPath, b: FieldPath) => a.length === b.length && pathStartsWith(a, b);
  return diagnostics.some((d) => d.code === LOST_CODE && d.path !== undefined && (pathStartsWith(d.path, path) || (coveredBy !== undefined && same(d.path, coveredBy))));
}

/** The probed fields of `record` that `encoded` does not hold and that its diagnostics do not mention. */
export function silentLosses(codec: InterchangeCodec, record: ParleyRecord, encoded: EncodeResult): Diagnostic[] {
  return mayFind(record) ? lossesFound(codec, record, encoded) : [];
}

/** `silentLosses` once `mayFind(record)` said maybe. */
function lossesFound(codec: InterchangeCodec, record: ParleyRecord, encoded: EncodeResult): Diagnostic[] {
  if (PROBES.every((probe) => probe.find(record).length === 0)) return [];
  const back = codec.decode(structuredClone(encoded.json)).record;
  const losses: Diagnostic[] = [];
  for (const probe of PROBES) {
    const before = probe.find(record);
    const after = back ? probe.find(back).map((f) => f.value) : [];
    before.forEach(({ path, value, coveredBy, reportAt }, i) => {
      if (after[i] === value || reported(encoded.diagnostics, path, coveredBy)) return;
      losses.push(lostInConversion(probe.what(value), `${codec.label} has no place for them`, reportAt ?? path));
    });
  }
  return losses;
}

/** The codes an encoder asks `EncodeHow.wants` about (conversion.ts `Losses.add`, the call-id plan). */
const ASKED_CODES = new Set([LOST_CODE, GENERATED_CALL_ID]);

/** `codec` with an encode that also reports the probed fields it drops silently. */
export function withLossProbe(codec: InterchangeCodec): InterchangeCodec {
  return {
    ...codec,
    encode(record, options, how) {
      // Asked once a record: most records of a training set hold nothing to probe.
      const may = mayFind(record);
      if (how?.wants !== undefined && may) {
        // The probe looks for the encoder's own reports by path, so it needs all of them: the
        // encode is made in full, then `how` is asked about each, in the order the encoder would
        // have asked, and what it declines is left out. The probe's own reports are not asked
        // about, as on the lean path.
        const encoded = codec.encode(record, options);
        const losses = lossesFound(codec, record, encoded);
        const kept = encoded.diagnostics.filter((d) => !ASKED_CODES.has(d.code) || (how.wants?.(d.code) ?? true));
        return { ...encoded, diagnostics: [...kept, ...losses] };
      }
      const encoded = codec.encode(record, options, how);
      if (!may) return encoded;
      const losses = lossesFound(codec, record, encoded);
      return losses.length === 0 ? encoded : { ...encoded, diagnostics: [...encoded.diagnostics, ...losses] };
    },
  };
}

