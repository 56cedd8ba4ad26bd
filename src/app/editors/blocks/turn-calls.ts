/**
 * The tool calls a tool result may answer: the calls of its turn (the assistant and tool
 * messages since the last user, system or developer message) up to its own message, as the
 * call-id checks of src/core/validate/call-ids.ts see them.
 */
import { callsOf, type Message } from '../../../core/index.ts';

export interface TurnCall {
  callId: string | undefined;
  name: string;
  /** The arguments on one line, shortened. */
  preview: string;
}

/** Characters of the arguments shown in the picker: enough to tell two calls of one tool apart. */
const PREVIEW_CHARS = 40;

export function turnCalls(turn: readonly Message[]): TurnCall[] {
  return turn.flatMap(callsOf).map((call) => {
    const flat = call.arguments.replace(/\s+/g, ' ').trim();
    return { callId: call.callId, name: call.name, preview: flat.length > PREVIEW_CHARS ? `${flat.slice(0, PREVIEW_CHARS - 1)}…` : flat };
  });
}

/** `get_weather · call_1 · {"city": "Bern"}` */
export function describeCall(call: TurnCall): string {
  return [call.name || '(unnamed tool)', call.callId ?? '(no id)', call.preview].filter((part) => part !== '').join(' · ');
}
