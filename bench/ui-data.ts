/** What the browser benchmarks share: the conversations they type into, and percentiles of their timings. */

const WORDS = 'the model reads tokens and writes answers while people check each turn of the conversation for errors'.split(' ');

/** A bare messages array of `messages` alternating user/assistant messages of about `chars` characters each. */
export function conversationJson(messages: number, chars = 500): unknown {
  const out = [];
  for (let i = 0; i < messages; i++) {
    let text = `Message ${i + 1}:`;
    for (let w = i; text.length < chars; w++) text += ` ${WORDS[w % WORDS.length]}`;
    out.push({ role: i % 2 === 0 ? 'user' : 'assistant', content: text });
  }
  return out;
}

/** The nearest-rank percentile `p` (0-100) of `values`; NaN for none. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}
