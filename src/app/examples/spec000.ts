/**
 * Every example conversation of spec 000 (Apertus chat format), in the order the spec shows them.
 * Where the spec elides a list (`[...]`) or an argument (`"..."`), the example keeps "..." as
 * written: the diagnostics then point at it, which is what the spec's text would really give.
 */
import {
  blocksMessage,
  conversation,
  response,
  textMessage,
  thoughts,
  toolCall,
  toolCalls,
  toolOutput,
  toolOutputs,
} from '../../core/index.ts';
import { systemMapping, userParts } from './messages.ts';
import type { Example } from './types.ts';

const spec = 'Spec 000 (Apertus chat format)';
const apertus = { formatId: 'apertus', options: {} };

export const SPEC_000_EXAMPLES: readonly Example[] = [
  {
    id: 's000-string-content',
    title: 'String content',
    description: 'A user message whose content is a plain string.',
    source: `${spec}, Content Formats › String Format`,
    ...apertus,
    build: () => conversation([textMessage('user', 'What is machine learning?')]),
  },
  {
    id: 's000-mapping-content',
    title: 'Mapping content',
    description: 'The structured forms: a system message as {"text"}, a user message as {"parts"}, an assistant message as {"blocks"} with thoughts and a response.',
    source: `${spec}, Content Formats › Mapping Format`,
    ...apertus,
    build: () =>
      conversation([
        systemMapping('You are a helpful assistant.'),
        userParts('Please explain ', 'machine learning'),
        blocksMessage([thoughts('I need to explain ML clearly...'), response('Machine learning is...')]),
      ]),
  },
  {
    id: 's000-inner-outer',
    title: 'Inner vs outer sections',
    description:
      'Thoughts, a tool call and its output (the inner section, private reasoning), then the response (the outer section). The spec elides the calls and outputs ([...]); the example keeps one of each holding "...", which the diagnostics flag.',
    source: `${spec}, Assistant Message Structure › Inner vs Outer Sections`,
    ...apertus,
    build: () =>
      conversation([
        blocksMessage([
          thoughts('Let me think about this...'),
          toolCalls([toolCall('...', '...')]),
          toolOutputs([toolOutput('...')]),
          response('Based on my analysis...'),
        ]),
      ]),
  },
  {
    id: 's000-block-types',
    title: 'Assistant block types',
    description:
      'One assistant message with each block type: thoughts and a tool call with its output (inner section), then the response (outer section). The spec prints the response as "25 Ã— 4", a mis-encoded "25 × 4"; the example uses the intended "×".',
    source: `${spec}, Assistant Message Structure › Block Structure Examples`,
    ...apertus,
    build: () =>
      conversation([
        blocksMessage([
          thoughts('I need to calculate this step by step. Let me break it down...'),
          toolCalls([toolCall('calculator', '{"expression": "25 * 4"}')]),
          toolOutputs([toolOutput('{"result": 100}')]),
          response('The calculation shows that 25 × 4 = 100.'),
        ]),
      ]),
  },
  {
    id: 's000-tools-in-blocks',
    title: 'Tools within assistant blocks',
    description: 'Tool call and tool output embedded in the assistant message. The arguments are "..." as in the spec: not JSON, so a diagnostic flags them.',
    source: `${spec}, Tool Integration › 1. Tools Within Assistant Blocks`,
    ...apertus,
    build: () =>
      conversation([
        blocksMessage([
          thoughts('I need to search for this.'),
          toolCalls([toolCall('search', '...')]),
          toolOutputs([toolOutput('search results...')]),
          response('Based on my search...'),
        ]),
      ]),
  },
  {
    id: 's000-tool-messages',
    title: 'Tool messages outside blocks',
    description: 'The tool output arrives as a separate tool message between two assistant messages; the template merges them into one assistant turn.',
    source: `${spec}, Tool Integration › 2. Tool Messages Outside Blocks`,
    ...apertus,
    build: () =>
      conversation([
        textMessage('user', 'Search for Python info'),
        blocksMessage([thoughts("I'll search for Python information."), toolCalls([toolCall('search', '...')])]),
        textMessage('tool', 'Python is a programming language...'),
        blocksMessage([response('Based on the search results...')]),
      ]),
  },
  {
    id: 's000-legacy-tool-calls',
    title: 'Legacy OpenAI tool calls',
    description: 'A string assistant message with an OpenAI-style "tool_calls" field ({"type": "function", "function": {…}}).',
    source: `${spec}, Tool Integration › Legacy Tool Call Format`,
    ...apertus,
    build: () =>
      conversation([textMessage('assistant', "I'll help you with that.", { toolCalls: [toolCall('search', '{"query": "python"}', { type: 'function' })] })]),
  },
  {
    id: 's000-valid-mixed',
    title: 'Valid: mixed system/user, string assistants',
    description: 'System and user messages may mix string and mapping forms as long as the assistants agree. The spec elides the user parts ([...]); the example keeps "...".',
    source: `${spec}, Format Consistency Rules › Examples`,
    ...apertus,
    build: () =>
      conversation([
        textMessage('system', 'String format system'),
        userParts('...'),
        textMessage('assistant', 'String assistant 1'),
        textMessage('assistant', 'String assistant 2'),
      ]),
  },
  {
    id: 's000-valid-structured',
    title: 'Valid: any mix with structured assistants',
    description: 'A mapping system message, a string user message and two structured assistants. The spec elides the blocks ([...]); the example keeps "..." as a response.',
    source: `${spec}, Format Consistency Rules › Examples`,
    ...apertus,
    build: () =>
      conversation([
        systemMapping('Mapping system'),
        textMessage('user', 'String user'),
        blocksMessage([response('...')]),
        blocksMessage([response('...')]),
      ]),
  },
  {
    id: 's000-invalid-mixed-assistants',
    title: 'Invalid: inconsistent assistant formats',
    description: 'A string assistant followed by a structured one: the template refuses it, and Parley shows the error while still rendering what it can.',
    source: `${spec}, Format Consistency Rules › Examples`,
    ...apertus,
    build: () =>
      conversation([
        textMessage('system', 'Any format'),
        textMessage('user', 'Any format'),
        textMessage('assistant', 'String assistant'),
        blocksMessage([response('...')]),
      ]),
  },
  {
    id: 's000-rendered-output',
    title: 'The "Example Rendered Output" conversation',
    description:
      'The conversation behind the spec\'s rendered-output sample. The official template writes no newlines between blocks, so the preview differs from the spec\'s prose: the template wins.',
    source: `${spec}, Chat Template and Tokens › Example Rendered Output`,
    ...apertus,
    build: () =>
      conversation([
        textMessage('system', 'You are helpful.'),
        textMessage('user', 'What is 2+2?'),
        blocksMessage([
          thoughts('I need to calculate this.'),
          toolCalls([toolCall('calculator', '{"expr": "2+2"}')]),
          toolOutputs([toolOutput('4')]),
          response('The answer is 4.'),
        ]),
      ]),
  },
  {
    id: 's000-example-1',
    title: 'Example 1: Simple string format',
    description: 'System, user and assistant messages, all plain strings.',
    source: `${spec}, Complete Examples › Example 1`,
    ...apertus,
    build: () =>
      conversation([
        textMessage('system', 'You are a helpful assistant.'),
        textMessage('user', 'What is AI?'),
        textMessage('assistant', 'AI stands for Artificial Intelligence.'),
      ]),
  },
  {
    id: 's000-example-2',
    title: 'Example 2: Structured format with tools',
    description: 'A research assistant thinks, calls web_search, reads its output and answers: every assistant block in one turn.',
    source: `${spec}, Complete Examples › Example 2`,
    ...apertus,
    build: () =>
      conversation([
        systemMapping('You are a research assistant.'),
        userParts('Research machine learning for me'),
        blocksMessage([
          thoughts('I need to search for comprehensive information about machine learning.'),
          toolCalls([toolCall('web_search', '{"query": "machine learning overview"}')]),
          toolOutputs([toolOutput('Machine learning is a subset of AI...')]),
          response('Based on my research, machine learning is a powerful subset of artificial intelligence...'),
        ]),
      ]),
  },
  {
    id: 's000-example-3',
    title: 'Example 3: Mixed format with tool messages',
    description: 'A string system message, a mapping user message, and a tool message between two structured assistants. The search arguments are "..." as in the spec.',
    source: `${spec}, Complete Examples › Example 3`,
    ...apertus,
    build: () =>
      conversation([
        textMessage('system', 'You are helpful.'),
        userParts('Hi'),
        blocksMessage([thoughts('User said hi, I should search for greeting info.'), toolCalls([toolCall('search', '...')])]),
        textMessage('tool', 'Greeting information found...'),
        blocksMessage([response('Hello! Nice to meet you.')]),
      ]),
  },
];
