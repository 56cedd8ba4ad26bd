/**
 * fast-check generators of Apertus JSON conversations (spec 000 shape, as the template reads
 * them): every role and content form, blocks of every type, legacy tool_calls, tool messages,
 * tools with every schema shape the template's macros handle, and the invalid forms the
 * template raises on (with a lower weight, so that most runs compare outputs).
 */
import fc from 'fast-check';

type Json = unknown;
type JsonObject = Record<string, Json>;

const SPECIAL_LOOKALIKES = [
  '<|user_start|>',
  '<|assistant_end|>',
  '<|inner_prefix|>',
  '<|tools_suffix|>',
  '<s>',
  '<|not_a_token|>',
  '<|',
  '|>',
  '[',
  ']',
  ', ',
  '{"',
  '": ',
  '\n',
  '{{ x }}',
  '{% if %}',
];

/** Text: unicode, empty, special-token look-alikes, JSON punctuation, sometimes long. */
export const text: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.string({ maxLength: 12 }), weight: 5 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 12 }), weight: 3 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 8 }), weight: 1 },
  { arbitrary: fc.constant(''), weight: 2 },
  { arbitrary: fc.array(fc.constantFrom(...SPECIAL_LOOKALIKES, 'a', ' ', 'é', '😀'), { maxLength: 5 }).map((xs) => xs.join('')), weight: 2 },
  { arbitrary: fc.tuple(fc.string({ maxLength: 4 }), fc.integer({ min: 50, max: 400 })).map(([s, n]) => `${s}x`.repeat(n)), weight: 1 },
);

/** Tool call arguments: JSON text mostly, any text sometimes. */
const argumentsText: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.jsonValue({ maxDepth: 2 }).map((v) => JSON.stringify(v)), weight: 4 },
  { arbitrary: fc.dictionary(fc.string({ maxLength: 4 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3, noNullPrototype: true }).map((v) => JSON.stringify(v)), weight: 4 },
  { arbitrary: text, weight: 1 },
);

const callName = fc.oneof(
  { arbitrary: fc.constantFrom('search', 'calculator', 'display_answers', 'get_weather'), weight: 4 },
  { arbitrary: text, weight: 1 },
);

const blockCall: fc.Arbitrary<JsonObject> = fc.oneof(
  { arbitrary: fc.record({ name: callName, arguments: argumentsText }), weight: 60 },
  // Object arguments: the template concatenates them (Python raises).
  { arbitrary: fc.record({ name: callName, arguments: fc.dictionary(fc.string({ maxLength: 3 }), fc.integer(), { maxKeys: 2, noNullPrototype: true }) }), weight: 1 },
);

const block: fc.Arbitrary<JsonObject> = fc.oneof(
  { arbitrary: fc.record({ type: fc.constant('thoughts'), text }), weight: 24 },
  { arbitrary: fc.record({ type: fc.constant('response'), text }), weight: 24 },
  { arbitrary: fc.record({ type: fc.constant('tool_calls'), calls: fc.array(blockCall, { maxLength: 3 }) }), weight: 20 },
  {
    arbitrary: fc.record({ type: fc.constant('tool_outputs'), outputs: fc.array(fc.record({ output: text }), { maxLength: 3 }) }),
    weight: 12,
  },
  // A single display_answers call (the outer-section special case).
  {
    arbitrary: fc.record({ type: fc.constant('tool_calls'), calls: fc.tuple(fc.record({ name: fc.constant('display_answers'), arguments: argumentsText })) }),
    weight: 10,
  },
  rare(fc.record({ type: fc.constantFrom('image', 'thinking', 'code'), text })),
);

const legacyCall: fc.Arbitrary<JsonObject> = fc.oneof(
  { arbitrary: fc.record({ type: fc.constant('function'), function: fc.record({ name: callName, arguments: argumentsText }) }), weight: 40 },
  // No "type" at all: the template raises (its error message concatenates the undefined type).
  { arbitrary: fc.record({ function: fc.record({ name: callName, arguments: argumentsText }) }), weight: 2 },
  { arbitrary: fc.record({ type: fc.constantFrom('code_interpreter', 'tool'), function: fc.record({ name: callName, arguments: argumentsText }) }), weight: 1 },
  {
    arbitrary: fc.record({
      type: fc.constant('function'),
      function: fc.record({ name: callName, arguments: fc.dictionary(fc.string({ maxLength: 3 }), fc.integer(), { maxKeys: 2, noNullPrototype: true }) }),
    }),
    weight: 1,
  },
);

const userPart: fc.Arbitrary<JsonObject> = fc.oneof(
  { arbitrary: fc.record({ type: fc.constant('text'), text }), weight: 40 },
  { arbitrary: fc.record({ type: fc.constant('image'), url: fc.constant('https://example.com/a.png') }), weight: 1 },
);

/** A message's `content`, or `undefined` for no content key. */
type ContentChoice = Json | undefined;

/** An invalid or unusual form: weight 1 against the valid forms' dozens. */
function rare<T>(arbitrary: fc.Arbitrary<T>): fc.WeightedArbitrary<T> {
  return { arbitrary, weight: 1 };
}

/**
 * A content mapping with the form the template reads for the role plus other keys (another form,
 * an unknown key), in either key order: the template reads its form and ignores the rest.
 */
function mixedMapping(form: string, value: fc.Arbitrary<Json>, others: Record<string, fc.Arbitrary<Json>>): fc.Arbitrary<JsonObject> {
  const entries = Object.entries(others).map(([key, arbitrary]) => fc.option(arbitrary.map((v): [string, Json] => [key, v]), { nil: undefined }));
  return fc
    .tuple(value, fc.tuple(...entries), fc.boolean())
    .map(([own, rest, formFirst]) => {
      const present = rest.filter((entry): entry is [string, Json] => entry !== undefined);
      const ordered: [string, Json][] = formFirst ? [[form, own], ...present] : [...present, [form, own]];
      return Object.fromEntries(ordered) as JsonObject;
    })
    .filter((mapping) => Object.keys(mapping).length > 1);
}

const userParts = fc.array(userPart, { maxLength: 3 });
const extraKey = fc.constantFrom<Json>('en', 1, { note: 'x' });

const systemContent: fc.Arbitrary<ContentChoice> = fc.oneof(
  { arbitrary: text, weight: 40 },
  { arbitrary: fc.record({ text }), weight: 20 },
  { arbitrary: mixedMapping('text', text, { parts: userParts, blocks: fc.constant([]), lang: extraKey }), weight: 6 },
  rare(fc.constant(undefined)),
  rare(fc.constant(null)),
  rare(fc.record({ parts: fc.array(userPart, { maxLength: 2 }) })),
);

const userContent: fc.Arbitrary<ContentChoice> = fc.oneof(
  { arbitrary: text, weight: 40 },
  { arbitrary: fc.record({ parts: userParts }), weight: 30 },
  { arbitrary: mixedMapping('parts', userParts, { text, lang: extraKey }), weight: 6 },
  { arbitrary: fc.constant(undefined), weight: 5 },
  rare(fc.constant(null)),
  rare(fc.record({ text })),
);

function assistantContent(form: 'string' | 'mapping' | 'mixed'): fc.Arbitrary<ContentChoice> {
  const blockList = fc.array(block, { maxLength: 5 });
  const blocks = fc.oneof({ arbitrary: fc.record({ blocks: blockList }), weight: 8 }, { arbitrary: mixedMapping('blocks', blockList, { text, parts: fc.constant([]), lang: extraKey }), weight: 1 });
  const valid = form === 'string' ? text : form === 'mapping' ? blocks : fc.oneof(text, blocks);
  return fc.oneof(
    { arbitrary: valid, weight: 80 },
    rare(fc.constant(null)),
    rare(fc.constant(undefined)),
    rare(fc.record({ text })),
  );
}

const toolContent: fc.Arbitrary<ContentChoice> = fc.oneof(
  { arbitrary: text, weight: 60 },
  rare(fc.constant(undefined)),
  rare(fc.constant(null)),
  rare(fc.record({ text })),
);

function withContent(role: string, content: ContentChoice, rest: JsonObject = {}): JsonObject {
  return content === undefined ? { role, ...rest } : { role, content, ...rest };
}

function assistantMessage(form: 'string' | 'mapping' | 'mixed'): fc.Arbitrary<JsonObject> {
  return fc
    .tuple(assistantContent(form), fc.oneof({ arbitrary: fc.constant(undefined), weight: 5 }, { arbitrary: fc.array(legacyCall, { maxLength: 2 }), weight: 2 }))
    .map(([c, calls]) => withContent('assistant', c, calls === undefined ? {} : { tool_calls: calls }));
}

/** A message of any role and form, for the rare out-of-place message. */
function anyMessage(form: 'string' | 'mapping' | 'mixed'): fc.Arbitrary<JsonObject> {
  return fc.oneof(
    userContent.map((c) => withContent('user', c)),
    assistantMessage(form),
    toolContent.map((c) => withContent('tool', c)),
    systemContent.map((c) => withContent('system', c)),
    text.map((c) => withContent('developer', c)),
    text.map((c) => withContent('moderator', c)),
  );
}

/** A user message, then an assistant turn: assistant messages each followed by 0–2 tool messages. */
function turn(form: 'string' | 'mapping' | 'mixed'): fc.Arbitrary<JsonObject[]> {
  const toolMessages = fc.oneof({ arbitrary: fc.constant([]), weight: 2 }, fc.array(toolContent.map((c) => withContent('tool', c)), { minLength: 1, maxLength: 2 }));
  const step = fc.tuple(assistantMessage(form), toolMessages);
  return fc
    .tuple(fc.option(userContent.map((c) => withContent('user', c)), { freq: 12 }), fc.array(step, { maxLength: 3 }))
    .map(([user, steps]) => [...(user === null ? [] : [user]), ...steps.flatMap(([assistant, tools]) => [assistant, ...tools])]);
}

function messages(form: 'string' | 'mapping' | 'mixed'): fc.Arbitrary<JsonObject[]> {
  return fc
    .tuple(fc.array(turn(form), { maxLength: 4 }), fc.oneof({ arbitrary: fc.constant(null), weight: 10 }, rare(fc.tuple(anyMessage(form), fc.nat()))))
    .map(([turns, stray]) => {
      const all = turns.flat();
      if (stray !== null) all.splice(stray[1] % (all.length + 1), 0, stray[0]);
      return all;
    });
}

// ---- tool schemas --------------------------------------------------------------------------

const PROPERTY_NAMES = ['query', 'limit', 'units', 'a', 'b', 'nested_value', 'ünï', 'with space', '0', '10'];
const propertyName = fc.oneof({ arbitrary: fc.constantFrom(...PROPERTY_NAMES), weight: 30 }, rare(fc.constant('items')), rare(fc.string({ maxLength: 5 })));

const schemaText = fc.oneof({ arbitrary: fc.constantFrom('A value.', 'Units: "c" or "f".', 'ünïcödé 😀'), weight: 3 }, rare(text));
const scalarJson = fc.oneof(fc.string({ maxLength: 5 }), fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.boolean(), fc.constant(null));
const defaultValue = fc.oneof({ arbitrary: fc.string({ maxLength: 5 }), weight: 12 }, { arbitrary: scalarJson, weight: 3 }, rare(fc.jsonValue({ maxDepth: 2 })));

/** Adds optional keys (description, default, nullable, enum) to a base schema. */
function decorate(base: fc.Arbitrary<JsonObject>): fc.Arbitrary<JsonObject> {
  return fc
    .tuple(
      base,
      fc.option(schemaText, { freq: 2 }),
      fc.option(defaultValue, { freq: 3 }),
      fc.option(fc.boolean(), { freq: 4 }),
      fc.option(fc.oneof({ arbitrary: fc.array(fc.string({ maxLength: 4 }), { maxLength: 4 }), weight: 12 }, rare(fc.array(scalarJson, { maxLength: 3 })), rare(fc.constant('abc'))), { freq: 4 }),
    )
    .map(([schema, description, def, nullable, values]) => {
      const out: JsonObject = { ...schema };
      if (description !== null) out.description = description;
      if (def !== null) out.default = def;
      if (nullable !== null) out.nullable = nullable;
      if (values !== null) out.enum = values;
      return out;
    });
}

const TYPE_NAMES = ['string', 'number', 'integer', 'boolean', 'object', 'array', 'null'];

export const schema: fc.Arbitrary<Json> = fc.letrec<{ schema: Json; object: JsonObject }>((tie) => ({
  object: fc
    .tuple(
      fc.option(fc.array(fc.tuple(propertyName, tie('schema')), { maxLength: 4 }), { freq: 6 }),
      fc.option(fc.oneof({ arbitrary: fc.array(propertyName, { maxLength: 3 }), weight: 12 }, rare(fc.constant('querylimit')), rare(fc.constant(5))), { freq: 3 }),
    )
    .map(([props, required]) => {
      const out: JsonObject = { type: 'object' };
      if (props !== null) out.properties = Object.fromEntries(props);
      if (required !== null) out.required = required;
      return out;
    }),
  schema: fc.oneof(
    { maxDepth: 3, depthIdentifier: 'schema' },
    { arbitrary: decorate(fc.constantFrom('string', 'number', 'integer', 'boolean').map((type) => ({ type }))), weight: 10 },
    { arbitrary: decorate(fc.option(tie('schema'), { freq: 4 }).map((items) => (items === null ? { type: 'array' } : { type: 'array', items }))), weight: 4 },
    { arbitrary: decorate(tie('object') as fc.Arbitrary<JsonObject>), weight: 4 },
    { arbitrary: decorate(fc.array(fc.constantFrom(...TYPE_NAMES), { minLength: 1, maxLength: 3 }).map((type) => ({ type }))), weight: 2 },
    { arbitrary: decorate(fc.array(tie('schema'), { minLength: 1, maxLength: 3 }).map((oneOf) => ({ oneOf }))), weight: 3 },
    rare(decorate(fc.constantFrom('any', 'null', 'date').map((type) => ({ type })))),
    rare(fc.constant({})),
    rare(fc.constantFrom<Json>('string', 5, null, [], true)),
    rare(fc.constant({ type: 'array', items: { type: 'object', properties: { long_property_name_one: { type: 'string' }, long_property_name_two: { type: 'number' } } } })),
  ),
})).schema;

const parameters: fc.Arbitrary<Json> = fc.oneof(
  {
    arbitrary: fc
      .tuple(fc.array(fc.tuple(propertyName, schema), { maxLength: 4 }), fc.option(fc.array(propertyName, { maxLength: 3 }), { freq: 2 }))
      .map(([props, required]) => {
        const out: JsonObject = { type: 'object', properties: Object.fromEntries(props) };
        if (required !== null) out.required = required;
        return out;
      }),
    weight: 12,
  },
  rare(fc.constant({ type: 'object' })),
  rare(fc.constant({})),
  rare(fc.constant(null)),
);

const toolName = fc.oneof({ arbitrary: fc.constantFrom('search', 'get_weather', 'calculator', 'display_answers'), weight: 6 }, rare(text));

export const tool: fc.Arbitrary<JsonObject> = fc
  .tuple(toolName, fc.oneof({ arbitrary: schemaText, weight: 30 }, rare(fc.constant(undefined)), rare(fc.constant(''))), fc.option(parameters, { freq: 8 }), fc.integer({ min: 0, max: 40 }))
  .map(([name, description, params, roll]) => {
    const fn: JsonObject = { name };
    if (description !== undefined) fn.description = description;
    if (params !== null) fn.parameters = params;
    // Now and then OpenAI-nested, which the template rejects.
    return roll === 0 ? { type: 'function', function: fn } : fn;
  });

// ---- conversations ---------------------------------------------------------------------------

export interface GeneratedCase {
  json: { messages: JsonObject[]; tools?: JsonObject[] };
  options: { bosToken: string; enableThinking: boolean; addGenerationPrompt: boolean; date: string };
}

export const options = fc.record({
  bosToken: fc.constantFrom('<s>', '', '<|bos|>'),
  enableThinking: fc.boolean(),
  addGenerationPrompt: fc.boolean(),
  date: fc.constantFrom('2025-08-25', '1999-12-31'),
});

export const conversationCase: fc.Arbitrary<GeneratedCase> = fc
  .tuple(
    fc.oneof({ arbitrary: fc.constantFrom<'string' | 'mapping'>('string', 'mapping', 'mapping'), weight: 12 }, rare(fc.constant<'mixed'>('mixed'))),
    fc.option(systemContent.map((content) => ({ content })), { freq: 2 }),
    fc.option(fc.array(tool, { maxLength: 3 }), { freq: 2 }),
    options,
  )
  .chain(([form, system, tools, opts]) =>
    messages(form).map((list) => {
      const all = system === null ? list : [withContent('system', system.content), ...list];
      const json: GeneratedCase['json'] = tools === null ? { messages: all } : { messages: all, tools };
      return { json, options: opts };
    }),
  );
