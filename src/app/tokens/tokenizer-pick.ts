/**
 * The tokenizer a pass over a dataset counts with (the Lengths panel, a side of the Template
 * regression): the person's choice in the panel, else what fits the format (format-fit.ts: for
 * the Jinja format, the template's own). Plain data; `approximate` only when a tokenizer stands in
 * for the format's (or template's) own: one the person chose is theirs, not a stand-in.
 */
import { findDefaultTokenizer } from '../../core/tokens/defaults.ts';
import type { AppFit } from './format-fit.ts';

export type TokenizerPick =
  | { kind: 'shipped'; id: string; label: string; approximate: boolean }
  | { kind: 'files'; files: readonly File[]; approximate: false };

/**
 * `choice`: undefined for what fits (`fit`), `none`, `files` (the `files` given), or a shipped
 * tokenizer's id. Undefined: no tokenizer (none chosen, none given, or none fits).
 */
export function pickTokenizer(fit: AppFit, choice: string | undefined, files?: readonly File[]): TokenizerPick | undefined {
  if (choice === 'none') return undefined;
  if (choice === 'files') return files && files.length > 0 ? { kind: 'files', files, approximate: false } : undefined;
  if (choice !== undefined) {
    const entry = findDefaultTokenizer(choice);
    return entry && { kind: 'shipped', id: entry.id, label: entry.label, approximate: false };
  }
  if (fit.files !== undefined && fit.files.length > 0) return { kind: 'files', files: fit.files, approximate: false };
  return fit.shipped && { kind: 'shipped', id: fit.shipped.id, label: fit.shipped.label, approximate: !fit.own };
}

/** What names a pick in a kept result's key: a shipped id, or the files (name, size, date: another file of the same name is another tokenizer). */
export function pickKey(pick: TokenizerPick | undefined): string | null {
  if (pick === undefined) return null;
  if (pick.kind === 'files') return `files:${pick.files.map((f) => `${f.name}:${f.size}:${f.lastModified}`).join('|')}`;
  return pick.id;
}
