/**
 * The diagnostics panel's order (issue 24, noise): problems first, errors before warnings before
 * infos (in the checks' order within a severity); then the harmless differences (`loss:
 * 'harmless'`: a call id a format does not write where results answer in order, an id rewritten
 * to the target's pattern…), one group per code, behind a count, never above a problem.
 */
import type { Severity } from '../../core/index.ts';

interface Groupable {
  severity: Severity;
  code: string;
  message: string;
  loss?: 'content' | 'harmless';
}

export interface HarmlessGroup<D> {
  code: string;
  /** The first one's message: what the group is like. */
  example: string;
  items: D[];
}

const RANK: Record<Severity, number> = { error: 0, warning: 1, info: 2 };

export function arrangeDiagnostics<D extends Groupable>(list: readonly D[]): { problems: D[]; harmless: HarmlessGroup<D>[] } {
  const problems = list.filter((d) => d.loss !== 'harmless').sort((a, b) => RANK[a.severity] - RANK[b.severity]);
  const groups = new Map<string, HarmlessGroup<D>>();
  for (const d of list) {
    if (d.loss !== 'harmless') continue;
    const group = groups.get(d.code);
    if (group) group.items.push(d);
    else groups.set(d.code, { code: d.code, example: d.message, items: [d] });
  }
  return { problems, harmless: [...groups.values()] };
}

/** One line for a group: "12 harmless differences like this one: …". */
export function harmlessLine(group: HarmlessGroup<unknown>): string {
  return group.items.length === 1 ? `Harmless: ${group.example}` : `${group.items.length} harmless differences like this one: ${group.example}`;
}
