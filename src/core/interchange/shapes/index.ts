/**
 * Training-data shapes on top of every message dialect (docs/dialects.md, 'Training-data
 * shapes'): `withShapes(codec)` reads a trl or LLaMA-Factory training record whose messages are
 * in the codec's dialect as a chat record with branches, and writes such a record back in the
 * same wrapper. Values that are not training records go to the codec as they are.
 */
import type { InterchangeCodec } from '../types.ts';
import { isObject } from '../../shared/json.ts';
import { MARKED } from '../shared/detect-levels.ts';
import { decodeTraining, detectionSample } from './decode.ts';
import { encodeTraining } from './encode.ts';
import { isPlainTextWrapper, wrapperOf } from './wrapper.ts';

/**
 * The dialect that reads a training record of plain text only (no message to tell dialects
 * apart): trl's, whose documentation defines these records. Every other dialect reads it as
 * well when named.
 */
export const PLAIN_TEXT_DIALECT = 'openai-chat';

/** Parley JSON (the model as it is) and Alpaca (`output`, `chosen`, `rejected` of its own) hold branches themselves: they are not wrapped. */
const HOLDS_BRANCHES = new Set(['parley-json', 'alpaca']);
/**
 * Dialects that read a training record only when named: OpenAI Responses keeps its messages in
 * `input`, where plain role messages look as they do in Chat Completions (it scores them as
 * its own); a training record names its list `prompt`, `messages` or `conversations`, never
 * `input`, so detection leaves it to the dialects whose list that is.
 */
const NAMED_ONLY = new Set(['openai-responses']);

export function withShapes(codec: InterchangeCodec): InterchangeCodec {
  if (HOLDS_BRANCHES.has(codec.id)) return codec;
  const wrapped: InterchangeCodec = {
    ...codec,
    detect(json) {
      const wrapper = wrapperOf(json);
      if (!wrapper || !isObject(json)) return codec.detect(json);
      // A chosen+rejected pair (or a prompt with a completion) is a mark of its own; the dialect is told by the messages.
      if (NAMED_ONLY.has(codec.id)) return 0;
      if (isPlainTextWrapper(json, wrapper)) return codec.id === PLAIN_TEXT_DIALECT ? MARKED : 0;
      return codec.detect(detectionSample(codec.id, json, wrapper));
    },
    decode(json) {
      const wrapper = wrapperOf(json);
      return wrapper && isObject(json) ? decodeTraining(codec, json, wrapper) : codec.decode(json);
    },
    encode(record, options, how) {
      if (record.kind !== 'chat' || (record.branches === undefined && record.label === undefined)) return codec.encode(record, options, how);
      return encodeTraining(codec, record, options, how);
    },
  };
  const hint = codec.hint;
  if (hint) {
    wrapped.hint = (json) => {
      const wrapper = wrapperOf(json);
      return hint(wrapper && isObject(json) ? detectionSample(codec.id, json, wrapper) : json);
    };
  }
  return wrapped;
}
