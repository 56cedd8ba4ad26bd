/**
 * Every code block of spec 003 (OpenChatML v0.1), in the order the spec shows them. Each record
 * is what the OpenChatML parser reads from the spec's text with the entry's options, so the
 * preview shows that text: byte for byte for 17 of the 19, and the two others say where and
 * why they differ. The texts are the verbatim copies the core tests check against the spec.
 * The two schemas (§3, §5) are built by hand: the parser resolves their placeholder notation,
 * which would not show the spec's text.
 */
import { conversation, parseOpenChatMl, textMessage, type OptionValues } from '../../core/index.ts';
import * as spec from '../../core/formats/openchatml/spec003.examples.ts';
import type { Example } from './types.ts';

const source = 'Spec 003 (OpenChatML v0.1)';

/** A fragment that is no whole conversation (no `<|im_start|>`): the parser reads it as a one-file document. */
const FRAGMENT =
  'A fragment, not a whole conversation: text with no <|im_start|> is read as a document, so it opens as one file holding the text';

/** An entry whose record is the parse of `text` (the preview is then `text` itself when `exact`). */
function parsed(fields: Omit<Example, 'formatId' | 'build' | 'specText' | 'options'> & { text: string; options?: OptionValues; exact?: boolean }): Example {
  const { text, options = {}, exact = true, ...rest } = fields;
  return { ...rest, formatId: 'openchatml', options, build: () => parseOpenChatMl(text, options).record, specText: { text, exact } };
}

export const SPEC_003_EXAMPLES: readonly Example[] = [
  {
    id: 's003-message-structure',
    title: '§3 Message structure (schema)',
    description:
      'The schema of one message, with its placeholders kept as written: the role field holds "role [name=<name>]", which OpenChatML reports as an error (a role is one word). No BOS or EOS (both set to empty). Type a real role and a name to see a real header.',
    source: `${source}, 3. Message Structure`,
    formatId: 'openchatml',
    options: { bosText: '', eosText: '' },
    build: () => conversation([textMessage('role [name=<name>]', 'message_content')]),
    specText: { text: spec.MESSAGE_STRUCTURE, exact: true },
  },
  parsed({
    id: 's003-thoughts',
    title: '§4 Thought structure: flags and reflect/introspect/reason blocks',
    description:
      'The system prompt asks for all three thoughts (<|reflect|><|introspect|><|reason|>, the thought flags on the system message); the assistant writes one block of each, then the answer. This example has no line break before <|im_end|> (option off).',
    source: `${source}, 4. Thought Structure`,
    text: spec.THOUGHTS,
    options: { newlineBeforeImEnd: false },
  }),
  {
    id: 's003-conversation-structure',
    title: '§5 Conversation structure (schema)',
    description:
      'The schema of a conversation, placeholders kept as written (roles "role1 [name=<name1>]" and "role2 [name=<name2>]", reported as errors). The "..." standing for more messages and the [EOS] on its own line are the EOS text option ("\\n...\\n[EOS]"), which is what the parser reads from this text.',
    source: `${source}, 5. Conversation Structure`,
    formatId: 'openchatml',
    options: { eosText: '\n...\n[EOS]' },
    build: () => conversation([textMessage('role1 [name=<name1>]', 'message1'), textMessage('role2 [name=<name2>]', 'message2')]),
    specText: { text: spec.CONVERSATION_STRUCTURE, exact: true },
  },
  parsed({
    id: 's003-fim-structure',
    title: '§6 Fill-in-the-middle structure',
    description: 'A document with one FIM segment: prefix and suffix around an empty middle (the task form), in the order the spec writes (prefix, middle, suffix).',
    source: `${source}, 6. Fill-in-the-Middle Tasks`,
    text: spec.FIM_STRUCTURE,
  }),
  parsed({
    id: 's003-multi-file-structure',
    title: '§7 Multi-file sequence structure',
    description: 'A document of three files, joined by <|file_separator|> on a line of its own.',
    source: `${source}, 7. Multi-File Sequences`,
    text: spec.MULTI_FILE_STRUCTURE,
  }),
  parsed({
    id: 's003-function-signature',
    title: '§8.1 Function signature',
    description: `${FRAGMENT}; the token in it is then text a person typed (a token-injection warning). In a conversation the list follows the system prompt: see §8.5.`,
    source: `${source}, 8.1 Function Signature`,
    text: spec.FUNCTION_SIGNATURE,
  }),
  parsed({
    id: 's003-function-call-schema',
    title: '§8.2 FunctionCall schema',
    description: `${FRAGMENT}. It is the JSON Schema that every call Parley writes satisfies.`,
    source: `${source}, 8.2 Function Call (schema)`,
    text: spec.FUNCTION_CALL_SCHEMA,
  }),
  parsed({
    id: 's003-function-call',
    title: '§8.2 Function call',
    description: `${FRAGMENT}; the token in it is then typed text (a token-injection warning). In a conversation a call is a tool-calls block of an assistant message: see §8.5.`,
    source: `${source}, 8.2 Function Call (example)`,
    text: spec.FUNCTION_CALL,
  }),
  parsed({
    id: 's003-function-response',
    title: '§8.3 Function response',
    description: `${FRAGMENT}; the token in it is then typed text (a token-injection warning). In a conversation an output is a tool message: see §8.5.`,
    source: `${source}, 8.3 Function Response`,
    text: spec.FUNCTION_RESPONSE,
  }),
  parsed({
    id: 's003-function-calling',
    title: '§8.5 Conversation with function calling',
    description:
      'Not byte-exact, in one place: the tool output has a space after "Consumer Cyclical", that no JSON writer puts there (§8.3 shows the same output without it); Parley lays the output JSON out itself and leaves it out. The system prompt goes on after the function list ("Use the following pydantic model…"), which OpenChatML cannot write (the list ends the system message), so the whole prompt, list included, is kept as text (a token-injection warning).',
    source: `${source}, 8.5 Example Conversation with Function Calling`,
    text: spec.FUNCTION_CALLING_CONVERSATION,
    exact: false,
  }),
  parsed({
    id: 's003-example-conversation',
    title: '§9 Example conversation',
    description: 'A user and an assistant message, with the defaults: [BOS] and [EOS] placeholders, a line break before every <|im_end|>.',
    source: `${source}, 9. Examples › Example conversation`,
    text: spec.EXAMPLE_CONVERSATION,
  }),
  parsed({
    id: 's003-example-speaker-name',
    title: '§9 Example conversation with speaker name',
    description: 'The user message has the speaker name Eric, written in its header as name=Eric.',
    source: `${source}, 9. Examples › Example conversation with speaker name`,
    text: spec.EXAMPLE_SPEAKER_NAME,
  }),
  parsed({
    id: 's003-example-fim',
    title: '§9 Example fill-in-the-middle task',
    description: 'A document with one FIM segment and an empty middle: the model is to write the capital.',
    source: `${source}, 9. Examples › Example fill-in-the-middle task`,
    text: spec.EXAMPLE_FIM,
  }),
  parsed({
    id: 's003-example-multi-file',
    title: '§9 Example multi-file sequence',
    description: 'Three files; the second has two lines.',
    source: `${source}, 9. Examples › Example multi-file sequence`,
    text: spec.EXAMPLE_MULTI_FILE,
  }),
  parsed({
    id: 's003-named-roles',
    title: '§9 Named roles and longer conversation',
    description:
      'Not byte-exact, in one place: the <|im_end|> after Bob\'s message is followed by two spaces, and turns are joined by one line break that nothing in a record can add to, so the preview leaves them out. Alice\'s second header ("user name=Alice  ") also ends in two spaces: they are kept in her name, with a warning (a name cannot contain whitespace, §3).',
    source: `${source}, 9. Examples › Example: Named roles and longer conversation`,
    text: spec.NAMED_ROLES,
    exact: false,
  }),
  parsed({
    id: 's003-fibonacci-task',
    title: '§9 Fill-in-the-middle task (Fibonacci)',
    description: 'A Python function with a FIM segment where the loop goes: prefix up to the cursor, empty middle, suffix after it.',
    source: `${source}, 9. Examples › Example: Fill-in-the-middle task`,
    text: spec.FIBONACCI_TASK,
  }),
  parsed({
    id: 's003-fibonacci-completion',
    title: '§9 Fill-in-the-middle completion (Fibonacci)',
    description:
      'The same segment with the middle written: the loop, the part the model is trained on. Its prefix and suffix carry two spaces the task has not ("if n <= 0:  " in the prefix, a suffix that starts with two spaces): this is its own record, not the task with a middle.',
    source: `${source}, 9. Examples › Example: Fill-in-the-middle task (Completion)`,
    text: spec.FIBONACCI_COMPLETION,
  }),
  parsed({
    id: 's003-black-holes-task',
    title: '§9 Multi-file summarization task (black holes)',
    description: 'Three files of text, then a fourth that is a FIM segment with an empty prefix and middle. The document starts with a file separator (option on).',
    source: `${source}, 9. Examples › Example 3: Multi-file sequence for document summarization`,
    text: spec.BLACK_HOLES_TASK,
    options: { leadingSeparator: true },
  }),
  parsed({
    id: 's003-black-holes-completion',
    title: '§9 Multi-file summarization completion (black holes)',
    description: 'One FIM segment whose middle is written. Not a completion of the task\'s record: its prefix is a new summary, and it has no file separators.',
    source: `${source}, 9. Examples › Example 3 (Completion)`,
    text: spec.BLACK_HOLES_COMPLETION,
  }),
];
