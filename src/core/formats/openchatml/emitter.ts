/**
 * What the renderer writes to: text and spans (through the shared `SpanBuilder`), the
 * diagnostics, and the token-injection check on every piece of author text.
 */
import { error, warning, type Diagnostic, type LossKind } from '../../model/diagnostic.ts';
import type { Fix } from '../../model/fix.ts';
import { formatPath, type FieldPath } from '../../model/path.ts';
import { InjectionScan, tokenList } from '../shared/injection.ts';
import { SpanBuilder } from '../shared/span-builder.ts';
import type { Rendered, RenderHow } from '../types.ts';
import { CODES } from './codes.ts';
import type { JsonNode } from './json-node.ts';
import { writeJson, type JsonLayout } from './json-write.ts';
import type { OpenChatMlOptions } from './options.ts';
import { INJECTABLE_TOKENS } from './tokens.ts';

const SCAN = new InjectionScan(INJECTABLE_TOKENS);

export class Emitter {
  private readonly out: SpanBuilder;
  readonly diagnostics: Diagnostic[] = [];
  /** Fields already reported for token injection (a JSON value is written in many pieces). */
  private readonly injected = new Set<string>();
  /** The BOS and EOS texts (options) are searched for as well, when set. */
  private readonly markers: readonly string[];

  constructor(
    readonly options: OpenChatMlOptions,
    how?: RenderHow,
  ) {
    this.markers = [options.bosText, options.eosText];
    this.out = new SpanBuilder((text, path) => this.checkInjection(text, path), how);
  }

  special(token: string, path: FieldPath, trainable: boolean): void {
    this.out.special(token, path, trainable);
  }

  structure(text: string, path: FieldPath, trainable: boolean): void {
    this.out.structure(text, path, trainable);
  }

  /** Text an author wrote (content, names, JSON values), checked for special-token text. */
  content(text: string, path: FieldPath, trainable: boolean): void {
    this.out.content(text, path, trainable);
  }

  private checkInjection(text: string, path: FieldPath): void {
    const tokens = SCAN.find(text, this.markers);
    if (tokens === undefined) return;
    const key = formatPath(path);
    if (this.injected.has(key)) return;
    this.injected.add(key);
    this.warn(CODES.tokenInjection, `${key} contains the special-token text ${tokenList(tokens)}; a tokenizer that parses special tokens in text turns it into the token itself, and a reader of the text takes it for structure.`, path);
  }

  json(node: JsonNode, layout: JsonLayout, trainable: boolean, level = 0): void {
    writeJson(node, layout, (text, kind, path) => (kind === 'content' ? this.out.content(text, path, trainable) : this.out.push(text, kind, path, trainable)), level);
  }

  error(code: string, message: string, path: FieldPath, fix?: Fix): void {
    this.diagnostics.push(error(code, message, path, fix));
  }

  /** A "lost in conversion" warning is content lost unless `loss` says otherwise (model/diagnostic.ts, LossKind). */
  warn(code: string, message: string, path: FieldPath, fix?: Fix, loss?: LossKind): void {
    this.diagnostics.push(warning(code, message, path, fix, loss ?? (code === CODES.lost ? 'content' : undefined)));
  }

  info(code: string, message: string, path: FieldPath, loss?: LossKind): void {
    const diagnostic: Diagnostic = { severity: 'info', code, message, path };
    if (loss !== undefined) diagnostic.loss = loss;
    this.diagnostics.push(diagnostic);
  }

  /** The text, spans (checked in development builds) and diagnostics. */
  finish(): Rendered {
    const { text, spans } = this.out.finish();
    return { text, spans, diagnostics: this.diagnostics };
  }
}
