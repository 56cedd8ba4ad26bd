/** Deterministic filler text for the dataset core benchmarks: words picked by a linear congruential sequence from `seed`. */

const WORDS = ['the', 'weather', 'in', 'Zurich', 'is', 'cloudy', 'and', 'search', 'results', 'show', 'that', 'models', 'use', 'tools', 'to', 'answer', 'précisément', 'naïve', '日本語', '😀'];

export function sentence(seed: number, count: number): string {
  let s = '';
  let x = seed;
  for (let i = 0; i < count; i++) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    s += (i ? ' ' : '') + WORDS[x % WORDS.length];
  }
  return s;
}
