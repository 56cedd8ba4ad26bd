/**
 * A template file dropped on the window (`.jinja`, `.j2`, or a file named
 * `tokenizer_config.json`) is a template, not a conversation: it chooses the Jinja format and
 * becomes its template (the Template view shows it).
 */
import { useAppStore } from '../store/index.ts';
import { applyTemplateText } from './template-input.ts';

export function isTemplateFile(file: File): boolean {
  return /\.(jinja|j2)$/i.test(file.name) || file.name === 'tokenizer_config.json';
}

export async function openTemplateFile(file: File): Promise<void> {
  const text = await file.text();
  const store = useAppStore.getState();
  store.setFormat('jinja');
  const result = applyTemplateText(text);
  const named = result.templates.length > 1 ? ` It holds ${result.templates.length} named templates; the Template view offers the choice.` : '';
  store.showNotice({ tone: result.problem ? 'error' : 'success', title: result.problem ?? `Template ${file.name} opened in the Jinja template format.${named}` });
}
