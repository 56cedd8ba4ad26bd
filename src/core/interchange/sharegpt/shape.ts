/** Shape notes of ShareGPT records (see `shared/shape.ts`). */
import { dialectLabel, type DialectId } from '../shared/dialects.ts';

export const SHAPE = 'sharegptShape';
export const CODE = 'sharegpt/invalid';
export const DIALECT = 'sharegpt' satisfies DialectId;
export const TARGET = dialectLabel(DIALECT);

/** The `from` each role is written with, and the roles each known `from` reads as. */
export const FROM_OF_ROLE: Record<string, string> = { user: 'human', assistant: 'gpt', system: 'system', tool: 'observation' };
export const ROLE_OF_FROM: Record<string, string> = { human: 'user', user: 'user', gpt: 'assistant', assistant: 'assistant', system: 'system', observation: 'tool', tool: 'tool', function: 'tool' };

export interface DocumentShape {
  /** `tools` as written (a JSON string, LLaMA-Factory's form), used again while it still says the same. */
  toolsText?: string;
  /** `tools` was a JSON array rather than a string. */
  toolsArray?: true;
}
export interface MessageShape {
  /** The turn's `from`, when it is not the one its role is written with (`user`, `tool`, `function_call`). */
  from?: string;
  /** The system message came from the top-level `system` key. */
  systemKey?: true;
  /** A function_call turn's `value` as written, used again while it still says the same. */
  value?: string;
}
