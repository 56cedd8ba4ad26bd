/**
 * What the renderer writes to: the text and spans (through the shared `SpanBuilder`) plus the
 * diagnostics, with the token-injection check applied to every piece of author text.
 */
import { error, warning, type Diagnostic } from '../../model/diagnostic.ts';
import type { Fix } from '../../model/fix.ts';
import type { FieldPath } from '../../model/path.ts';
import { formatPath } from '../../model/path.ts';
import { InjectionScan, tokenList } from '../shared/injection.ts';
import { SpanBuilder } from '../shared/span-builder.ts';
import { CODES } from './codes.ts';
import { TOKEN_STRINGS } from './tokens.ts';

const SCAN = new InjectionScan(TOKEN_STRINGS);

export class Emitter {
  readonly builder: SpanBuilder;
  readonly diagnostics: Diagnostic[] = [];
  /** The BOS text (an option) is searched for as well, when set. */
  private readonly markers: readonly string[];

  constructor(bosToken: string, keepSpans = true) {
    this.markers = [bosToken];
    this.builder = new SpanBuilder((text, path) => this.checkInjection(text, path), keepSpans);
  }

  special(token: string, path: FieldPath, trainable: boolean): void {
    this.builder.special(token, path, trainable);
  }

  structure(text: string, path: FieldPath, trainable: boolean): void {
    this.builder.structure(text, path, trainable);
  }

  /** Text an author wrote (message text, arguments, outputs, tool descriptions). */
  content(text: string, path: FieldPath, trainable: boolean): void {
    this.builder.content(text, path, trainable);
  }

  /**
   * Text the template makes of a field that is not a string (the JSON of a mapping, the
   * "[object Map]" of an object): not the field's text as written, so a `structure` span, but
   * author data all the same, so checked for special tokens.
   */
  derived(text: string, path: FieldPath, trainable: boolean): void {
    if (text.length === 0) return;
    this.checkInjection(text, path);
    this.builder.structure(text, path, trainable);
  }

  private checkInjection(text: string, path: FieldPath): void {
    const tokens = SCAN.find(text, this.markers);
    if (tokens === undefined) return;
    this.warn(
      CODES.tokenInjection,
      `${formatPath(path)} contains the special-token text ${tokenList(tokens)}; a tokenizer that parses special tokens in text turns it into the token itself.`,
      path,
    );
  }

  error(code: string, message: string, path: FieldPath, fix?: Fix): void {
    this.diagnostics.push(error(code, message, path, fix));
  }

  warn(code: string, message: string, path: FieldPath, fix?: Fix): void {
    this.diagnostics.push(warning(code, message, path, fix));
  }
}
