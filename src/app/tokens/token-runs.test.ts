import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { linePlaces, tokenRuns } from './token-runs.ts';

/** Tokens cut from `pieces` (each a token's text, '' for an empty token), as a tokenizer's answer. */
function answerOf(pieces: string[]) {
  const starts: number[] = [];
  const ends: number[] = [];
  let at = 0;
  for (const piece of pieces) {
    starts.push(at);
    at += piece.length;
    ends.push(at);
  }
  return { text: pieces.join(''), result: { starts: Int32Array.from(starts), ends: Int32Array.from(ends) } };
}

describe('linePlaces', () => {
  it('counts each token from the start of its line', () => {
    const { text, result } = answerOf(['<|im_start|>', 'user', '\n', 'Hello', ' there', '<|im_end|>', '\n', '<|im_start|>', 'assistant\n', 'Hi']);
    const runs = tokenRuns(text.length, result);
    expect(Array.from(linePlaces(text, runs))).toEqual([0, 1, 2, 0, 1, 2, 3, 0, 1, 0]);
  });

  it('gives a gap no token covers -1, and starts a line after a gap that ends with a line break', () => {
    // Token 1 starts after characters no token covers ("x\n"), token 2 after a gap without a break.
    const text = 'ab' + 'x\n' + 'cd' + 'y' + 'ef';
    const result = { starts: Int32Array.from([0, 4, 7]), ends: Int32Array.from([2, 6, 9]) };
    const runs = tokenRuns(text.length, result);
    expect(runs.map((run) => run.token)).toEqual([0, -1, 1, -1, 2]);
    expect(Array.from(linePlaces(text, runs))).toEqual([0, -1, 0, -1, 1]);
  });

  it('counts an empty token as a token that does not end its line', () => {
    const { text, result } = answerOf(['a\n', '', 'b', '', 'c\n']);
    expect(Array.from(linePlaces(text, tokenRuns(text.length, result)))).toEqual([0, 0, 1, 2, 3]);
  });

  it('is the number of tokens between the last line break before it and itself (property)', () => {
    const piece = fc.oneof(fc.constantFrom('', '\n', 'a\n', '\nb', ' ', 'word'), fc.string({ maxLength: 4 }));
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 60 }), (pieces) => {
        const { text, result } = answerOf(pieces);
        const runs = tokenRuns(text.length, result);
        const places = linePlaces(text, runs);
        runs.forEach((run, i) => {
          if (run.token < 0) return expect(places[i]).toBe(-1);
          // Where the line of this token starts: after the last line break that ends a run before it (or the start).
          let lineStart = 0;
          for (const before of runs.slice(0, i)) if (before.end > before.start && text[before.end - 1] === '\n') lineStart = before.end;
          const onLineBefore = runs.slice(0, i).filter((before) => before.token >= 0 && before.start >= lineStart).length;
          expect(places[i]).toBe(onLineBefore);
        });
      }),
    );
  });
});
