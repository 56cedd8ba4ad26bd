/**
 * The preview's hover provider: registered once for the preview's URI scheme (so every format's
 * language gets it), it asks the model's owner for the current render and answers with
 * `hoverAt` (special-token docs, the producing field, token injection).
 */
import type { editor } from 'monaco-editor/editor';
import type { SpecialToken } from '../../../core/index.ts';
import type { Monaco } from '../monaco-env.ts';
import type { SpanIndex } from '../span-index.ts';
import { hoverAt } from './hover-text.ts';

export interface HoverSource {
  text: string;
  index: SpanIndex;
  tokens: readonly SpecialToken[];
}

const sources = new WeakMap<editor.ITextModel, () => HoverSource>();
let registeredFor: string | undefined;

/** Lets `model`'s hovers read `source()`; returns the function that stops it. */
export function provideHoversFor(monaco: Monaco, scheme: string, model: editor.ITextModel, source: () => HoverSource): () => void {
  if (registeredFor !== scheme) {
    registeredFor = scheme;
    monaco.languages.registerHoverProvider(
      { scheme },
      {
        provideHover(hovered, position) {
          const read = sources.get(hovered);
          if (!read) return null;
          const { text, index, tokens } = read();
          if (text.length === 0) return null;
          const offset = Math.min(hovered.getOffsetAt(position), text.length - 1);
          const span = index.spanAt(offset);
          if (!span) return null;
          const info = hoverAt(text, span, offset, tokens);
          const start = hovered.getPositionAt(info.start);
          const end = hovered.getPositionAt(info.end);
          return {
            range: new monaco.Range(start.lineNumber, start.column, end.lineNumber, end.column),
            contents: info.contents.map((value) => ({ value })),
          };
        },
      },
    );
  }
  sources.set(model, source);
  return () => {
    if (sources.get(model) === source) sources.delete(model);
  };
}
