import { describe, expect, it } from 'vitest';
import { JsonlIndexer, RecordIndex } from '../../../core/index.ts';
import { appendIndexPart, indexPart } from './growing-index.ts';

const utf8 = (text: string) => new TextEncoder().encode(text);

describe('growing index', () => {
  it('appended part by part, it equals the index of the whole, earlier entries unchanged', () => {
    const groups = ['{"a":1}\n{"b":22}\n', '\n{"c":333}\n', '{"d":4}\n'];
    const worker = new JsonlIndexer();
    const page = new RecordIndex();
    let sent = 0;
    const firstSpans: [number, number][] = [];
    for (const group of groups) {
      worker.push(utf8(group));
      appendIndexPart(page, indexPart(worker.records, sent));
      sent = worker.records.count;
      if (firstSpans.length === 0) for (let i = 0; i < page.count; i++) firstSpans.push([page.start(i), page.end(i)]);
    }
    const whole = worker.finish().records;
    expect(page.count).toBe(5);
    expect(page.count).toBe(whole.count);
    for (let i = 0; i < whole.count; i++) {
      expect([page.start(i), page.end(i), page.terminator(i), page.blank(i)], `entry ${i}`).toEqual([whole.start(i), whole.end(i), whole.terminator(i), whole.blank(i)]);
    }
    // The first group's records: ids 0 and 1, bytes [0,7) and [8,16), as when they were first sent.
    expect(firstSpans).toEqual([
      [0, 7],
      [8, 16],
    ]);
    expect(page.blank(2)).toBe(true);
    expect([page.start(3), page.end(3)]).toEqual([18, 27]);
  });

  it('refuses a part that does not start where the index ends', () => {
    const page = new RecordIndex();
    page.append(0, 3, 'lf', false);
    const worker = new RecordIndex();
    worker.append(0, 3, 'lf', false);
    worker.append(4, 7, 'lf', false);
    worker.append(8, 11, 'lf', false);
    expect(() => appendIndexPart(page, indexPart(worker, 2))).toThrow(/starts at entry 2, the index has 1/);
    expect(page.count).toBe(1);
  });
});
