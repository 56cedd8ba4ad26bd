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

export class InjectionScan {
  private readonly tokens: readonly string[];
  /** One native search for it rules out almost all text before the tokens are searched one by one. */
  private readonly prefix: string;

  constructor(tokens: readonly string[]) {
    this.tokens = tokens.filter((token) => token !== '');
    this.prefix = commonPrefix(this.tokens);
  }

  /**
   * The format's tokens found in `text`, in list order, then each of `markers` (option texts
   * such as BOS) that is set, found and not listed yet; undefined when there is none.
   */
  find(text: string, markers: readonly string[] = []): string[] | undefined {
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
