/**
 * The token-injection scan: which special-token strings of a format occur in a piece of author
 * text (a tokenizer that parses special tokens in text, and a reader of the text, would take
 * them for structure). Each format builds one scan from its token list; the options that name
 * token text (a BOS or EOS text) are passed per call.
 */

/** The longest start that every token shares ("<|" for Apertus and OpenChatML, "<<" for RWKV). */
function commonPrefix(tokens: readonly string[]): string {
  let prefix = tokens[0] ?? '';
  for (const token of tokens) {
    let n = 0;
    while (n < prefix.length && n < token.length && prefix[n] === token[n]) n += 1;
    prefix = prefix.slice(0, n);
  }
  return prefix;
}

/** Whether every marker that is set contains `lead` (a marker that does not could be found in text without it). */
function everyHas(markers: readonly string[], lead: string): boolean {
  for (const marker of markers) if (marker !== '' && !marker.includes(lead)) return false;
  return true;
}

/** The markers of a scan without any: one list for every call (a default `[]` would be a new array per piece of text, each taken for a new list). */
const NO_MARKERS: readonly string[] = [];

export class InjectionScan {
  private readonly tokens: readonly string[];
  /** One native search for it rules out almost all text before the tokens are searched one by one. */
  private readonly prefix: string;
  /** The prefix's first character: text without it holds no token, nor any marker that has it. */
  private readonly lead: string;
  /** The last markers asked for (a renderer passes the same list for every piece) and whether each has `lead`. */
  private markers: readonly string[] = [];
  private markersHaveLead = true;

  constructor(tokens: readonly string[]) {
    this.tokens = tokens.filter((token) => token !== '');
    this.prefix = commonPrefix(this.tokens);
    this.lead = this.prefix.slice(0, 1);
  }

  private allHaveLead(markers: readonly string[]): boolean {
    if (markers !== this.markers) {
      this.markers = markers;
      this.markersHaveLead = everyHas(markers, this.lead);
    }
    return this.markersHaveLead;
  }

  /**
   * The format's tokens found in `text`, in list order, then each of `markers` (option texts
   * such as BOS) that is set, found and not listed yet; undefined when there is none.
   */
  find(text: string, markers: readonly string[] = NO_MARKERS): string[] | undefined {
    // Most author text has no "<" at all: one search for it then answers for the tokens and the
    // markers at once (two searches per piece of text before, a share of rendering a data set).
    if (this.lead !== '' && !text.includes(this.lead) && this.allHaveLead(markers)) return undefined;
    let found: string[] | undefined;
    if (this.tokens.length > 0 && text.includes(this.prefix)) {
      for (const token of this.tokens) if (text.includes(token)) (found ??= []).push(token);
    }
    for (const marker of markers) {
      if (marker !== '' && text.includes(marker) && !found?.includes(marker)) (found ??= []).push(marker);
    }
    return found;
  }
}

/** The found tokens as the diagnostics list them: `"<|im_end|>", "<|im_start|>"`. */
export function tokenList(found: readonly string[]): string {
  return found.map((token) => JSON.stringify(token)).join(', ');
}
