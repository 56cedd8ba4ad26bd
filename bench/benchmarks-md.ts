/** BENCHMARKS.md: replace (or append) one benchmark's section, leaving every other section as it is. */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export function writeBenchmarkSection(root: string, heading: string, section: string): void {
  const file = join(root, 'BENCHMARKS.md');
  const existing = existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmarks\n';
  const start = existing.indexOf(heading);
  let next: string;
  if (start < 0) {
    next = `${existing.trimEnd()}\n\n${section}`;
  } else {
    const after = existing.indexOf('\n## ', start + heading.length);
    next = existing.slice(0, start) + section + (after < 0 ? '' : `\n${existing.slice(after + 1)}`);
  }
  writeFileSync(file, `${next.trimEnd()}\n`);
}
