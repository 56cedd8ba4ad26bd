/**
 * An Alpaca record's user turn as its two fields, `instruction` and `input` (shape.ts
 * `UserShape`): what the app shows as two fields, and what export writes back to each.
 */
import type { Message } from '../../model/types.ts';
import { shapeOf } from '../shared/shape.ts';
import { SHAPE, type UserShape } from './shape.ts';

/** `instruction`, then a line break and `input` when it is not empty: LLaMA-Factory's query. */
export function joinedQuery(instruction: string, input: string | undefined): string {
  return input === undefined || input === '' ? instruction : `${instruction}\n${input}`;
}

/**
 * The fields of a user message's text, given the fields it was read from: the same while the
 * text is still their join; after an edit, the field that still matches keeps its value and the
 * other takes the rest; when neither matches, the whole text is the instruction (and the
 * input, if there was one, is empty).
 */
export function splitQuery(text: string, was: UserShape | undefined): UserShape {
  if (was === undefined) return { instruction: text };
  if (text === joinedQuery(was.instruction, was.input)) return was;
  const hadInput = was.input !== undefined;
  if (was.input !== undefined && was.input !== '' && text.endsWith(`\n${was.input}`)) return { instruction: text.slice(0, -(was.input.length + 1)), input: was.input };
  if (text.startsWith(`${was.instruction}\n`) && hadInput) return { instruction: was.instruction, input: text.slice(was.instruction.length + 1) };
  return hadInput ? { instruction: text, input: '' } : { instruction: text };
}

/** The `instruction` and `input` of a user message read from an Alpaca record (or undefined for another message). */
export function alpacaFieldsOf(message: Message): UserShape | undefined {
  const shape = shapeOf<UserShape>(message, SHAPE);
  if (shape === undefined || message.content?.type !== 'text') return undefined;
  return splitQuery(message.content.text, shape);
}

/** The message with its `instruction` and `input` set (its text their join): how the app edits one field. */
export function withAlpacaFields(message: Message, fields: UserShape): Message {
  const note: UserShape = fields.input === undefined ? { instruction: fields.instruction } : { instruction: fields.instruction, input: fields.input };
  return { ...message, content: { type: 'text', text: joinedQuery(fields.instruction, fields.input) }, [SHAPE]: note } as Message;
}
