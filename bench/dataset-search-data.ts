/**
 * The generated file of the dataset search benchmarks (dataset-search.bench.ts and
 * dataset-search-compare.ts): OpenAI chat records of about 2.5 KB, a tool call to get_weather
 * every third, `metadata: {source: "bench", id}` on each, one in a thousand holding the word
 * "Kilimanjaro" (in its user message).
 */
import { sentence } from './sentences.ts';

function record(i: number): string {
  const rare = i % 1000 === 7 ? ' Kilimanjaro' : '';
  const messages: unknown[] = [
    { role: 'system', content: 'You are a helpful assistant.' },
    { role: 'user', content: `#${i} ${sentence(i, 120)}${rare}\nThanks.` },
  ];
  if (i % 3 === 0) {
    messages.push({ role: 'assistant', content: null, tool_calls: [{ id: `call_${i}`, type: 'function', function: { name: 'get_weather', arguments: JSON.stringify({ city: 'Zurich' }) } }] });
    messages.push({ role: 'tool', tool_call_id: `call_${i}`, content: sentence(i + 1, 40) });
  }
  messages.push({ role: 'assistant', content: sentence(i + 2, 200) });
  return JSON.stringify({ model: 'gpt-4.1', messages, metadata: { source: 'bench', id: i } });
}

export function generate(megabytes: number): Uint8Array {
  const encoder = new TextEncoder();
  // 2,000 distinct records repeated: generating 100,000 distinct ones would dominate the run.
  const lines = Array.from({ length: 2000 }, (_, i) => encoder.encode(`${record(i)}\n`));
  const target = megabytes * 1024 * 1024;
  const bytes = new Uint8Array(target + 16384);
  let at = 0;
  for (let n = 0; at < target; n++) {
    const line = lines[n % lines.length] as Uint8Array;
    bytes.set(line, at);
    at += line.length;
  }
  return bytes.subarray(0, at);
}

