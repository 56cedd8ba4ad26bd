/**
 * What the renderer writes to: the text and spans (through `RenderBuilder`) plus the
 * diagnostics, with the token-injection check applied to every piece of author text.
 */
import { error, warning, type Diagnostic } from '../../model/diagnostic.ts';
import type { FieldPath } from '../../model/path.ts';
import { formatPath } from '../../model/path.ts';
import { RenderBuilder } from './builder.ts';
import { CODES } from './codes.ts';
import { injectedTokens } from './injection.ts';

export class Emitter {
  readonly builder = new RenderBuilder();
  readonly diagnostics: Diagnostic[] = [];

  constructor(private readonly bosToken: string) {}

  special(token: string, path: FieldPath, trainable: boolean): void {
    this.builder.push(token, 'special', path, trainable);
  }

  structure(text: string, path: FieldPath, trainable: boolean): void {
    this.builder.push(text, 'structure', path, trainable);
  }

  /** Text an author wrote (message text, arguments, outputs, tool descriptions). */
  content(text: string, path: FieldPath, trainable: boolean): void {
    if (text.length === 0) return;
    this.checkInjection(text, path);
    this.builder.push(text, 'content', path, trainable);
  }

  /**
   * Text the template makes of a field that is not a string (the JSON of a mapping, the
   * "[object Map]" of an object): not the field's text as written, so a `structure` span, but
   * author data all the same, so checked for special tokens.
   */
  derived(text: string, path: FieldPath, trainable: boolean): void {
    if (text.length === 0) return;
    this.checkInjection(text, path);
    this.builder.push(text, 'structure', path, trainable);
  }

  private checkInjection(text: string, path: FieldPath): void {
    const tokens = injectedTokens(text, this.bosToken);
    if (tokens === undefined) return;
    const list = tokens.map((t) => JSON.stringify(t)).join(', ');
    this.warn(
      CODES.tokenInjection,
      `${formatPath(path)} contains the special-token text ${list}; a tokenizer that parses special tokens in text turns it into the token itself.`,
      path,
    );
  }

  error(code: string, message: string, path: FieldPath): void {
    this.diagnostics.push(error(code, message, path));
  }

  warn(code: string, message: string, path: FieldPath): void {
    this.diagnostics.push(warning(code, message, path));
  }
}
