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
});
