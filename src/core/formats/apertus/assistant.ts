/**
 * The assistant side of the template's state machine: structured blocks (inner/outer
 * sections, tool calls, tool outputs), string content and legacy `tool_calls`. The state
 * (`in_assistant`, `in_tool`, `in_inner`, `assistant_format` of the template's namespace)
 * lives in `TurnState` and persists across messages exactly as in the template: `in_inner`
 * is reset only by a user message, `assistant_format` never.
 */
import type { Place, Where } from '../../model/path.ts';
import type { Block, Message, ToolOutput } from '../../model/types.ts';
import { renderCalls } from './calls.ts';
import { CODES } from './codes.ts';
import type { Emitter } from './emitter.ts';
import { TOKENS } from './tokens.ts';

/** The only tool-call name that moves a call from the inner to the outer section by itself. */
export const DISPLAY_ANSWERS = 'display_answers';

export interface TurnState {
  inAssistant: boolean;
  /** A `[` opened by tool messages awaits its `]`. */
  inTool: boolean;
  inInner: boolean;
  /** Set by the first assistant message with valid content; every other must match. */
  format: 'string' | 'mapping' | null;
  /** The message the pending `]` of a tool list belongs to. */
  toolListPath: Where;
  /** The last assistant message of the open turn (its `<|assistant_end|>` belongs to it). */
  assistantPath: Where;
  /** The conversation's messages: a fix may depend on the others (an empty content takes their form). */
  messages: readonly Message[];
}

export function newTurnState(messages: readonly Message[] = []): TurnState {
  return { inAssistant: false, inTool: false, inInner: false, format: null, toolListPath: [], assistantPath: [], messages };
}

/** Writes the `]` that closes a list of tool messages, if one is open. */
export function closeToolList(e: Emitter, state: TurnState): void {
  if (!state.inTool) return;
  e.structure(']', state.toolListPath, false);
  state.inTool = false;
}

/**
 * The blocks of a structured assistant message. `content` is the place of the content
 * (`messages[i].content`); `label` names the message in diagnostics.
 */
export function renderBlocks(e: Emitter, state: TurnState, blocks: readonly Block[], content: Place, label: string): void {
  const blocksPlace = content.at('blocks');
  for (let j = 0; j < blocks.length; j++) {
    const block = blocks[j] as Block;
    const place = blocksPlace.at(j);
    switch (block.type) {
      case 'thoughts':
        closeToolList(e, state);
        if (!state.inInner) {
          state.inInner = true;
          e.special(TOKENS.innerPrefix, place, true);
        }
        e.content(block.text, place.at('text'), true);
        break;
      case 'tool_calls': {
        closeToolList(e, state);
        if (state.inInner && j > 0 && block.calls.length === 1 && block.calls[0]?.name === DISPLAY_ANSWERS) {
          state.inInner = false;
          e.special(TOKENS.innerSuffix, place, true);
        }
        renderCalls(e, block.calls, place, 'calls', label);
        break;
      }
      case 'tool_outputs':
        if (state.inTool) {
          e.error(
            CODES.toolOutputsAfterToolMessages,
            `${label}: block ${j + 1} is a tool_outputs block, but tool messages already gave this turn's outputs; the template raises ("Cannot have both tool outputs as separate messages and tool outputs as blocks").`,
            place,
          );
          closeToolList(e, state);
        }
        e.structure('[', place, false);
        // Loops, not forEach callbacks, here and in calls.ts: every block of a data set comes here.
        for (let k = 0; k < block.outputs.length; k++) {
          if (k > 0) e.structure(', ', place, false);
          e.content((block.outputs[k] as ToolOutput).output, place.at('outputs').at(k).at('output'), false);
        }
        e.structure(']', place, false);
        break;
      case 'response':
        closeToolList(e, state);
        if (state.inInner) {
          state.inInner = false;
          e.special(TOKENS.innerSuffix, place, true);
        }
        e.content(block.text, place.at('text'), true);
        break;
      case 'unknown':
        e.error(
          CODES.blockType,
          `${label}: block ${j + 1} has type ${JSON.stringify(block.sourceType)}; the template knows "thoughts", "tool_calls", "tool_outputs" and "response" and raises on any other (the block is not rendered).`,
          place.at('type'),
        );
        break;
    }
  }
}
