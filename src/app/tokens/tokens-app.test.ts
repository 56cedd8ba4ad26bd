import { describe, expect, it, vi } from 'vitest';
import { conversation, findFormat, textMessage, type Span } from '../../core/index.ts';
import { exampleFileName, exportedExample } from './export-example.ts';
import { fetchHubTokenizer, HubError, isModelId } from './hub.ts';
import { DEFAULT_MASK, isDefaultMask, readMaskSettings, withMessageOverride } from './mask-settings.ts';
import { flattenSpans, maskedSpans, toMaskOptions } from './masked-spans.ts';
import { tokenRuns } from './token-runs.ts';
import { readTokenizerFiles, sortTokenizerFiles } from './tokenizer-files.ts';

const record = conversation([textMessage('user', 'Hi'), textMessage('assistant', 'Hello'), textMessage('user', 'Again'), textMessage('assistant', 'Bye')]);

describe('mask settings', () => {
  it('switch a message on, off, and back to the rules', () => {
    const on = withMessageOverride(DEFAULT_MASK, 2, true);
    expect(on.messages).toEqual({ '2': true });
    expect(isDefaultMask(on)).toBe(false);
    expect(withMessageOverride(withMessageOverride(on, 2, false), 2, undefined)).toEqual(DEFAULT_MASK);
    expect(readMaskSettings(null)).toBe(DEFAULT_MASK);
  });

  it('become core options: one switch for thoughts and tool calls, message keys as numbers', () => {
    expect(toMaskOptions({ turns: 'last', thoughtsAndTools: false, messages: { '3': false } })).toEqual({ turns: 'last', thoughts: false, toolCalls: false, messages: { 3: false } });
  });
});

describe('masked spans', () => {
  const rendered = findFormat('openchatml')?.render(record);
  if (!rendered) throw new Error('openchatml is not registered');
  const trainedText = (spans: readonly Span[]) =>
    spans
      .filter((s) => s.trainable && s.kind === 'content')
      .map((s) => rendered.text.slice(s.start, s.end))
      .join('|');

  it('are the render\'s own spans under the default mask, and only the last answer under "last"', () => {
    expect(maskedSpans(record, rendered.spans, DEFAULT_MASK)).toBe(rendered.spans);
    expect(trainedText(rendered.spans)).toBe('Hello|Bye');
    expect(trainedText(maskedSpans(record, rendered.spans, { ...DEFAULT_MASK, turns: 'last' }))).toBe('Bye');
    // Message 1 switched on again under "last"; message 3 off.
    expect(trainedText(maskedSpans(record, rendered.spans, { turns: 'last', thoughtsAndTools: true, messages: { '1': true, '3': false } }))).toBe('Hello');
  });

  it('flatten to start, end, message index, special, and the flag', () => {
    const spans: Span[] = [
      { start: 0, end: 3, kind: 'special', path: [], trainable: false },
      { start: 3, end: 7, kind: 'content', path: ['messages', 4, 'content'], trainable: true },
    ];
    const flat = flattenSpans(spans);
    expect(Array.from(flat.spans)).toEqual([0, 3, -1, 1, 3, 7, 4, 0]);
    expect(Array.from(flat.trainable)).toEqual([0, 1]);
  });
});

describe('export', () => {
  it('labels are the id where trained and -100 elsewhere; attention all ones', () => {
    const result = { ids: Int32Array.from([10, 11, 12, 13]), trained: Uint8Array.from([0, 1, 1, 0]) };
    expect(exportedExample(result)).toEqual({ input_ids: [10, 11, 12, 13], attention_mask: [1, 1, 1, 1], labels: [-100, 11, 12, -100] });
    expect(exampleFileName('chatml', new Date('2026-11-24T12:00:00Z'))).toBe('conversation-2026-11-24.chatml.tokens.json');
  });
});

describe('token runs', () => {
  it('cut the text at token boundaries; a shared character is shown once; uncovered text is its own run', () => {
    // "ab😀c!": tokens a, b, two halves of the emoji (both cover [2,4)), c; "!" is covered by none.
    const result = { starts: Int32Array.from([0, 1, 2, 2, 4]), ends: Int32Array.from([1, 2, 4, 4, 5]) };
    expect(tokenRuns(6, result)).toEqual([
      { token: 0, start: 0, end: 1 },
      { token: 1, start: 1, end: 2 },
      { token: 2, start: 2, end: 4 },
      { token: 3, start: 4, end: 4 },
      { token: 4, start: 4, end: 5 },
      { token: -1, start: 5, end: 6 },
    ]);
  });

  it('a BOS the tokenizer added covers nothing and still has its run', () => {
    expect(tokenRuns(2, { starts: Int32Array.from([0, 0]), ends: Int32Array.from([0, 2]) })).toEqual([
      { token: 0, start: 0, end: 0 },
      { token: 1, start: 0, end: 2 },
    ]);
  });
});

describe('tokenizer files', () => {
  it('tell tokenizer.json from its config by content, whatever the names', () => {
    const sorted = sortTokenizerFiles([
      { name: 'cfg.json', json: { bos_token: '<s>' } },
      { name: 'apertus.json', json: { model: { type: 'BPE' } } },
    ]);
    expect(sorted).toEqual({ ok: true, name: 'apertus.json', files: { tokenizer: { model: { type: 'BPE' } }, config: { bos_token: '<s>' } } });
    expect(sortTokenizerFiles([{ name: 'a.json', json: [1] }])).toEqual({ ok: false, message: 'a.json: none of these is a tokenizer.json (it has a "model").' });
  });
});

describe('hub', () => {
  it('knows a model id', () => {
    expect(isModelId('swiss-ai/Apertus-8B-Instruct-2509')).toBe(true);
    expect(isModelId('tokenizer.json')).toBe(false);
    expect(isModelId('https://huggingface.co/x/y')).toBe(false);
  });

  it('offline: says so, and asks nothing of the network', async () => {
    const error = await fetchHubTokenizer('Qwen/Qwen3-8B', false).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HubError);
    expect((error as HubError).offline).toBe(true);
    expect((error as HubError).message).toMatch(/offline/);
  });

  it('a tokenizer.json that is not JSON (an HTML page from a proxy) is said by name', async () => {
    vi.stubGlobal('fetch', (url: string) => Promise.resolve(url.endsWith('/tokenizer.json') ? new Response('<html>sign in</html>') : new Response('', { status: 404 })));
    try {
      await expect(fetchHubTokenizer('some/model', true)).rejects.toThrow(/^some\/model\/resolve\/main\/tokenizer\.json: not JSON \(/);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('asks the Hub at the address it is given (the Hub dialog\'s setting), and names that host when it cannot', async () => {
    const asked: string[] = [];
    vi.stubGlobal('fetch', (url: string) => {
      asked.push(url);
      return Promise.resolve(url.endsWith('/tokenizer.json') ? new Response(JSON.stringify({ model: { type: 'BPE' } })) : new Response('', { status: 404 }));
    });
    try {
      expect(await fetchHubTokenizer('some/model', true, 'https://hub.example.org/mirror')).toEqual({ tokenizer: { model: { type: 'BPE' } } });
      expect(asked.sort()).toEqual(['https://hub.example.org/mirror/some/model/resolve/main/tokenizer.json', 'https://hub.example.org/mirror/some/model/resolve/main/tokenizer_config.json']);
      await expect(fetchHubTokenizer('some/model', false, 'https://hub.example.org/mirror')).rejects.toThrow('You are offline: a model id loads from hub.example.org.');
      vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
      await expect(fetchHubTokenizer('some/model', true, 'https://hub.example.org/mirror')).rejects.toThrow('Could not reach hub.example.org (offline, or the network refused it).');
      vi.stubGlobal('fetch', () => Promise.resolve(new Response('', { status: 403 })));
      await expect(fetchHubTokenizer('some/model', true)).rejects.toThrow('huggingface.co: the model is gated or private (Parley sends no token).');
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('tokenizer files given by the person (read in the worker)', () => {
  it('sorts tokenizer.json from its config by content, and names a file that is not JSON', async () => {
    const tokenizer = new File([JSON.stringify({ model: { type: 'BPE' } })], 'my-tokenizer.json');
    const config = new File([JSON.stringify({ bos_token: '<s>' })], 'tokenizer_config.json');
    expect(await readTokenizerFiles([config, tokenizer])).toEqual({ ok: true, name: 'my-tokenizer.json', files: { tokenizer: { model: { type: 'BPE' } }, config: { bos_token: '<s>' } } });
    const broken = await readTokenizerFiles([config, new File(['{"model": '], 'big.json')]);
    expect(broken.ok).toBe(false);
    expect(!broken.ok && broken.message).toMatch(/^big\.json: not JSON \(.+\)\.$/);
  });
});
