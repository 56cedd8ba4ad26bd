/**
 * The guidelines open beside the dataset (guidelines.ts reads them): the Markdown, its SHA-256
 * (written into every review entry, so that a change of guidelines shows), the labels it
 * declares and the rules file it names.
 */
import { create } from 'zustand';

export interface OpenGuidelines {
  name: string;
  markdown: string;
  /** SHA-256 hex of the file's bytes. */
  hash: string;
  labels: readonly string[];
  /** The lint rules file the guidelines name (`rules:` in the front matter), if any. */
  rules?: string;
  /** What was wrong with the front matter, if anything (the rest is still shown). */
  problems: readonly string[];
}

export const guidelinesStore = create<{ guidelines: OpenGuidelines | null }>(() => ({ guidelines: null }));
