/**
 * The repairs of Apertus render diagnostics that have exactly one right answer (model/fix.ts).
 * Each returns undefined where a person must choose: a developer message that is not the first
 * (merge it into which system text, with what separator?), an assistant message whose siblings
 * use both content forms, a tool result of several parts (joined how?). Every edit tests the
 * values it replaces, so it applies only to the record it was made for.
 */
import type { Fix, FixOp } from '../../model/fix.ts';
import type { FieldPath } from '../../model/path.ts';
import type { Content, Message, ToolCall, ToolDefinition } from '../../model/types.ts';

export const FIX_IDS = {
  developerToSystem: 'apertus/developer-to-system',
  assistantEmptyString: 'apertus/assistant-empty-string',
  assistantEmptyBlocks: 'apertus/assistant-empty-blocks',
  contentToString: 'apertus/content-to-string',
  toolResultEmptyString: 'apertus/tool-result-empty-string',
  userContentNullRemove: 'apertus/user-content-null-remove',
  toolUnwrap: 'apertus/tool-unwrap',
  toolDescriptionEmpty: 'apertus/tool-description-empty',
  callTypeFunction: 'apertus/call-type-function',
  argumentsAsString: 'apertus/arguments-as-string',
} as const;

function messageGuard(index: number, message: Message): FixOp[] {
  return [
    { op: 'test', path: ['messages', index, 'id'], value: message.id },
    { op: 'test', path: ['messages', index, 'role'], value: message.role },
  ];
}

function contentGuard(index: number, content: Content | null | undefined): FixOp {
  const path: FieldPath = ['messages', index, 'content'];
  return content === undefined ? { op: 'absent', path } : { op: 'test', path, value: content };
}

/** A developer message first in the conversation: the system message the template has a place for. Later ones would have to be merged into it, which is a choice. */
export function developerToSystemFix(index: number, message: Message): Fix | undefined {
  if (index !== 0) return undefined;
  return { id: FIX_IDS.developerToSystem, label: 'Make it the system message', edit: [...messageGuard(index, message), { op: 'set', path: ['messages', index, 'role'], value: 'system' }] };
}

/** The content form of the conversation's other assistant messages: the form an empty content must take to match them. */
function otherAssistantForm(messages: readonly Message[], index: number): 'text' | 'blocks' | 'mixed' {
  let form: 'text' | 'blocks' | undefined;
  for (let i = 0; i < messages.length; i++) {
    const content = messages[i]?.content;
    if (i === index || messages[i]?.role !== 'assistant' || content === undefined || content === null) continue;
    const own = content.type === 'blocks' ? 'blocks' : content.type === 'text' && !content.mapping ? 'text' : undefined;
    if (own === undefined) continue;
    if (form !== undefined && form !== own) return 'mixed';
    form = own;
  }
  return form ?? 'text';
}

/** An assistant message without content (null or no key) beside its tool calls: "" or an empty blocks list, whichever its siblings use. */
export function assistantEmptyContentFix(messages: readonly Message[], index: number): Fix | undefined {
  const message = messages[index];
  if (message === undefined) return undefined;
  const form = otherAssistantForm(messages, index);
  if (form === 'mixed') return undefined;
  const value: Content = form === 'blocks' ? { type: 'blocks', blocks: [] } : { type: 'text', text: '' };
  return {
    id: form === 'blocks' ? FIX_IDS.assistantEmptyBlocks : FIX_IDS.assistantEmptyString,
    label: form === 'blocks' ? 'Use an empty blocks list' : 'Use "" as the content',
    edit: [...messageGuard(index, message), contentGuard(index, message.content), { op: 'set', path: ['messages', index, 'content'], value }],
  };
}

/**
 * Content that holds one text and nothing else, written as a mapping or as one text part,
 * becomes that text as a string. Several parts (joined how?) or other keys (kept where?) have
 * no fix, and
 * neither has an assistant message whose siblings use blocks (its form must match theirs).
 */
export function contentToStringFix(messages: readonly Message[], index: number): Fix | undefined {
  const message = messages[index];
  const content = message?.content;
  if (message === undefined || content === undefined || content === null || content.extra !== undefined) return undefined;
  if (message.role === 'assistant' && otherAssistantForm(messages, index) !== 'text') return undefined;
  let text: string;
  if (content.type === 'text' && content.mapping) text = content.text;
  else if (content.type === 'parts' && content.parts.length === 1 && content.parts[0]?.type === 'text' && content.parts[0].extra === undefined) text = content.parts[0].text;
  else return undefined;
  return {
    id: FIX_IDS.contentToString,
    label: 'Write the content as a string',
    edit: [...messageGuard(index, message), contentGuard(index, content), { op: 'set', path: ['messages', index, 'content'], value: { type: 'text', text } }],
  };
}

/** A tool result with content null or no content: the template writes nothing for it, which is the empty string. */
export function toolResultEmptyFix(index: number, message: Message): Fix {
  return {
    id: FIX_IDS.toolResultEmptyString,
    label: 'Use "" as the result',
    edit: [...messageGuard(index, message), contentGuard(index, message.content), { op: 'set', path: ['messages', index, 'content'], value: { type: 'text', text: '' } }],
  };
}

/** The message itself says it: remove the content key of a user message with content null. */
export function userContentNullFix(index: number, message: Message): Fix {
  return {
    id: FIX_IDS.userContentNullRemove,
    label: 'Remove the content key',
    edit: [...messageGuard(index, message), contentGuard(index, null), { op: 'remove', path: ['messages', index, 'content'] }],
  };
}

/** An OpenAI-nested tool written flat; the `function` object's unknown keys become the tool's own. Unknown keys of the wrapper have no place in the flat form: no fix then. */
export function toolUnwrapFix(index: number, tool: ToolDefinition): Fix | undefined {
  const extra = tool.extra;
  const outerKeys = extra === undefined ? [] : Object.keys(extra).filter((k) => k !== 'function');
  if (outerKeys.length > 0) return undefined;
  const path: FieldPath = ['tools', index];
  const inner = extra?.function;
  const edit: FixOp[] = [
    { op: 'test', path: [...path, 'id'], value: tool.id },
    { op: 'test', path: [...path, 'wrapped'], value: true },
    { op: 'remove', path: [...path, 'wrapped'] },
  ];
  if (extra !== undefined) {
    edit.push({ op: 'test', path: [...path, 'extra'], value: extra });
    edit.push(inner === undefined ? { op: 'remove', path: [...path, 'extra'] } : { op: 'set', path: [...path, 'extra'], value: inner });
  }
  return { id: FIX_IDS.toolUnwrap, label: 'Write the function object itself', edit };
}

/** No description: the template needs one, and the empty one is the only one that says nothing new. */
export function toolDescriptionFix(index: number, tool: ToolDefinition): Fix {
  const path: FieldPath = ['tools', index];
  return {
    id: FIX_IDS.toolDescriptionEmpty,
    label: 'Add an empty description',
    edit: [
      { op: 'test', path: [...path, 'id'], value: tool.id },
      { op: 'absent', path: [...path, 'description'] },
      { op: 'set', path: [...path, 'description'], value: '' },
    ],
  };
}

/** A tool_calls entry without "type": the template accepts only "function", and so do the APIs that write tool_calls. */
export function callTypeFix(callPath: FieldPath, call: ToolCall): Fix {
  return {
    id: FIX_IDS.callTypeFunction,
    label: 'Add "type": "function"',
    edit: [
      { op: 'test', path: [...callPath, 'id'], value: call.id },
      { op: 'test', path: [...callPath, 'typeMissing'], value: true },
      { op: 'remove', path: [...callPath, 'typeMissing'] },
      { op: 'set', path: [...callPath, 'type'], value: 'function' },
    ],
  };
}

/** Arguments the source gave as an object are already kept as their JSON text: write that text as the string it is. */
export function argumentsAsStringFix(callPath: FieldPath, call: ToolCall): Fix {
  return {
    id: FIX_IDS.argumentsAsString,
    label: 'Write the arguments as a JSON string',
    edit: [
      { op: 'test', path: [...callPath, 'id'], value: call.id },
      { op: 'test', path: [...callPath, 'argumentsWasObject'], value: true },
      { op: 'remove', path: [...callPath, 'argumentsWasObject'] },
    ],
  };
}
