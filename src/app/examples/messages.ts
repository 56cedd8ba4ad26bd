/** Spec-shaped message constructors on top of the model builders (src/core/model/builders.ts). */
import { partsMessage, textMessage, textPart, type Message } from '../../core/index.ts';

/** `{"role": "system", "content": {"text": …}}`: the mapping form, kept as such on export. */
export function systemMapping(text: string): Message {
  return { ...textMessage('system', text), content: { type: 'text', text, mapping: true } };
}

/** `{"role": "user", "content": {"parts": [{"type": "text", "text": …}, …]}}` */
export function userParts(...texts: string[]): Message {
  return partsMessage('user', texts.map((text) => textPart(text)));
}
