/**
 * A regular expression that can never hang: the tree of parse.ts compiled to a small program
 * and run as a Thompson NFA (the "Pike VM" without captures): every thread of the program
 * advances one character at a time, and two threads at the same instruction are one. A search
 * therefore takes at most (text length × program size) steps, whatever the pattern and the
 * text; JavaScript's backtracking engine can take exponential time (`(a+)+$` on "aaaa…b") or a
 * high power of the length (`.*.*.*x` on a long text), which would freeze the app and the
 * command on one record.
 *
 * Single characters are tested with JavaScript's own engine (the atom's source, anchored,
 * with the pattern's flags), so they match exactly as in `new RegExp(source, flags)`.
 */
import { parseRegex, type AssertKind, type RegexNode } from './parse.ts';

/**
 * The largest program (instructions) a pattern may compile to. Counted repeats are spelled out
 * (`x{3,5}` is five copies of `x`), so this bounds both the pattern and its repeats, and with
 * them the cost of a search: at most this many steps per character of text. 2,000 is far more
 * than a forbidden phrase needs ("As an AI language model" is 24), and keeps a search over a
 * 1 MB message under a second in the worst case. Raise it here if a rules file needs more.
 */
export const MAX_PROGRAM_SIZE = 2_000;

/** The flags a pattern may have: the others (g, y, d) mean nothing for "is it in the text"; v is not read by parse.ts. */
export const ALLOWED_FLAGS = 'imsu';

type Instruction = { op: 'char'; atom: number } | { op: 'split'; a: number; b: number } | { op: 'jump'; to: number } | { op: 'assert'; kind: AssertKind } | { op: 'match' };

/** A match: `text.slice(start, end)`. */
export interface RegexMatch {
  start: number;
  end: number;
}

export interface SafeRegex {
  /** The match that ends first (of those, the one that starts first), or undefined. */
  find(text: string): RegexMatch | undefined;
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
  return { ok: true, regex: new Program(compiler.program, compiler.atoms, flags) };
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
      this.atoms.push(new Atom(source, this.flags));
      this.atomIndex.set(source, index);
    }
    return index;
  }
}

/** A single-character test, remembered per character (a text repeats its characters). */
class Atom {
  private readonly test: RegExp;
  private readonly known = new Map<number, boolean>();

  constructor(source: string, flags: string) {
    // `m` changes only ^ and $, which are not atoms; `g`/`y` are not allowed.
    this.test = new RegExp(`^(?:${source})$`, flags.replace('m', ''));
  }

  matches(code: number, unicode: boolean): boolean {
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
  /** Per instruction: the step it was last added in (a thread per instruction per step). */
  private readonly seen: Int32Array;

  constructor(
    private readonly program: readonly Instruction[],
    private readonly atoms: readonly Atom[],
    flags: string,
  ) {
    this.unicode = flags.includes('u');
    this.multiline = flags.includes('m');
    this.word = new Atom('\\w', flags);
    this.seen = new Int32Array(program.length);
    const first = this.firstOf();
    this.firstAtoms = first.atoms;
    this.startsEmpty = first.empty;
  }

  find(text: string): RegexMatch | undefined {
    const seen = this.seen.fill(-1);
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
      const code = this.unicode ? text.codePointAt(at)! : text.charCodeAt(at);
      const width = code > 0xffff ? 2 : 1;
      step++;
      next.length = 0;
      for (let t = 0; t < threads.length; t += 2) {
        const instruction = this.program[threads[t]!]!;
        if (instruction.op === 'char' && this.atoms[instruction.atom]!.matches(code, this.unicode)) add(next, threads[t]! + 1, at + width, threads[t + 1]!);
      }
      if (found !== undefined) return found;
      [threads, next] = [next, threads];
      at += width;
    }
  }

  /** The first position from `at` whose character one of the first atoms matches (or the end). */
  private skipToStart(text: string, at: number): number {
    while (at < text.length) {
      const code = this.unicode ? text.codePointAt(at)! : text.charCodeAt(at);
      for (const atom of this.firstAtoms) if (this.atoms[atom]!.matches(code, this.unicode)) return at;
      at += code > 0xffff ? 2 : 1;
    }
    return at;
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
