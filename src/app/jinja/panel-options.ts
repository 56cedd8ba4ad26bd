/**
 * Options the Template view edits (a template is pages long; variables are JSON), so the
 * toolbar does not show them as one-line fields.
 */
export const TEMPLATE_VIEW_OPTIONS: ReadonlySet<string> = new Set(['template', 'variables']);

export function shownInToolbar(formatId: string, key: string): boolean {
  return !(formatId === 'jinja' && TEMPLATE_VIEW_OPTIONS.has(key));
}
