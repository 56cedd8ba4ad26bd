import { describe, expect, it } from 'vitest';
import { conversation, textMessage } from '../model/builders.ts';
import { ON_DEMAND_CODES, onDemandFormat, waitsForFormat, type FormatCode } from './on-demand.ts';
import { FORMATS, findFormat, loadFormat } from './registry.ts';

type NoOptions = Record<string, never>;

const META = { id: 'test-lazy', label: 'Test lazy', description: 'A format for this test.', options: [], defaults: {}, specialTokens: [], recordKinds: ['chat'] as const };

/** A stand-in for the format's chunk: renders a fixed text, parses text to one user message. */
const CODE: FormatCode<NoOptions> = {
  render: () => ({ text: 'Hello', spans: [], diagnostics: [] }),
  parse: (text) => ({ record: conversation([textMessage('user', text)]), diagnostics: [] }),
};

const RECORD = conversation([textMessage('user', 'Hello')]);

describe('onDemandFormat', () => {
  it('says it is loading before prepare: an info render with no text, and a parse that refuses with an error', () => {
    const format = onDemandFormat<NoOptions>(META, () => Promise.resolve(CODE));
    const rendered = format.render(RECORD);
    expect(rendered.text).toBe('');
    expect(rendered.diagnostics).toEqual([expect.objectContaining({ severity: 'info', code: ON_DEMAND_CODES.loading })]);
    expect(rendered.diagnostics[0]?.message).toContain('Test lazy');
    const parsed = format.parse('Hello');
    expect(parsed.diagnostics).toEqual([expect.objectContaining({ severity: 'error', code: ON_DEMAND_CODES.notLoaded })]);
    expect(waitsForFormat(rendered)).toBe(true);
    expect(waitsForFormat(parsed)).toBe(true);
  });

  it('renders and parses with the loaded code once prepare resolved, loading it once', async () => {
    let loads = 0;
    const format = onDemandFormat<NoOptions>(META, () => {
      loads++;
      return Promise.resolve(CODE);
    });
    await Promise.all([format.prepare?.(), format.prepare?.()]);
    await format.prepare?.();
    expect(loads).toBe(1);
    const rendered = format.render(RECORD);
    expect(rendered).toEqual({ text: 'Hello', spans: [], diagnostics: [] });
    expect(waitsForFormat(rendered)).toBe(false);
    const parsed = format.parse('Hi');
    expect(parsed.diagnostics).toEqual([]);
    expect(parsed.record.kind === 'chat' && parsed.record.messages.map((m) => m.role)).toEqual(['user']);
  });

  it('loads again after a failed load (a chunk that did not arrive)', async () => {
    let loads = 0;
    const format = onDemandFormat<NoOptions>(META, () => (++loads === 1 ? Promise.reject(new Error('offline')) : Promise.resolve(CODE)));
    await expect(format.prepare?.()).rejects.toThrow('offline');
    expect(waitsForFormat(format.render(RECORD))).toBe(true);
    await format.prepare?.();
    expect(format.render(RECORD).text).toBe('Hello');
  });
});

describe('the formats loaded on demand', () => {
  it.each(['chatml', 'llama3', 'harmony'])('%s renders with a prepare, and loadFormat gives it ready', async (id) => {
    const format = await loadFormat(id);
    expect(format).toBe(findFormat(id));
    const rendered = format?.render(conversation([textMessage('user', 'Hi there')]));
    expect(rendered && waitsForFormat(rendered)).toBe(false);
    expect(rendered?.text).toContain('Hi there');
  });

  it('loadFormat of an unknown id is undefined', async () => {
    expect(await loadFormat('no-such-format')).toBeUndefined();
  });

  it('every format either has no prepare or resolves it', async () => {
    await Promise.all(FORMATS.map((format) => format.prepare?.()));
    for (const format of FORMATS) expect(waitsForFormat(format.render(conversation([textMessage('user', 'x')])))).toBe(false);
  });
});
