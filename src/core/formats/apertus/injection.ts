/** The token-injection check: author text that contains an Apertus special-token string. */
import { TOKEN_STRINGS } from './tokens.ts';

/** The special-token strings (and the BOS text, when set) that occur in `text`, in token order. */
export function injectedTokens(text: string, bosToken: string): string[] | undefined {
  let found: string[] | undefined;
  // Every Apertus token starts with "<|": one native search rules out almost all text.
  if (text.includes('<|')) {
    for (const token of TOKEN_STRINGS) if (text.includes(token)) (found ??= []).push(token);
  }
  if (bosToken !== '' && text.includes(bosToken)) (found ??= []).push(bosToken);
  return found;
}
