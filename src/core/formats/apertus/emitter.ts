/**
 * What the renderer writes to: the text and spans (through the shared `SpanBuilder`) plus the
 * diagnostics, with the token-injection check applied to every piece of author text. Where
 * text comes from is a path or a `Place` (the renderer's hot paths), whose path is made only
 * for a span or a diagnostic.
 */
import { error, warning, type Diagnostic, type LossKind } from '../../model/diagnostic.ts';
import type { Fix } from '../../model/fix.ts';
import { formatPath, pathAt, type Where } from '../../model/path.ts';
import { InjectionScan, tokenList } from '../shared/injection.ts';
import { SpanBuilder } from '../shared/span-builder.ts';
import type { RenderHow } from '../types.ts';
import { CODES } from './codes.ts';
import { TOKEN_STRINGS } from './tokens.ts';

const SCAN = new InjectionScan(TOKEN_STRINGS);

export class Emitter {
  readonly builder: SpanBuilder<Where>;
  readonly diagnostics: Diagnostic[] = [];
  /** The BOS text (an option) is searched for as well, when set. */
  private readonly markers: readonly string[];

  /**
   * @param objectMapArguments write object arguments as the template does ("[object Map]"), not
   *   as their JSON text (the option of the same name, options.ts).
   */
  constructor(
    bosToken: string,
    how?: RenderHow,
    readonly objectMapArguments = false,
  ) {
    this.markers = [bosToken];
    this.builder = new SpanBuilder<Where>((text, where) => this.checkInjection(text, where), how);
  }

  special(token: string, where: Where, trainable: boolean): void {
    this.builder.special(token, where, trainable);
  }

  structure(text: string, where: Where, trainable: boolean): void {
    this.builder.structure(text, where, trainable);
  }

  /** Text an author wrote (message text, arguments, outputs, tool descriptions). */
  content(text: string, where: Where, trainable: boolean): void {
    this.builder.content(text, where, trainable);
  }

  /**
   * Text the template makes of a field that is not a string (the JSON of a mapping, the
   * "[object Map]" of an object): not the field's text as written, so a `structure` span, but
   * author data all the same, so checked for special tokens.
   */
  derived(text: string, where: Where, trainable: boolean): void {
    if (text.length === 0) return;
    this.checkInjection(text, where);
    this.builder.structure(text, where, trainable);
  }

  private checkInjection(text: string, where: Where): void {
    const tokens = SCAN.find(text, this.markers);
    if (tokens === undefined) return;
    const path = pathAt(where);
    this.warn(
      CODES.tokenInjection,
      `${formatPath(path)} contains the special-token text ${tokenList(tokens)}; a tokenizer that parses special tokens in text turns it into the token itself.`,
      path,
    );
  }

  error(code: string, message: string, where: Where, fix?: Fix): void {
    this.diagnostics.push(error(code, message, pathAt(where), fix));
  }

  /** `loss`: set when the warning reports something the render does not write (model/diagnostic.ts, LossKind). */
  warn(code: string, message: string, where: Where, fix?: Fix, loss?: LossKind): void {
    this.diagnostics.push(warning(code, message, pathAt(where), fix, loss));
  }
}
