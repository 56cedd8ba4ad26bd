/**
 * `parley render --format jinja --template FILE`: the six huggingface.js golden triples byte for
 * byte through the command (template as a .jinja file, data as the input, `--date 2025-07-10`),
 * and a tokenizer_config.json whose special tokens fill what the input leaves out.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { GOLDEN_SKIP, goldenAvailable as available, goldenTriples } from '../jinja/golden.ts';
import { fixtureDir, parley } from './run.ts';

const files = fixtureDir();
afterAll(() => files.cleanup());

const triples = goldenTriples();
if (!available) describe.skip(GOLDEN_SKIP, () => it('skipped', () => undefined));

describe.skipIf(!available).concurrent('parley render --format jinja: huggingface.js golden renders', () => {
  it.each(triples)('%s', async (model, { chat_template, data, target }) => {
    const name = model.replace(/\W+/g, '-');
    const template = files.write(`${name}.jinja`, chat_template);
    const input = files.write(`${name}.json`, data);
    const run = await parley(['render', '--format', 'jinja', '--template', template, '--date', '2025-07-10', input]);
    expect(run.stdout).toBe(target);
    expect(run.code).toBe(0);
  });
});

describe.concurrent('parley render --format jinja --template tokenizer_config.json', () => {
  const config = files.write('tokenizer_config.json', {
    bos_token: { content: '<B>', lstrip: false },
    eos_token: '<E>',
    chat_template: [
      { name: 'default', template: '{{ bos_token }}{% for m in messages %}[{{ m.role }}] {{ m.content }}{{ eos_token }}{% endfor %}' },
      { name: 'rag', template: '{% for d in documents %}<doc>{{ d }}</doc>{% endfor %}{{ messages[0].content }}' },
    ],
  });
  const input = files.write('chat.json', { messages: [{ role: 'user', content: 'hi' }] });

  it('reads the default template and the special tokens', async () => {
    const run = await parley(['render', '--format', 'jinja', '--template', config, input]);
    expect(run.stdout).toBe('<B>[user] hi<E>');
  });

  it('keys of the input win over the config tokens and reach the template', async () => {
    const own = files.write('own-bos.json', { messages: [{ role: 'user', content: 'hi' }], bos_token: '<mine>' });
    const run = await parley(['render', '--format', 'jinja', '--template', config, own]);
    expect(run.stdout).toBe('<mine>[user] hi<E>');
  });

  it('--template-name chooses among named templates; documents is a variable', async () => {
    const rag = files.write('rag.json', { messages: [{ role: 'user', content: 'q' }], documents: ['a', 'b'] });
    const run = await parley(['render', '--format', 'jinja', '--template', config, '--template-name', 'rag', rag]);
    expect(run.stdout).toBe('<doc>a</doc><doc>b</doc>q');
  });

  it('a raise is exit 1 with the line and column of the call', async () => {
    const template = files.write('raise.jinja', "line one\n{{ raise_exception('nope') }}");
    const run = await parley(['render', '--format', 'jinja', '--template', template, input]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('template line 2, column 4');
    expect(run.stderr).toContain('nope');
  });
});

describe.concurrent('parley render --format jinja --arguments', () => {
  // Qwen2.5's own line for a call: `arguments | tojson`.
  const template = files.write('call.jinja', '{% for m in messages %}{% for c in m.tool_calls or [] %}{"name": "{{ c.function.name }}", "arguments": {{ c.function.arguments | tojson }}}{% endfor %}{% endfor %}');
  const input = files.write('call.json', { messages: [{ role: 'user', content: 'q' }, { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'f', arguments: '{"city": "Bern"}' } }] }] });

  it('passes string arguments holding an object as the object by default', async () => {
    const run = await parley(['render', '--format', 'jinja', '--template', template, input]);
    expect(run.stdout).toBe('{"name": "f", "arguments": {"city": "Bern"}}');
    expect(run.code).toBe(0);
  });

  it('as-given passes the string, which tojson quotes', async () => {
    const run = await parley(['render', '--format', 'jinja', '--template', template, '--arguments', 'as-given', input]);
    expect(run.stdout).toBe('{"name": "f", "arguments": "{\\"city\\": \\"Bern\\"}"}');
  });
});
