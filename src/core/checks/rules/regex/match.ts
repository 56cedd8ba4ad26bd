/**
 * A regular expression that can never hang: the tree of parse.ts compiled to a small program
 * and run as a Thompson NFA (the "Pike VM" without captures): every thread of the program
 * advances one character at a time, and two threads at the same instruction are one. A search
 * therefore takes at most (text length × program size) steps, whatever the pattern and the
 * text; JavaScript's backtracking engine can take exponential time (`(a+)+$` on "aaaa…!") or a
 * high power of the length (`.*.*.*x` on a long text), which would freeze the app and the
 * command on one record. A step budget per character (MAX_STEPS_PER_CHAR) bounds it further.
 *
 * Single characters are tested with JavaScript's own engine (the atom's source, anchored,
 * with the pattern's flags), so they match exactly as in `new RegExp(source, flags)`.
 */
import { Atom } from './atom.ts';
import { Compiler, literalPrefix, MAX_PROGRAM_SIZE, TooLarge, type Instruction } from './compile.ts';
import { parseRegex, type AssertKind } from './parse.ts';

export { MAX_PROGRAM_SIZE };

/**
 * The most steps (instructions run) a search may take per character of the text, on top of
 * SEARCH_BASE_STEPS. A phrase, a class with `+`, a few alternatives take 1 to 10 steps a
 * character; only a pattern that keeps hundreds of threads alive at once (`(?:.*){600}x`,
 * measured at 115 s on a 1 MB text without this budget) comes near. Past it the search stops
 * and says so (`stopped`), so a search costs at most ~100 steps a character whatever the
 * pattern: measured 3–5 s on a 1 MB text and ~0.1 s on a 10 KB one for such a pattern (on the
 * 2-core development machine under load). Raise it here.
 */
export const MAX_STEPS_PER_CHAR = 100;
/** Steps every search may take, however short the text: a short text is never stopped. */
export const SEARCH_BASE_STEPS = 100_000;

/** The flags a pattern may have: the others (g, y, d) mean nothing for "is it in the text"; v is not read by parse.ts. */
export const ALLOWED_FLAGS = 'imsu';

/** A match: `text.slice(start, end)`. */
export interface RegexMatch {
  start: number;
  end: number;
}

/** The search ran past its step budget (MAX_STEPS_PER_CHAR): the text was not searched to its end. */
export interface RegexStopped {
  stopped: true;
  steps: number;
}

export interface SafeRegex {
  /** The match that ends first (of those, the one that starts first), undefined when none, or `stopped`. */
  find(text: string): RegexMatch | RegexStopped | undefined;
}

export type SafeRegexCompile = { ok: true; regex: SafeRegex } | { ok: false; message: string };

/** Compiles `source` with `flags`; a message says why not (invalid, unsupported, too large). */
export function compileSafeRegex(source: string, flags = ''): SafeRegexCompile {
  for (const flag of flags) {
    if (!ALLOWED_FLAGS.includes(flag)) return { ok: false, message: `the flag "${flag}" is not supported (allowed: ${[...ALLOWED_FLAGS].join(', ')})` };
  }
  if (new Set(flags).size !== flags.length) return { ok: false, message: `the flags "${flags}" repeat a flag` };
  try {
    new RegExp(source, flags);
  } catch (thrown) {
    return { ok: false, message: `not a valid regular expression: ${thrown instanceof Error ? thrown.message : String(thrown)}` };
  }
  const parsed = parseRegex(source, flags.includes('u'));
  if (!parsed.ok) return parsed;
  const compiler = new Compiler(flags);
  try {
    compiler.emitNode(parsed.node);
  } catch (thrown) {
    if (thrown instanceof TooLarge) return { ok: false, message: `it is too large once its counted repeats are spelled out (more than ${MAX_PROGRAM_SIZE.toLocaleString('en')} steps)` };
    throw thrown;
  }
  compiler.emit({ op: 'match' });
  return { ok: true, regex: new Program(compiler.program, compiler.atoms, flags, literalPrefix(parsed.node)) };
}

function isLineTerminator(code: number): boolean {
  return code === 0x0a || code === 0x0d || code === 0x2028 || code === 0x2029;
}

class Program implements SafeRegex {
  private readonly unicode: boolean;
  private readonly multiline: boolean;
  private readonly word: Atom;
  /** The atoms the program can start with, skipping assertions: a position where none matches starts no match. */
  private readonly firstAtoms: number[];
  /** The program can match without reading a character: no position may be skipped. */
  private readonly startsEmpty: boolean;
  /**
   * JavaScript's engine finding the next character one of the first atoms matches: an
   * alternation of single characters, which cannot backtrack (each position is tried once per
   * atom), and runs several times faster than a loop here. Most of a text is skipped with it.
   */
  private readonly skipper: RegExp | undefined;
  /** The skipper is the whole pattern (a run of characters and assertions): what it finds is the match. */
  private readonly whole: boolean;
  /** Steps taken by the current search (instructions run, first atoms tried), against its budget. */
  private steps = 0;
  /** Per instruction: the step it was last added in (a thread per instruction per step). */
  private readonly seen: Int32Array;

  constructor(
    private readonly program: readonly Instruction[],
    private readonly atoms: readonly Atom[],
    flags: string,
    prefix: { source: string; whole: boolean } | undefined,
  ) {
    this.unicode = flags.includes('u');
    this.multiline = flags.includes('m');
    this.word = new Atom('\\w', flags, true);
    this.seen = new Int32Array(program.length);
    const first = this.firstOf();
    this.firstAtoms = first.atoms;
    this.startsEmpty = first.empty;
    const skipFor = prefix?.source ?? (first.atoms.length === 0 ? undefined : first.atoms.map((a) => `(?:${atoms[a]!.source})`).join('|'));
    this.skipper = skipFor === undefined ? undefined : new RegExp(skipFor, `${flags}g`);
    this.whole = prefix?.whole === true;
  }

  find(text: string): RegexMatch | RegexStopped | undefined {
    if (this.whole && this.skipper) {
      this.skipper.lastIndex = 0;
      const match = this.skipper.exec(text);
      return match === null ? undefined : { start: match.index, end: match.index + match[0].length };
    }
    if (this.skipper !== undefined && !this.startsEmpty) {
      // Most texts have no place where a match can start: said by one scan of the skipper,
      // before the search is set up (what the search would find: it skips the whole text).
      this.skipper.lastIndex = 0;
      if (!this.skipper.test(text)) return undefined;
    }
    const seen = this.seen.fill(-1);
    const budget = SEARCH_BASE_STEPS + MAX_STEPS_PER_CHAR * text.length;
    this.steps = 0;
    let step = 0;
    let threads: number[] = []; // pairs: instruction, start
    let next: number[] = [];
    let found: RegexMatch | undefined;
    const add = (list: number[], pc: number, at: number, start: number): void => {
      // Depth-first, in priority order, through the instructions that read nothing.
      const stack = [pc];
      while (stack.length > 0) {
        const i = stack.pop()!;
        if (seen[i] === step) continue;
        seen[i] = step;
        this.steps++;
        const instruction = this.program[i]!;
        switch (instruction.op) {
          case 'char':
            list.push(i, start);
            break;
          case 'jump':
            stack.push(instruction.to);
            break;
          case 'split':
            stack.push(instruction.b, instruction.a);
            break;
          case 'assert':
            if (this.holds(instruction.kind, text, at)) stack.push(i + 1);
            break;
          case 'match':
            found ??= { start, end: at };
            break;
        }
      }
    };
    let at = 0;
    for (;;) {
      if (threads.length === 0 && !this.startsEmpty) at = this.skipToStart(text, at);
      add(threads, 0, at, at);
      if (found !== undefined || at >= text.length) return found;
      if (this.steps > budget) return { stopped: true, steps: this.steps };
      const code = this.unicode ? text.codePointAt(at)! : text.charCodeAt(at);
      const width = code > 0xffff ? 2 : 1;
      step++;
      next.length = 0;
      for (let t = 0; t < threads.length; t += 2) {
        this.steps++;
        const instruction = this.program[threads[t]!]!;
        if (instruction.op === 'char' && this.atoms[instruction.atom]!.matches(code, this.unicode)) add(next, threads[t]! + 1, at + width, threads[t + 1]!);
      }
      if (found !== undefined) return found;
      [threads, next] = [next, threads];
      at += width;
    }
  }

  /** The first position from `at` where a match can start (the skipper finds its prefix or first character there), or the end. */
  private skipToStart(text: string, at: number): number {
    const skipper = this.skipper;
    if (skipper === undefined) return text.length;
    skipper.lastIndex = at;
    const found = skipper.exec(text);
    const to = found === null ? text.length : found.index;
    // The skipped characters count as one step each against the budget.
    this.steps += to - at;
    return to;
  }

  private holds(kind: AssertKind, text: string, at: number): boolean {
    switch (kind) {
      case 'start':
        return at === 0 || (this.multiline && isLineTerminator(text.charCodeAt(at - 1)));
      case 'end':
        return at === text.length || (this.multiline && isLineTerminator(text.charCodeAt(at)));
      case 'word':
        return this.isWordAt(text, at - 1) !== this.isWordAt(text, at);
      case 'notWord':
        return this.isWordAt(text, at - 1) === this.isWordAt(text, at);
    }
  }

  /** \w reads one code unit at a time (a word character is never astral, even with u). */
  private isWordAt(text: string, at: number): boolean {
    return at >= 0 && at < text.length && this.word.matches(text.charCodeAt(at), false);
  }

  /** The atoms reachable from the start without reading, taking every assertion as true. */
  private firstOf(): { atoms: number[]; empty: boolean } {
    const atoms = new Set<number>();
    const seen = new Set<number>();
    const stack = [0];
    let empty = false;
    while (stack.length > 0) {
      const i = stack.pop()!;
      if (seen.has(i)) continue;
      seen.add(i);
      const instruction = this.program[i]!;
      if (instruction.op === 'char') atoms.add(instruction.atom);
      else if (instruction.op === 'jump') stack.push(instruction.to);
      else if (instruction.op === 'split') stack.push(instruction.a, instruction.b);
      else if (instruction.op === 'assert') stack.push(i + 1);
      else empty = true;
    }
    return { atoms: [...atoms], empty };
  }
}
