/**
 * What the renderer writes to: text and spans in one pass (chunks joined once at the end; a
 * span that continues the previous one, same kind, path and trainable, is extended), the
 * diagnostics, and the token-injection check on every piece of author text.
 */
import { error, warning, type Diagnostic } from '../../model/diagnostic.ts';
import { formatPath, pathsEqual, type FieldPath } from '../../model/path.ts';
import type { Span, SpanKind } from '../types.ts';
import { CODES } from './codes.ts';
import type { JsonNode } from './json-node.ts';
import { writeJson, type JsonLayout } from './json-write.ts';
import type { OpenChatMlOptions } from './options.ts';
import { injectedTokens } from './tokens.ts';

export class Emitter {
  private readonly chunks: string[] = [];
  private length = 0;
  readonly spans: Span[] = [];
  readonly diagnostics: Diagnostic[] = [];
  /** Fields already reported for token injection (a JSON value is written in many pieces). */
  private readonly injected = new Set<string>();

  constructor(readonly options: OpenChatMlOptions) {}

  get size(): number {
    return this.length;
  }

  private push(text: string, kind: SpanKind, path: FieldPath, trainable: boolean): void {
    if (text.length === 0) return;
    const start = this.length;
    this.length += text.length;
    this.chunks.push(text);
    const last = this.spans[this.spans.length - 1];
    if (last !== undefined && last.kind === kind && last.trainable === trainable && pathsEqual(last.path, path)) {
      last.end = this.length;
      return;
    }
    this.spans.push({ start, end: this.length, kind, path, trainable });
  }

  special(token: string, path: FieldPath, trainable: boolean): void {
    this.push(token, 'special', path, trainable);
  }

  structure(text: string, path: FieldPath, trainable: boolean): void {
    this.push(text, 'structure', path, trainable);
  }

  /** Text an author wrote (content, names, JSON values), checked for special-token text. */
  content(text: string, path: FieldPath, trainable: boolean): void {
    if (text.length === 0) return;
    const tokens = injectedTokens(text, this.options.bosText, this.options.eosText);
    if (tokens !== undefined) {
      const key = formatPath(path);
      if (!this.injected.has(key)) {
        this.injected.add(key);
        const list = tokens.map((t) => JSON.stringify(t)).join(', ');
        this.warn(CODES.tokenInjection, `${key} contains the special-token text ${list}; a tokenizer that parses special tokens in text turns it into the token itself, and a reader of the text takes it for structure.`, path);
      }
    }
    this.push(text, 'content', path, trainable);
  }

  json(node: JsonNode, layout: JsonLayout, trainable: boolean, level = 0): void {
    writeJson(node, layout, (text, kind, path) => (kind === 'content' ? this.content(text, path, trainable) : this.push(text, kind, path, trainable)), level);
  }

  error(code: string, message: string, path: FieldPath): void {
    this.diagnostics.push(error(code, message, path));
  }

  warn(code: string, message: string, path: FieldPath): void {
    this.diagnostics.push(warning(code, message, path));
  }

  info(code: string, message: string, path: FieldPath): void {
    this.diagnostics.push({ severity: 'info', code, message, path });
  }

  text(): string {
    return this.chunks.join('');
  }
}
