/** One single-character test of a pattern, run by JavaScript's own engine and remembered. */

/**
 * Atoms of a program that remember their answers in a table of the 65,536 code units (64 KB
 * each) rather than in a map: a table lookup is several times faster, and a pattern has few
 * distinct atoms (the letters of its phrases, a few classes). The cap bounds the memory of a
 * pathological pattern to 16 MB; atoms past it use a map.
 */
export const TABLED_ATOMS = 256;

/** A single-character test, remembered per character (a text repeats its characters). */
export class Atom {
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

