/**
 * What a writer produces: a list of parts, each either a slice of the original file or new
 * bytes or text. The app turns it into a `Blob` (`new Blob(toBlobParts(parts, file))`), so
 * untouched bytes go from the original `File` to the output without passing through
 * JavaScript; Node and tests join it with `concatParts`.
 */
import { concatAll } from './bytes.ts';

/** Bytes [start, end) of the original file. */
export interface OriginalSlice {
  kind: 'original';
  start: number;
  end: number;
}

export type OutputPart = OriginalSlice | string | Uint8Array;

/** Anything that can hand out a slice of the original file: a `Blob`/`File`, a `Uint8Array`, a Node `Buffer`. */
export interface SliceableSource<T> {
  slice(start: number, end: number): T;
}

/** The parts as `Blob` parts: each original slice cut from `source` (a `File`: no copy). */
export function toBlobParts<T>(parts: readonly OutputPart[], source: SliceableSource<T>): (T | string | Uint8Array)[] {
  return parts.map((part) => (typeof part === 'string' || part instanceof Uint8Array ? part : source.slice(part.start, part.end)));
}

const encoder = new TextEncoder();

/** The output as one array of bytes, original slices copied from `source`. */
export function concatParts(parts: readonly OutputPart[], source: Uint8Array): Uint8Array {
  return concatAll(parts.map((part) => (typeof part === 'string' ? encoder.encode(part) : part instanceof Uint8Array ? part : source.subarray(part.start, part.end))));
}

/** Collects parts, joining adjacent original slices and adjacent texts (fewer, larger parts). */
export class PartsBuilder {
  readonly parts: OutputPart[] = [];

  original(start: number, end: number): void {
    if (end <= start) return;
    const last = this.parts[this.parts.length - 1];
    if (last !== undefined && typeof last === 'object' && !(last instanceof Uint8Array) && last.end === start) last.end = end;
    else this.parts.push({ kind: 'original', start, end });
  }

  text(text: string): void {
    if (text === '') return;
    const at = this.parts.length - 1;
    const last = this.parts[at];
    if (typeof last === 'string') this.parts[at] = last + text;
    else this.parts.push(text);
  }
}
