/**
 * The tree of parse.ts compiled to the instructions match.ts runs (Thompson's construction):
 * a character test, a fork, a jump, an assertion, the match. Also the pattern's leading run of
 * characters, which JavaScript's engine can search for without backtracking.
 */
import { Atom, TABLED_ATOMS } from './atom.ts';
import type { AssertKind, RegexNode } from './parse.ts';

/**
 * The largest program (instructions) a pattern may compile to. Counted repeats are spelled out
 * (`x{3,5}` is five copies of `x`), so this bounds the pattern with its repeats, and with them
 * the memory and the compile time. 2,000 is far more than a forbidden phrase needs ("As an AI
 * language model" is 24; ten phrases in one alternation a few hundred). Raise it here.
 */
export const MAX_PROGRAM_SIZE = 2_000;

export type Instruction = { op: 'char'; atom: number } | { op: 'split'; a: number; b: number } | { op: 'jump'; to: number } | { op: 'assert'; kind: AssertKind } | { op: 'match' };

const ASSERT_SOURCE: Readonly<Record<AssertKind, string>> = { start: '^', end: '$', word: '\\b', notWord: '\\B' };

/**
 * The pattern's leading run of single characters and assertions (`\bI ` of `\bI (?:can't|cannot)`),
 * with the alternation that follows it when each of its options is such a run
 * (`\bI (?:can't|cannot)`), as a source JavaScript's engine can search for without going back
 * more than once: each position is tried once against the run and once against each option,
 * character by character (nothing after the alternation is taken, so no choice is retried).
 * Every match starts with it, so the search skips to where it is found; the longer it is, the
 * fewer places the search stops at (`\bI ` stops at every "i " of a text, with its options at
 * "I can" only: the skipper took about half the time on the bench's texts). `whole`: the run is
 * the whole pattern, so what the engine finds is the match (never with an alternation, whose
 * first fitting option the engine takes where this engine takes the match that ends first).
 * Undefined when the run holds no character.
 */
export function literalPrefix(node: RegexNode): { source: string; whole: boolean } | undefined {
  const items = node.type === 'sequence' ? node.items : [node];
  let source = '';
  let atoms = 0;
  let taken = 0;
  for (const item of items) {
    const run = runSource(item);
    if (run !== undefined) {
      source += run.source;
      atoms += run.atoms;
      taken++;
      continue;
    }
    const options = item.type === 'alternation' ? item.options.map(runSource) : [];
    if (options.length > 0 && options.every((option) => option !== undefined && option.atoms > 0)) {
      source += `(?:${options.map((option) => option!.source).join('|')})`;
      atoms++;
    }
    break;
  }
  return atoms === 0 ? undefined : { source, whole: taken === items.length };
}

/** A node that is a run of single characters and assertions, as source; undefined for any other. */
function runSource(node: RegexNode): { source: string; atoms: number } | undefined {
  if (node.type === 'atom') return { source: `(?:${node.source})`, atoms: 1 };
  if (node.type === 'assert') return { source: ASSERT_SOURCE[node.kind], atoms: 0 };
  if (node.type !== 'sequence') return undefined;
  let source = '';
  let atoms = 0;
  for (const item of node.items) {
    if (item.type === 'atom') {
      source += `(?:${item.source})`;
      atoms++;
    } else if (item.type === 'assert') source += ASSERT_SOURCE[item.kind];
    else return undefined;
  }
  return { source, atoms };
}

export class TooLarge {}

export class Compiler {
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

