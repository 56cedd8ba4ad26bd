/** Shape notes of Alpaca records (see `shared/shape.ts`). */
export const SHAPE = 'alpacaShape';
export const CODE = 'alpaca/invalid';
export const DIALECT = 'alpaca';
export const TARGET = 'Alpaca';

export interface RecordShape {
  /** The source's keys in their order (the output follows it). */
  keys: string[];
}

/**
 * The user turn's two source fields. The message's content is their text as LLaMA-Factory
 * joins them (`instruction`, then a line break and `input` when `input` is not empty), so that
 * every format renders what the trainer sees; the note says which part came from which field
 * (`alpacaFieldsOf`), so that an edit is written back to the field it came from.
 */
export interface UserShape {
  instruction: string;
  /** Undefined: the source had no `input` key. */
  input?: string;
}

export interface SystemShape {
  /** The system message came from the `system` key. */
  systemKey: true;
}
