/**
 * The workers of --jobs (worker-pool.ts, jsonl-worker.ts), started from the TypeScript sources
 * as under tsx: each chunk's result is the one this thread computes for it, whichever worker
 * ran it, so that results awaited in sending order come out in input order.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { makeConversation } from '../../bench/conversations.ts';
import { renderLineJob } from '../../src/cli/commands/render.ts';
import { runLines } from '../../src/cli/line-job.ts';
import { WorkerPool } from '../../src/cli/worker-pool.ts';

const ARGV = ['--format', 'apertus', '--date', '2025-08-25', '--jsonl'];
const pool = new WorkerPool(2, { command: 'render', argv: ARGV, noteLimit: Infinity });
afterAll(() => pool.close());

describe('worker pool', () => {
  it('gives each chunk the result this thread gives it, in sending order', async () => {
    const chunks = Array.from({ length: 6 }, (_, c) => {
      const lines = Array.from({ length: 3 }, (_, n) => (c === 2 && n === 1 ? '{"messages": [' : JSON.stringify(makeConversation(5 + c, c * 3 + n))));
      return lines.join('\n') + (c === 4 ? '\n\n' : '\n');
    });
    const job = renderLineJob(ARGV);
    const asText = <T extends { out: Uint8Array }>(result: T) => ({ ...result, out: Buffer.from(result.out).toString('utf8') });
    const expected = chunks.map((chunk) => asText(runLines(job, chunk.replace(/\n$/, '').split('\n'))));
    // Output is UTF-8 bytes (a worker moves them, not copies): compared here as text.
    const results = (await Promise.all(chunks.map((chunk) => pool.run(Buffer.from(chunk))))).map(asText);
    expect(results).toEqual(expected);
    expect(results[2]?.failed).toBe(1);
    expect(results[4]?.out.endsWith('\n\n')).toBe(true); // the blank line's empty result
  }, 60_000);

  it('takes back the memory of an output it made once written, and gives the next chunks their own results', async () => {
    const job = renderLineJob(ARGV);
    const chunkOf = (c: number) => `${JSON.stringify(makeConversation(4, c))}\n${JSON.stringify(makeConversation(6, c + 1))}\n`;
    for (let round = 0; round < 4; round++) {
      const chunks = [0, 1, 2].map((c) => chunkOf(round * 3 + c));
      const results = await Promise.all(chunks.map((chunk) => pool.run(Buffer.from(chunk))));
      results.forEach((result, i) => expect(Buffer.from(result.out).toString('utf8')).toBe(Buffer.from(runLines(job, (chunks[i] as string).replace(/\n$/, '').split('\n')).out).toString('utf8')));
      // Written: each goes back to its worker (moved, so this thread can no longer read it).
      for (const result of results) expect(pool.giveBack(result.out)).toBe(true);
      for (const result of results) expect(result.out.buffer.byteLength).toBe(0);
    }
    expect(pool.giveBack(Buffer.from('not from a worker'))).toBe(false);
  }, 60_000);

  it('gives a record nested too deep and a line that is not UTF-8 their error results in a worker, and goes on', async () => {
    const depth = 10_000;
    const deep = `{"messages":[{"role":"user","content":"hi"}],"tools":[{"name":"f","parameters":${'{"type":"object","properties":{"a":'.repeat(depth)}{}${'}}'.repeat(depth)}}]}`;
    const good = JSON.stringify(makeConversation(3, 1));
    const chunk = Buffer.concat([Buffer.from(`${good}\n${deep}\n`), Buffer.from([0x7b, 0xff, 0x7d, 0x0a]), Buffer.from(`${good}\n`)]);
    const result = await pool.run(chunk);
    const out = Buffer.from(result.out).toString('utf8').replace(/\n$/, '').split('\n');
    expect(out).toHaveLength(4);
    expect(result.failed).toBe(2);
    expect(JSON.parse(out[1] as string)).toMatchObject({ text: null, diagnostics: [{ code: 'cli/too-deep' }] });
    expect(JSON.parse(out[2] as string)).toMatchObject({ text: null, diagnostics: [{ code: 'cli/not-utf8', message: 'not valid UTF-8 text' }] });
    expect(out[3]).toBe(out[0]);
  }, 60_000);
});
