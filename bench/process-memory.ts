import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'

/** Resident set of one process in MB: now (VmRSS) and its peak so far (VmHWM). */
export function processMemory(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0)
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 }
}

/**
 * Memory in MB of `pid` and every descendant (PostgreSQL's processes included): summed RSS,
 * which counts PostgreSQL's shared buffers once per process that touched them, and summed PSS
 * (proportional set size, /proc/<pid>/smaps_rollup), which shares them out and so adds up to
 * what the tree really holds.
 */
export function treeMemory(pid: number): { rss: number; pss: number; processes: number } {
  const rows = execFileSync('ps', ['-e', '-o', 'pid=,ppid=,rss='], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/).map(Number) as [number, number, number])
  const children = new Map<number, number[]>()
  for (const [child, parent] of rows) children.set(parent, [...(children.get(parent) ?? []), child])
  const rssOf = new Map(rows.map(([p, , rss]) => [p, rss]))
  let rss = 0
  let pss = 0
  let processes = 0
  const stack = [pid]
  while (stack.length) {
    const next = stack.pop()!
    rss += rssOf.get(next) ?? 0
    try {
      pss += Number(/^Pss:\s+(\d+)/m.exec(readFileSync(`/proc/${next}/smaps_rollup`, 'utf8'))?.[1] ?? 0)
    } catch {
      // The process ended meanwhile.
    }
    processes += 1
    stack.push(...(children.get(next) ?? []))
  }
  return { rss: rss / 1024, pss: pss / 1024, processes }
}
