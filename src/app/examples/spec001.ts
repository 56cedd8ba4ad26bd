/** Every example conversation of spec 001 (Apertus Python API), in the order the spec shows them. */
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

const spec = 'Spec 001 (Apertus Python API)';
const apertus = { formatId: 'apertus', options: {} };

const systemAndQuestion = () => [textMessage('system', 'You are a helpful assistant.'), textMessage('user', 'What is 2 + 2?')];

export const SPEC_001_EXAMPLES: readonly Example[] = [
  {
    id: 's001-basic-usage',
    title: 'Basic usage',
    description: 'A system and a user message rendered with add_generation_prompt=True: the text ends with an open assistant turn.',
    source: `${spec}, Usage Examples › Basic Usage`,
    formatId: 'apertus',
    options: { addGenerationPrompt: true },
    build: () => conversation(systemAndQuestion()),
  },
  {
    id: 's001-structured-response',
    title: 'Structured assistant response',
    description: 'The basic conversation answered by an assistant with thoughts, a calculator call, its output and the response.',
    source: `${spec}, Usage Examples › Structured Assistant Response`,
    ...apertus,
    build: () =>
      conversation([
        ...systemAndQuestion(),
        blocksMessage([
          thoughts('I need to calculate 2 + 2'),
          toolCalls([toolCall('calculator', '{"expression": "2 + 2"}')]),
          toolOutputs([toolOutput('4')]),
          response('The answer is 4.'),
        ]),
      ]),
  },
  {
    id: 's001-content-as-string',
    title: 'Structured content to convert to a string',
    description: 'The assistant content that format_assistant_content turns into a single string for standard chat formats.',
    source: `${spec}, Usage Examples › Converting Structured Assistant Content to String`,
    ...apertus,
    build: () =>
      conversation([
        blocksMessage([
          thoughts('Let me think about this...'),
          toolCalls([toolCall('calculator', '{"expr": "2+2"}')]),
          toolOutputs([toolOutput('4')]),
          response('The answer is 4.'),
        ]),
      ]),
  },
  {
    id: 's001-tool-messages',
    title: 'Tool messages outside assistant blocks',
    description: 'A string assistant with a tool_calls field, answered by a separate tool message.',
    source: `${spec}, Usage Examples › Tool Messages Outside Assistant Blocks`,
    ...apertus,
    build: () =>
      conversation([
        ...systemAndQuestion(),
        textMessage('assistant', "I'll help you with that.", { toolCalls: [toolCall('search', '{"query": "python"}')] }),
        textMessage('tool', 'Here are the search results...'),
      ]),
  },
  {
    id: 's001-valid-mixed',
    title: 'Valid: mixed system/user, string assistants (Python API)',
    description: 'String system, mapping user, two string assistants: consistent.',
    source: `${spec}, Usage Examples › Content Format Consistency`,
    ...apertus,
    build: () =>
      conversation([
        textMessage('system', 'String format system'),
        userParts('Mapping user'),
        textMessage('assistant', 'String assistant 1'),
        textMessage('assistant', 'String assistant 2'),
      ]),
  },
  {
    id: 's001-valid-structured',
    title: 'Valid: mixed system/user, structured assistants',
    description: 'Mapping system, string user, two structured assistants: consistent. (Advanced Features › Format Validation shows the same conversation.)',
    source: `${spec}, Usage Examples › Content Format Consistency`,
    ...apertus,
    build: () =>
      conversation([
        systemMapping('Mapping system'),
        textMessage('user', 'String user'),
        blocksMessage([response('Response 1')]),
        blocksMessage([response('Response 2')]),
      ]),
  },
  {
    id: 's001-invalid-mixed',
    title: 'Invalid: string and structured assistants',
    description: 'A string assistant then a structured one: ValueError in Python, an error diagnostic in Parley.',
    source: `${spec}, Usage Examples › Content Format Consistency`,
    ...apertus,
    build: () =>
      conversation([
        textMessage('system', 'Any format is fine'),
        userParts('Any format here too'),
        textMessage('assistant', 'String assistant'),
        blocksMessage([response('Mixed!')]),
      ]),
  },
  {
    id: 's001-tool-message-valid',
    title: 'Always valid: a tool message between string assistants',
    description:
      'Tool messages are strings and do not take part in the consistency check. The template renders it; as training data the tool result answers no call, which the structural checks report (structure/result-without-call).',
    source: `${spec}, Usage Examples › Content Format Consistency`,
    ...apertus,
    build: () =>
      conversation([
        textMessage('system', 'You are helpful.'),
        userParts('Mixed formats OK'),
        textMessage('assistant', 'String assistant'),
        textMessage('tool', 'Tool output'),
        textMessage('assistant', 'Another string assistant'),
      ]),
  },
  {
    id: 's001-inner-outer',
    title: 'Inner vs outer sections (Python API)',
    description:
      'The snippet\'s three blocks in one assistant message, in its order: thoughts (always inner), the response (always outer), then tool calls (either section; after the response they are outer). The spec elides the calls ([...]); the example keeps one holding "...".',
    source: `${spec}, Advanced Features › Inner vs Outer Sections`,
    ...apertus,
    build: () => conversation([blocksMessage([thoughts('Let me think...'), response("Here's my answer"), toolCalls([toolCall('...', '...')])])]),
  },
  {
    id: 's001-validation-mixed',
    title: 'Format validation: mixed system/user formats',
    description: 'String system, mapping user, two string assistants: formats without error.',
    source: `${spec}, Advanced Features › Format Validation`,
    ...apertus,
    build: () =>
      conversation([
        textMessage('system', 'String system'),
        userParts('Mapping user'),
        textMessage('assistant', 'String assistant 1'),
        textMessage('assistant', 'String assistant 2'),
      ]),
  },
  {
    id: 's001-validation-inconsistent',
    title: 'Format validation: inconsistent assistants',
    description: 'The conversation that raises "Format inconsistency: Assistant message uses structured content..." in Python.',
    source: `${spec}, Advanced Features › Format Validation`,
    ...apertus,
    build: () =>
      conversation([
        textMessage('system', 'Any system format'),
        textMessage('user', 'Any user format'),
        textMessage('assistant', 'String assistant'),
        blocksMessage([response('Inconsistent!')]),
      ]),
  },
];
