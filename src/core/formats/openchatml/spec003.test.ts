/**
 * Every example of spec 003 (OpenChatML v0.1), rendered from a record built here with the
 * model builders and compared with the example as the spec writes it (`spec003.examples.ts`,
 * copied verbatim). The spec disagrees with itself, so each test names the options that
 * reproduce its example. Three examples cannot be reproduced byte for byte under any option;
 * their tests say why, reproduce everything else, and show what the parser makes of them.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { blocksMessage, conversation, documentFile, documentRecord, fimPart, response, textMessage, textPart, thoughts, toolCall, toolCalls, toolDefinition } from '../../model/builders.ts';
import type { ParleyRecord } from '../../model/types.ts';
import { checkAgainstSchema } from '../../validate/schema-check.ts';
import { openChatMlFormat } from './index.ts';
import { readJson } from './json-node.ts';
import { jsonText } from './json-write.ts';
import type { OpenChatMlOptions } from './options.ts';
import { parseOpenChatMl } from './parse.ts';
import * as spec from './spec003.examples.ts';
import { codes, expectCoverage } from './test-support.ts';

function render(record: ParleyRecord, options: Partial<OpenChatMlOptions> = {}) {
  const rendered = openChatMlFormat.render(record, options);
  expectCoverage(rendered);
  return rendered;
}

/** Rendered with no diagnostic at all, and read back to a record that renders the same. */
function expectExact(record: ParleyRecord, options: Partial<OpenChatMlOptions>, expected: string): void {
  const rendered = render(record, options);
  expect(rendered.text).toBe(expected);
  expect(rendered.diagnostics).toEqual([]);
  const parsed = parseOpenChatMl(expected, options);
  expect(parsed.diagnostics).toEqual([]);
  expect(render(parsed.record, parsed.options).text).toBe(expected);
  // Without hints too: the parser reads BOS, EOS, line breaks, FIM order and separators from the text.
  const bare = parseOpenChatMl(expected);
  expect(render(bare.record, bare.options).text).toBe(expected);
}

const TESLA_TOOL = () =>
  toolDefinition('get_stock_fundamentals', 'Get fundamental data for a given stock symbol using yfinance API.', {
    type: 'object',
    properties: { symbol: { type: 'string' } },
    required: ['symbol'],
  });

// The tool's output as a tool would return it (compact JSON): the format lays it out.
const TESLA_OUTPUT =
  '{"symbol": "TSLA", "company_name": "Tesla, Inc.", "sector": "Consumer Cyclical", "industry": "Auto Manufacturers", "market_cap": 611384164352, "pe_ratio": 49.604652, "pb_ratio": 9.762013, "dividend_yield": null, "eps": 4.3, "beta": 2.427, "52_week_high": 299.29, "52_week_low": 152.37}';

describe('spec 003 examples, copied from the spec', () => {
  it.skipIf(!existsSpec())('are in the spec verbatim, and are all of its code blocks', () => {
    const text = readFileSync(specPath(), 'utf8');
    for (const example of spec.ALL_EXAMPLES) expect(text.includes(`\n${example}\n\`\`\``)).toBe(true);
    expect(text.match(/```/g)?.length).toBe(spec.ALL_EXAMPLES.length * 2);
  });
});

describe('§3 message structure and §5 conversation structure (schemas)', () => {
  // `[name=<name>]` is the spec's notation for an optional part, and `...` stands for more
  // messages: the schemas are checked with the notation resolved.
  it('§3: one message, with and without a name (bosText and eosText empty: the schema shows a bare message)', () => {
    const bare = { bosText: '', eosText: '' };
    expectExact(conversation([textMessage('user', 'message_content', { name: 'Eric' })]), bare, spec.MESSAGE_STRUCTURE.replace('role [name=<name>]', 'user name=Eric'));
    expectExact(conversation([textMessage('user', 'message_content')]), bare, spec.MESSAGE_STRUCTURE.replace('role [name=<name>]', 'user'));
  });

  it('§5: [EOS] on a line of its own is eosText "\\n[EOS]" (§4 and §9, and the default, write it right after <|im_end|>)', () => {
    const expected = spec.CONVERSATION_STRUCTURE.replace('role1 [name=<name1>]', 'user name=name1').replace('role2 [name=<name2>]', 'assistant name=name2').replace('...\n', '');
    expect(expected).toBe('[BOS]<|im_start|>user name=name1\nmessage1\n<|im_end|>\n<|im_start|>assistant name=name2\nmessage2\n<|im_end|>\n[EOS]');
    const record = conversation([textMessage('user', 'message1', { name: 'name1' }), textMessage('assistant', 'message2', { name: 'name2' })]);
    expectExact(record, { eosText: '\n[EOS]' }, expected);
  });
});

describe('§4 thought structure', () => {
  it('reproduces the example with newlineBeforeImEnd off (§4 has no line break before <|im_end|>)', () => {
    const record = conversation([
      textMessage('system', 'You are a helpful AI assistant.', { thoughtFlags: ['reflect', 'introspect', 'reason'] }),
      textMessage('user', 'I have here a closed box with the label Band-Aid printed on it. What do you suppose is inside the box?'),
      blocksMessage([
        thoughts(
          'The user is asking a straightforward question about the likely contents of a labeled box. They seem curious but not emotionally invested in the answer. There is no apparent hidden agenda or ulterior motive behind the question.',
          'reflect',
        ),
        thoughts(
          "As an AI assistant, my goal is to provide helpful and informative responses to the user's questions. In this case, I do not have any strong feelings or opinions about the contents of the box. My intention is to make a reasonable inference based on the label and common knowledge.",
          'introspect',
        ),
        thoughts(
          'The box has a "Band-Aid" label printed on it. Band-Aid is a well-known brand name for adhesive bandages and related first-aid products. When a box is labeled with a brand name, it very often contains that brand\'s products inside. Therefore, the most logical inference is that this box contains Band-Aid brand adhesive bandages.',
          'reason',
        ),
        response(
          "Based on the \"Band-Aid\" label printed on the box, it is very likely that the box contains Band-Aid brand adhesive bandages inside. Band-Aid is a famous brand name for this type of first-aid product. When a box has a brand name printed on the outside, it usually contains that brand's products on the inside. So while I cannot say with 100% certainty, I think it is a very reasonable assumption that you would find Band-Aid adhesive bandages if you opened up this labeled box.",
        ),
      ]),
    ]);
    expectExact(record, { newlineBeforeImEnd: false }, spec.THOUGHTS);
    // With the default (a line break before every <|im_end|>), only those three places differ.
    expect(render(record).text).toBe(spec.THOUGHTS.replace('<|reason|><|im_end|>', '<|reason|>\n<|im_end|>').replace('box?<|im_end|>', 'box?\n<|im_end|>').replace('box.<|im_end|>', 'box.\n<|im_end|>'));
  });
});

describe('§6 fill-in-the-middle and §7 multi-file sequences', () => {
  it('§6: a FIM task is a document with one FIM segment, middle empty (fimOrder spec, the default)', () => {
    expectExact(documentRecord([documentFile([fimPart('prefix_content', '', 'suffix_content')])]), {}, spec.FIM_STRUCTURE);
  });

  it('§7: files joined by \\n<|file_separator|>\\n (leadingSeparator off, the default)', () => {
    const record = documentRecord(['file1_content', 'file2_content', 'file3_content'].map((text) => documentFile([textPart(text)])));
    expectExact(record, {}, spec.MULTI_FILE_STRUCTURE);
  });
});

describe('§8 function calling', () => {
  it('§8.1: the function list after the system content; exact with jsonStyle spec (one-line "required")', () => {
    const record = conversation([textMessage('system', 'S')], [TESLA_TOOL()]);
    expectExact(record, { jsonStyle: 'spec' }, `[BOS]<|im_start|>system\nS\n${spec.FUNCTION_SIGNATURE}\n<|im_end|>[EOS]`);
    // json.dumps(…, indent=2) (the default layout) puts each array item on its own line; this is
    // Python's output for the list ["symbol"] at that depth.
    expect(render(record).text).toBe(`[BOS]<|im_start|>system\nS\n${spec.FUNCTION_SIGNATURE.replace('"required": ["symbol"]', '"required": [\n        "symbol"\n      ]')}\n<|im_end|>[EOS]`);
  });

  it('§8.2: the FunctionCall schema is laid out as jsonStyle spec, and every rendered call satisfies it', () => {
    const read = readJson(spec.FUNCTION_CALL_SCHEMA);
    if (!read.ok) throw new Error(read.message);
    expect(jsonText(read.node, { indent: 2, style: 'spec', ensureAscii: false })).toBe(spec.FUNCTION_CALL_SCHEMA);
    const rendered = render(conversation([blocksMessage([toolCalls([toolCall('get_stock_fundamentals', '{"symbol":"TSLA"}'), toolCall('f', '{}')])])]));
    const lines = rendered.text.split('\n').filter((line) => line.startsWith('{"arguments"'));
    expect(lines).toHaveLength(2);
    for (const line of lines) expect(checkAgainstSchema(JSON.parse(line), JSON.parse(spec.FUNCTION_CALL_SCHEMA))).toEqual([]);
  });

  it('§8.2: a call, with the arguments as typed (re-laid out as compact Python JSON, keys arguments then name)', () => {
    for (const typed of ['{"symbol": "TSLA"}', '{ "symbol":"TSLA" }', '{\n  "symbol": "TSLA"\n}']) {
      const record = conversation([blocksMessage([toolCalls([toolCall('get_stock_fundamentals', typed)])])]);
      expect(render(record).text).toBe(`[BOS]<|im_start|>assistant\n${spec.FUNCTION_CALL}\n<|im_end|>[EOS]`);
    }
    // The legacy OpenAI-style field renders the same.
    const legacy = conversation([textMessage('assistant', '', { toolCalls: [toolCall('get_stock_fundamentals', '{"symbol": "TSLA"}')] })]);
    expectExact(legacy, {}, `[BOS]<|im_start|>assistant\n${spec.FUNCTION_CALL}\n<|im_end|>[EOS]`);
  });

  it('§8.3: a function output; the name comes from the call it answers (§8.4)', () => {
    const record = conversation([blocksMessage([toolCalls([toolCall('get_stock_fundamentals', '{"symbol": "TSLA"}')])]), textMessage('tool', TESLA_OUTPUT)]);
    expectExact(record, {}, `[BOS]<|im_start|>assistant\n${spec.FUNCTION_CALL}\n<|im_end|>\n<|im_start|>tool\n${spec.FUNCTION_RESPONSE}\n<|im_end|>[EOS]`);
  });

  describe('§8.5 example conversation: not reproducible byte for byte', () => {
    // Two things in it have no OpenChatML structure that writes them:
    // 1. the system message goes on after the function list ("Use the following pydantic model
    //    json schema …", ending with a literal <|function_call|> template), while the function
    //    list is what ends the system message (§8.1, docs/formats.md 'OpenChatML: function calling');
    // 2. the function output has a space after `"Consumer Cyclical",` (hand-edited JSON; no JSON
    //    writer puts it there, and §8.3 shows the same output without it).
    const listEnd = spec.FUNCTION_CALLING_CONVERSATION.indexOf('\n\nUse the following pydantic');
    const systemEnd = spec.FUNCTION_CALLING_CONVERSATION.indexOf('\n<|im_end|>\n<|im_start|>user');
    const record = () =>
      conversation(
        [
          textMessage(
            'system',
            "You are a function calling AI model. You are provided with function signatures after the `<|function_list|>` tag. You may call one or more functions to assist with the user query. Don't make assumptions about what values to plug into functions. Here are the available tools:",
          ),
          textMessage('user', 'Fetch the stock fundamentals data for Tesla (TSLA)'),
          blocksMessage([toolCalls([toolCall('get_stock_fundamentals', '{"symbol": "TSLA"}')])]),
          textMessage('tool', TESLA_OUTPUT),
          textMessage(
            'assistant',
            "The stock fundamentals data for Tesla (TSLA) are as follows:\n- **Symbol**: TSLA  \n- **Company Name**: Tesla, Inc.\n- **Sector**: Consumer Cyclical\n- **Industry**: Auto Manufacturers\n- **Market Capitalization**: $611,384,164,352\n- **Price-to-Earnings Ratio (P/E Ratio)**: 49.60\n- **Price-to-Book Ratio (P/B Ratio)**: 9.76\n- **Dividend Yield**: N/A\n- **Earnings Per Share (EPS)**: $4.30\n- **Beta**: 2.427\n- **52-Week High**: $299.29\n- **52-Week Low**: $152.37\n\nThis data provides key financial metrics and ratios that can help assess Tesla's stock performance and valuation. The high P/E and P/B ratios suggest that investors have high expectations for Tesla's future growth. The lack of a dividend yield indicates that Tesla is reinvesting its profits into the business rather than distributing them to shareholders. The high beta value implies that Tesla's stock is more volatile than the overall market.\n",
          ),
        ],
        [TESLA_TOOL()],
      );

    it('built from tools, a call and an output: everything but those two spots, with jsonStyle spec', () => {
      const expected = (spec.FUNCTION_CALLING_CONVERSATION.slice(0, listEnd) + spec.FUNCTION_CALLING_CONVERSATION.slice(systemEnd)).replace('"Consumer Cyclical", \n', '"Consumer Cyclical",\n');
      const rendered = render(record(), { jsonStyle: 'spec' });
      expect(rendered.text).toBe(expected);
      // The system text itself names the <|function_list|> token, as the spec's does.
      expect(rendered.diagnostics.map((d) => [d.code, d.path])).toEqual([['token-injection', ['messages', 0, 'content']]]);
    });

    it('parsed: the system message is kept as text (its list is followed by text), the output is read as JSON', () => {
      const parsed = parseOpenChatMl(spec.FUNCTION_CALLING_CONVERSATION);
      expect(codes(parsed)).toEqual(['openchatml/parse-kept-as-text', 'openchatml/parse-non-canonical']);
      expect(parsed.diagnostics[1]?.path).toEqual(['messages', 3, 'content']);
      expect(parsed.record.kind === 'chat' && parsed.record.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'tool', 'assistant']);
      // Rendering it back changes only the stray space.
      expect(render(parsed.record, parsed.options).text).toBe(spec.FUNCTION_CALLING_CONVERSATION.replace('"Consumer Cyclical", \n', '"Consumer Cyclical",\n'));
    });
  });
});

describe('§9 examples', () => {
  it('"Example conversation" (defaults)', () => {
    expectExact(conversation([textMessage('user', 'Hello there, AI.'), textMessage('assistant', 'Hi. Nice to meet you.')]), {}, spec.EXAMPLE_CONVERSATION);
  });

  it('"Example conversation with speaker name" (defaults)', () => {
    expectExact(conversation([textMessage('user', 'Hello there, AI.', { name: 'Eric' }), textMessage('assistant', 'Hi Eric. Nice to meet you.')]), {}, spec.EXAMPLE_SPEAKER_NAME);
  });

  it('"Example fill-in-the-middle task" (a document, fimOrder spec)', () => {
    const record = documentRecord([documentFile([fimPart('The capital of France is ', '', ', which is known for its famous Eiffel Tower.')])]);
    expectExact(record, {}, spec.EXAMPLE_FIM);
  });

  it('"Example multi-file sequence" (leadingSeparator off)', () => {
    const record = documentRecord([
      documentFile([textPart('This is the content from the first file.')]),
      documentFile([textPart('This is the content from the second file.\nAnd this is more content from the second file.')]),
      documentFile([textPart('Finally, this is the content from the third file.')]),
    ]);
    expectExact(record, {}, spec.EXAMPLE_MULTI_FILE);
  });

  describe('"Example: Named roles and longer conversation": not reproducible byte for byte', () => {
    // Two lines end in stray spaces: the header "user name=Alice  " (a name cannot contain
    // whitespace, §3) and "<|im_end|>  " before the last turn (turns are joined by one line
    // break; nothing can write text there). Everything else is reproduced with the defaults.
    const coach = { name: 'FitnessCoach' };
    const messages = (alice2: string) => [
      textMessage('system', 'You are an AI assistant that helps users track and achieve their goals.', { name: 'GoalTracker' }),
      textMessage('user', 'Hi, I need help staying motivated to reach my fitness goals. Any advice?', { name: 'Alice' }),
      textMessage(
        'assistant',
        "Hi Alice! To stay motivated, try setting specific, measurable goals and tracking your progress. Celebrate small victories along the way. Remember why you started this journey and keep that in mind when things get tough. I'm here to support you every step of the way!",
        coach,
      ),
      textMessage('user', "Thanks, that's helpful! Can you suggest a good workout routine for beginners?", { name: alice2 }),
      textMessage(
        'assistant',
        "Absolutely! Here's a simple beginner-friendly workout routine:\n\nMonday: 30-minute brisk walk or jog\nTuesday: 15 minutes of bodyweight exercises (squats, push-ups, lunges)\nWednesday: Rest day or light stretching \nThursday: 30-minute bike ride or swim\nFriday: 15 minutes of bodyweight exercises\nSaturday: 30-minute yoga or Pilates session\nSunday: Rest day\n\nRemember to warm up before and cool down after each workout. Listen to your body and don't push too hard too soon. Consistency is key!",
        coach,
      ),
      textMessage('user', "Hey, I couldn't help but overhear. I'm also trying to get into a fitness routine. Mind if I join the conversation?", { name: 'Bob' }),
      textMessage('assistant', 'Of course, Bob! The more, the merrier. Feel free to chime in with your own experiences and questions. We can all learn from and support each other on our fitness journeys.', coach),
    ];
    const withoutStraySpaces = spec.NAMED_ROLES.replace('name=Alice  \n', 'name=Alice\n').replace('<|im_end|>  \n', '<|im_end|>\n');

    it('named speakers: everything but the stray spaces (defaults)', () => {
      expectExact(conversation(messages('Alice')), {}, withoutStraySpaces);
    });

    it('a name "Alice  " writes that header line, with a whitespace warning; the spaces after <|im_end|> stay out of reach', () => {
      const rendered = render(conversation(messages('Alice  ')));
      expect(rendered.text).toBe(spec.NAMED_ROLES.replace('<|im_end|>  \n', '<|im_end|>\n'));
      expect(rendered.diagnostics.map((d) => [d.code, d.path])).toEqual([['openchatml/name-whitespace', ['messages', 3, 'name']]]);
    });

    it('parsed: the stray spaces after <|im_end|> are reported and left out; the name keeps its spaces', () => {
      const parsed = parseOpenChatMl(spec.NAMED_ROLES);
      expect(codes(parsed)).toEqual(['openchatml/parse-between-messages', 'openchatml/parse-non-canonical']);
      expect(parsed.diagnostics[0]?.message).toMatch(/^line 28, column 11: .*" {2}\\n" lies between/);
      expect(render(parsed.record, parsed.options).text).toBe(spec.NAMED_ROLES.replace('<|im_end|>  \n', '<|im_end|>\n'));
    });
  });

  describe('"Example: Fill-in-the-middle task" and its completion', () => {
    const prefix = (ifLine: string) => `def fibonacci(n):\n${ifLine}\n        return []\n    elif n == 1:\n        return [0]\n    elif n == 2:\n        return [0, 1]\n    else:\n        fib = [0, 1]\n        `;
    const suffix = (first: string) => `${first}\n        return fib\n\n# Test the function\nprint(fibonacci(10))`;
    const middle = 'for i in range(2, n):\n            fib.append(fib[i-1] + fib[i-2])\n        ';

    it('the task: a document with one FIM segment, middle empty (fimOrder spec)', () => {
      expectExact(documentRecord([documentFile([fimPart(prefix('    if n <= 0:'), '', suffix(''))])]), {}, spec.FIBONACCI_TASK);
    });

    it('the completion: the middle filled in (fimOrder spec); its prefix and suffix carry two spaces the task has not', () => {
      // "    if n <= 0:  " and a suffix starting "  \n": the completion is not the task's record with
      // a middle, but its own record reproduces it exactly.
      expectExact(documentRecord([documentFile([fimPart(prefix('    if n <= 0:  '), middle, suffix('  '))])]), {}, spec.FIBONACCI_COMPLETION);
      const taskFilledIn = render(documentRecord([documentFile([fimPart(prefix('    if n <= 0:'), middle, suffix(''))])]));
      expect(taskFilledIn.text).toBe(spec.FIBONACCI_COMPLETION.replace('if n <= 0:  \n', 'if n <= 0:\n').replace('<|fim_suffix|>  \n', '<|fim_suffix|>\n'));
    });

    it('the FIM middle is the trainable part', () => {
      const rendered = render(documentRecord([documentFile([fimPart(prefix('    if n <= 0:'), middle, suffix(''))])]));
      const trained = rendered.spans.filter((s) => s.trainable).map((s) => rendered.text.slice(s.start, s.end));
      expect(trained).toEqual([middle]);
    });
  });

  describe('"Example 3: Multi-file sequence for document summarization" and its completion', () => {
    const files = [
      'A black hole is a region of spacetime where gravity is so strong that nothing, not even light, can escape from it. The boundary of a black hole is called the event horizon, beyond which events cannot affect an outside observer. Black holes form when massive stars collapse at the end of their life cycle. ',
      'The first modern solution of general relativity that would characterize a black hole was found by Karl Schwarzschild in 1916. However, its interpretation as a region of space from which nothing can escape was first published by David Finkelstein in 1958. Long considered a mathematical curiosity, it was during the 1960s that theoretical work showed black holes were a generic prediction of general relativity.',
      'The discovery of neutron stars by Jocelyn Bell Burnell in 1967 sparked interest in gravitationally collapsed compact objects as a possible astrophysical reality. The first black hole known as such was Cygnus X-1, identified by several researchers independently in 1971. Black holes of stellar mass form when very massive stars collapse at the end of their life cycle.',
    ];
    const ending =
      " Despite their invisible interior, the presence of black holes can be inferred through their interaction with other matter and with electromagnetic radiation such as visible light. If there are other stars orbiting a black hole, their orbit can be used to determine the black hole's mass and location. Matter falling into a black hole can form an accretion disk, one of the brightest objects in the universe.";

    it('the task: four files, the last one a FIM segment with empty prefix and middle (leadingSeparator on)', () => {
      const record = documentRecord([...files.map((text) => documentFile([textPart(text)])), documentFile([fimPart('', '', ending)])]);
      expectExact(record, { leadingSeparator: true }, spec.BLACK_HOLES_TASK);
      // Without the option the text starts with the first file.
      expect(render(record).text).toBe(spec.BLACK_HOLES_TASK.slice('<|file_separator|>\n'.length));
    });

    it('the completion: one FIM segment (not a completion of the task: its prefix is a new summary)', () => {
      const record = documentRecord([
        documentFile([
          fimPart(
            'Black holes are regions of spacetime where gravity is extremely strong, preventing anything, including light, from escaping. They form when massive stars collapse at the end of their life cycle. The first modern solution describing black holes was found by Karl Schwarzschild in 1916, but their interpretation as inescapable regions was published by David Finkelstein in 1958.\n',
            'The existence of black holes was confirmed with the discovery of Cygnus X-1 in 1971. Black holes can be detected through their interaction with nearby matter and radiation. Stars orbiting a black hole can reveal its mass and location, while matter falling into a black hole forms a bright accretion disk.\n',
            ending,
          ),
        ]),
      ]);
      expectExact(record, {}, spec.BLACK_HOLES_COMPLETION);
    });
  });
});

describe('§2 tokens', () => {
  it('every token the spec lists has a one-line doc', () => {
    const listed = ['[BOS]', '[EOS]', '<|im_start|>', '<|im_end|>', '<|fim_prefix|>', '<|fim_suffix|>', '<|fim_middle|>', '<|file_separator|>', '<|reflect|>', '<|introspect|>', '<|reason|>', '<|start_reflect|>', '<|end_reflect|>', '<|start_introspect|>', '<|end_introspect|>', '<|start_reason|>', '<|end_reason|>', '<|function_list|>', '<|function_output|>', '<|function_call|>'];
    expect(openChatMlFormat.specialTokens.map((t) => t.token).sort()).toEqual([...listed].sort());
    for (const token of openChatMlFormat.specialTokens) expect(token.doc).toMatch(/^[^\n]{10,}$/);
  });
});

function specPath(): string {
  return fileURLToPath(new URL('../../../../../shared/specs/003_6f053a6d49a0c92a.txt', import.meta.url));
}

function existsSpec(): boolean {
  try {
    readFileSync(specPath());
    return true;
  } catch {
    return false;
  }
}
