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
import { parseRegex, type AssertKind, type RegexNode } from './parse.ts';

/**
 * The largest program (instructions) a pattern may compile to. Counted repeats are spelled out
 * (`x{3,5}` is five copies of `x`), so this bounds the pattern with its repeats, and with them
 * the memory and the compile time. 2,000 is far more than a forbidden phrase needs ("As an AI
 * language model" is 24; ten phrases in one alternation a few hundred). Raise it here.
 */
export const MAX_PROGRAM_SIZE = 2_000;

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

type Instruction = { op: 'char'; atom: number } | { op: 'split'; a: number; b: number } | { op: 'jump'; to: number } | { op: 'assert'; kind: AssertKind } | { op: 'match' };

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

const ASSERT_SOURCE: Readonly<Record<AssertKind, string>> = { start: '^', end: '$', word: '\\b', notWord: '\\B' };

/**
 * The pattern's leading run of single characters and assertions (`\bI ` of `\bI (?:can't|cannot)`),
 * as a source JavaScript's engine can search for without backtracking: with no repeat and no
 * alternative, each position is tried against it once, character by character. Every match
 * starts with it, so the search skips to where it is found. `whole`: the run is the whole pattern.
 * Undefined when the run holds no character.
 */
function literalPrefix(node: RegexNode): { source: string; whole: boolean } | undefined {
  const items = node.type === 'sequence' ? node.items : [node];
  let source = '';
  let atoms = 0;
  let taken = 0;
  for (const item of items) {
    if (item.type === 'atom') {
      source += `(?:${item.source})`;
      atoms++;
    } else if (item.type === 'assert') source += ASSERT_SOURCE[item.kind];
    else break;
    taken++;
  }
  return atoms === 0 ? undefined : { source, whole: taken === items.length };
}

class TooLarge {}

class Compiler {
  readonly program: Instruction[] = [];
  readonly atoms: Atom[] = [];
  private readonly atomIndex = new Map<string, number>();

  constructor(private readonly flags: string) {}

  emit(instruction: Instruction): number {
    if (this.program.length >= MAX_PROGRAM_SIZE) throw new TooLarge();
    this.program.push(instruction);
    return this.program.length - 1;
  }

  emitNode(node: RegexNode): void {
    switch (node.type) {
      case 'atom':
        this.emit({ op: 'char', atom: this.atomOf(node.source) });
        return;
      case 'assert':
        this.emit({ op: 'assert', kind: node.kind });
        return;
      case 'sequence':
        for (const item of node.items) this.emitNode(item);
        return;
      case 'alternation':
        return this.alternation(node.options);
      case 'repeat':
        return this.repeat(node.node, node.min, node.max);
    }
  }

  private alternation(options: readonly RegexNode[]): void {
    const jumps: number[] = [];
    options.forEach((option, i) => {
      if (i === options.length - 1) {
        this.emitNode(option);
        return;
      }
      const split = this.emit({ op: 'split', a: 0, b: 0 });
      this.emitNode(option);
      jumps.push(this.emit({ op: 'jump', to: 0 }));
      this.program[split] = { op: 'split', a: split + 1, b: this.program.length };
    });
    for (const jump of jumps) this.program[jump] = { op: 'jump', to: this.program.length };
  }

  private repeat(node: RegexNode, min: number, max: number | undefined): void {
    // A huge count cannot fit: say so before spelling it out.
    if (min > MAX_PROGRAM_SIZE || (max !== undefined && max > MAX_PROGRAM_SIZE)) throw new TooLarge();
    for (let i = 0; i < min; i++) this.emitNode(node);
    if (max === undefined) {
      // x*: L: split(L+1, out); x; jump L
      const split = this.emit({ op: 'split', a: 0, b: 0 });
      this.emitNode(node);
      this.emit({ op: 'jump', to: split });
      this.program[split] = { op: 'split', a: split + 1, b: this.program.length };
      return;
    }
    // x{0,k} nested: (x(x(x)?)?)?, each split leaving to the end.
    const splits: number[] = [];
    for (let i = min; i < max; i++) {
      splits.push(this.emit({ op: 'split', a: 0, b: 0 }));
      this.emitNode(node);
    }
    for (const split of splits) this.program[split] = { op: 'split', a: split + 1, b: this.program.length };
  }

  private atomOf(source: string): number {
    let index = this.atomIndex.get(source);
    if (index === undefined) {
      index = this.atoms.length;
      this.atoms.push(new Atom(source, this.flags, this.atoms.length < TABLED_ATOMS));
      this.atomIndex.set(source, index);
    }
    return index;
  }
}

/**
 * Atoms of a program that remember their answers in a table of the 65,536 code units (64 KB
 * each) rather than in a map: a table lookup is several times faster, and a pattern has few
 * distinct atoms (the letters of its phrases, a few classes). The cap bounds the memory of a
 * pathological pattern to 16 MB; atoms past it use a map.
 */
const TABLED_ATOMS = 256;

/** A single-character test, remembered per character (a text repeats its characters). */
class Atom {
  private readonly test: RegExp;
  /** Per code unit (BMP): 0 not asked yet, 1 no, 2 yes; made on first use. */
  private table: Uint8Array | undefined;
  private readonly known = new Map<number, boolean>();

  constructor(
    readonly source: string,
    flags: string,
    private readonly tabled: boolean,
  ) {
    // `m` changes only ^ and $, which are not atoms; `g`/`y` are not allowed.
    this.test = new RegExp(`^(?:${source})$`, flags.replace('m', ''));
  }

  matches(code: number, unicode: boolean): boolean {
    if (this.tabled && code <= 0xffff) {
      const table = (this.table ??= new Uint8Array(0x10000));
      const known = table[code]!;
      if (known !== 0) return known === 2;
      const hit = this.test.test(String.fromCharCode(code));
      table[code] = hit ? 2 : 1;
      return hit;
    }
    let hit = this.known.get(code);
    if (hit === undefined) {
      hit = this.test.test(unicode ? String.fromCodePoint(code) : String.fromCharCode(code));
      this.known.set(code, hit);
    }
    return hit;
  }
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
