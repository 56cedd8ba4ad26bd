import { describe, expect, it } from 'vitest';
import type { SearchQuery } from './query.ts';
import { compileSearch, type CompiledSearch } from './scope.ts';
import { planReplace, searchDataset, type RecordSource } from './search-dataset.ts';
import { searchRecordText } from './search-record.ts';

function matcher(pattern: string, options: Partial<SearchQuery> = {}): CompiledSearch {
  const compiled = compileSearch({ pattern, regex: false, caseSensitive: true, ...options });
  if (!compiled.ok) throw new Error(compiled.error);
  return compiled.search;
}

const chat = (user: string, reply: string): string => JSON.stringify({ messages: [{ role: 'user', content: user }, { role: 'assistant', content: reply }] });

const LINES = [
  chat('Hello cat', 'A cat? Cats!'), // 0: "cat" ×2 (case-sensitive), "Cats" is a third with the case ignored
  chat('no match here', 'none'), // 1
  '{"broken": cat', // 2: not JSON: searched as text
  chat('dog', 'c\\u0061t'), // 3: the escape is text, not a cat
  JSON.stringify({ messages: [{ role: 'user', content: 'caf\u00e9 cat' }] }), // 4
];

function source(lines: readonly string[], ids = lines.map((_, i) => i)): RecordSource {
  return { ids, textOf: (id) => lines[id] };
}

describe('searchDataset', () => {
  it('counts the matches per record in source order, bad lines searched as text', async () => {
    const result = await searchDataset(source(LINES), matcher('cat'));
    expect(result).toEqual({ ids: [0, 2, 4], places: [2, 1, 1], totalPlaces: 4, cancelled: false });
    const ignoringCase = await searchDataset(source(LINES), matcher('cat', { caseSensitive: false }));
    expect(ignoringCase.places).toEqual([3, 1, 1]);
  });

  it('looks only at the ids given, in their order', async () => {
    expect((await searchDataset(source(LINES, [4, 0]), matcher('cat'))).ids).toEqual([4, 0]);
  });

  it('reports progress and stops when cancelled', async () => {
    const many = Array.from({ length: 25 }, (_, i) => chat(`record ${i}`, 'ok'));
    const seen: [number, number][] = [];
    await searchDataset(source(many), matcher('record 2'), { progressEvery: 10, onProgress: (done, total) => seen.push([done, total]) });
    expect(seen).toEqual([
      [10, 25],
      [20, 25],
      [25, 25],
    ]);
    const controller = new AbortController();
    controller.abort();
    expect(await searchDataset(source(many), matcher('record'), { signal: controller.signal })).toEqual({ ids: [], places: [], totalPlaces: 0, cancelled: true });
  });

  it('gives the field and offset of each match in a record', () => {
    expect(searchRecordText(LINES[0] as string, matcher('cat'))).toEqual([
      { path: ['messages', 0, 'content'], offset: 6, length: 3 },
      { path: ['messages', 1, 'content'], offset: 2, length: 3 },
    ]);
    expect(searchRecordText(LINES[2] as string, matcher('cat'))).toEqual([{ path: [], offset: 11, length: 3 }]);
  });
});

describe('planReplace', () => {
  it('computes the new lines and the counts without applying them; bad lines are counted apart', async () => {
    const plan = await planReplace(source(LINES), matcher('cat'), 'dog');
    expect([...plan.changes.keys()]).toEqual([0, 4]);
    expect(plan.changes.get(0)).toBe(chat('Hello dog', 'A dog? Cats!'));
    expect(plan.changes.get(4)).toBe(JSON.stringify({ messages: [{ role: 'user', content: 'caf\u00e9 dog' }] }));
    expect(plan.places).toBe(3);
    expect(plan.unreadable).toBe(1);
  });

  it('leaves out records the replace does not change', async () => {
    const plan = await planReplace(source(LINES), matcher('cat'), 'cat');
    expect(plan.changes.size).toBe(0);
  });

  it('a record the replace cannot rewrite (nested 5,000 deep) is counted with the bad lines; the others are replaced', async () => {
    const deep = `${'{"d":['.repeat(5000)}"x"${']}'.repeat(5000)}`;
    const lines = [chat('a cat', 'ok'), `{"messages":[{"role":"user","content":"one cat"}],"extra":${deep}}`, chat('cat again', 'ok')];
    const plan = await planReplace(source(lines), matcher('cat'), 'dog');
    expect([...plan.changes.keys()]).toEqual([0, 2]);
    expect(plan.changes.get(2)).toBe(chat('dog again', 'ok'));
    expect(plan.unreadable).toBe(1);
  });

  it('a scoped replace changes the fields in scope, in the records whose keys hold', async () => {
    const tagged = (source: string, user: string, reply: string): string => JSON.stringify({ messages: [{ role: 'user', content: user }, { role: 'assistant', content: reply }], meta: { source } });
    const lines = [tagged('web', 'a cat', 'the cat'), tagged('book', 'a cat', 'the cat')];
    const inAssistants = await planReplace(source(lines), matcher('role:assistant cat'), 'dog');
    expect(inAssistants.changes).toEqual(new Map([[0, tagged('web', 'a cat', 'the dog')], [1, tagged('book', 'a cat', 'the dog')]]));
    const fromTheWeb = await planReplace(source(lines), matcher('key:meta.source=web cat'), 'dog');
    expect(fromTheWeb.changes).toEqual(new Map([[0, tagged('web', 'a dog', 'the dog')]]));
    expect(fromTheWeb.places).toBe(2);
    // Qualifiers alone: nothing to replace.
    expect((await planReplace(source(lines), matcher('role:user'), 'dog')).changes.size).toBe(0);
  });
});
