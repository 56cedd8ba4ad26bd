/**
 * Assistant-turn segments → messages, in the representation that renders back to the same
 * text: string assistants with legacy `tool_calls` and tool messages, or structured assistants
 * whose blocks replay the template's inner/outer state machine.
 */
import { blocksMessage, response, textMessage, thoughts, toolCall, toolCalls, toolOutput, toolOutputs } from '../../model/builders.ts';
import type { Block, Message } from '../../model/types.ts';
import type { ScannedCall } from './parse-lists.ts';
import type { Segment } from './parse-turn.ts';
import { TOKENS } from './tokens.ts';

const DISPLAY_ANSWERS = 'display_answers';

/** String assistants: text, then legacy calls; outputs become tool messages (closed by the next content). */
export function stringMessages(segments: readonly Segment[]): Message[] {
  const messages: Message[] = [];
  let current: Message | undefined;
  const flush = () => {
    if (current) messages.push(current);
    current = undefined;
  };
  for (const segment of segments) {
    if (segment.kind === 'text' || segment.kind === 'inner' || segment.kind === 'outer') {
      const text = segment.kind === 'text' ? segment.text : segment.kind === 'inner' ? TOKENS.innerPrefix : TOKENS.innerSuffix;
      if (current?.toolCalls) flush();
      if (current?.content?.type === 'text') current.content.text += text;
      else current = textMessage('assistant', text);
    } else if (segment.kind === 'calls') {
      if (!current || current.toolCalls) {
        flush();
        current = textMessage('assistant', '');
      }
      current.toolCalls = segment.calls.map(legacyCall);
    } else {
      flush();
      // `[]` needs one empty tool message: the template writes "[" before the first and "]" after the last.
      const outputs = segment.outputs.length === 0 ? [''] : segment.outputs;
      for (const output of outputs) messages.push(textMessage('tool', output));
    }
  }
  flush();
  return messages.length === 0 ? [textMessage('assistant', '')] : messages;
}

function legacyCall(call: ScannedCall) {
  return toolCall(call.name, call.arguments, { type: 'function' });
}

function isDisplayAnswers(segment: Segment | undefined): boolean {
  return segment?.kind === 'calls' && segment.calls.length === 1 && segment.calls[0]?.name === DISPLAY_ANSWERS;
}

/**
 * Structured assistants. The template's state: `in_inner` opens with the first thoughts block
 * (`<|inner_prefix|>`) and closes with a response block (`<|inner_suffix|>`), or with a lone
 * `display_answers` call that is not its message's first block.
 */
export function blockMessages(segments: readonly Segment[]): Message[] {
  const messages: Message[] = [];
  let blocks: Block[] = [];
  let inInner = false;
  const addText = (text: string) => {
    const last = blocks[blocks.length - 1];
    const kind = inInner ? 'thoughts' : 'response';
    if (last?.type === kind) last.text += text;
    else blocks.push(inInner ? thoughts(text) : response(text));
  };
  segments.forEach((segment, index) => {
    const next = segments[index + 1];
    switch (segment.kind) {
      case 'text':
        addText(segment.text);
        break;
      case 'inner':
        if (inInner) {
          addText(TOKENS.innerPrefix);
        } else {
          inInner = true;
          blocks.push(thoughts(''));
        }
        break;
      case 'outer':
        if (!inInner) {
          addText(TOKENS.innerSuffix);
          break;
        }
        // A lone display_answers call after earlier blocks writes this suffix itself.
        if (!(isDisplayAnswers(next) && blocks.length > 0)) blocks.push(response(''));
        inInner = false;
        break;
      case 'calls':
        if (inInner && isDisplayAnswers(segment) && blocks.length > 0) {
          // Without a suffix in the text, the call must be the first block of a new message.
          messages.push(blocksMessage(blocks));
          blocks = [];
        }
        blocks.push(toolCalls(segment.calls.map((c) => toolCall(c.name, c.arguments))));
        break;
      case 'outputs':
        blocks.push(toolOutputs(segment.outputs.map((o) => toolOutput(o))));
        break;
    }
  });
  messages.push(blocksMessage(blocks));
  return messages;
}
