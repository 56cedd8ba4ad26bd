/**
 * The memory of a Chromium and its child processes (renderer, GPU, utilities), read from
 * /proc (Linux): the proportional set size (PSS: shared pages split between the processes that
 * share them, so summing does not count a library twice), RSS where PSS cannot be read.
 */
import { readdirSync, readFileSync } from 'node:fs';

function children(): Map<number, number[]> {
  const byParent = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // /proc/PID/stat: "pid (comm) state ppid …"; comm may hold spaces and parentheses.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const list = byParent.get(ppid) ?? [];
      list.push(Number(entry));
      byParent.set(ppid, list);
    } catch {
      // The process ended while listing.
    }
  }
  return byParent;
}

function processMemoryKb(pid: number): number {
  try {
    const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
    const pss = /^Pss:\s+(\d+) kB/m.exec(rollup);
    if (pss) return Number(pss[1]);
  } catch {
    // No smaps_rollup (older kernel) or no permission: RSS below.
  }
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/** Total memory of `root` and all its descendants, in MB. */
export function processTreeMb(root: number): number {
  const byParent = children();
  let total = 0;
  const stack = [root];
  while (stack.length > 0) {
    const pid = stack.pop() as number;
    total += processMemoryKb(pid);
    stack.push(...(byParent.get(pid) ?? []));
  }
  return total / 1024;
}

/** Samples `processTreeMb(root)` every `ms` until stopped; the peak. */
export function samplePeak(root: number, ms = 100): { stop(): number } {
  let peak = processTreeMb(root);
  const timer = setInterval(() => {
    peak = Math.max(peak, processTreeMb(root));
  }, ms);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(peak, processTreeMb(root));
    },
  };
}
