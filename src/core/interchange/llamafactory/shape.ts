/** Shape notes of LLaMA-Factory v1 records (see `shared/shape.ts`). */
export const SHAPE = 'llamaFactoryShape';
export const CODE = 'llamafactory/invalid';
export const DIALECT = 'llamafactory';
export const TARGET = 'LLaMA-Factory v1';

export interface RecordShape {
  /** `tools` as written (a JSON string), used again while it still says the same. */
  toolsText?: string;
}

export interface CallShape {
  /** A `tool_call` part's value as written, used again while it still says the same. */
  value: string;
}
