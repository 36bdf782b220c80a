import { execFileSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'

/** Clock ticks per second of /proc's CPU times (`getconf CLK_TCK`, 100 on Linux almost always). */
const ticksPerSecond = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100
  } catch {
    return 100
  }
})()

type ProcessStat = { comm: string; cpuMs: number; pid: number; ppid: number }

/** Every process's name, parent and CPU time so far (user + system), from /proc (Linux only). */
const processes = (): ProcessStat[] => {
  const stats: ProcessStat[] = []
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) {
      continue
    }
    try {
      const text = readFileSync(`/proc/${entry}/stat`, 'utf8')
      // The name is in parentheses and may hold spaces; the fields after it are space-separated.
      const close = text.lastIndexOf(')')
      const comm = text.slice(text.indexOf('(') + 1, close)
      const fields = text.slice(close + 2).split(' ')
      // After the name: state(0) ppid(1) … utime(11) stime(12), see proc(5).
      stats.push({
        comm,
        cpuMs: ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond,
        pid: Number(entry),
        ppid: Number(fields[1]),
      })
    } catch {
      // gone meanwhile
    }
  }
  return stats
}

/**
 * CPU time (ms) used so far by a process and all its descendants still running, and by every
 * process named `postgres` (the embedded server and its backends, which stay open in the pools).
 */
export const cpuSnapshot = (rootPid: number): { postgresMs: number; treeMs: number } => {
  const all = processes()
  const children = new Map<number, ProcessStat[]>()
  for (const stat of all) {
    children.set(stat.ppid, [...(children.get(stat.ppid) ?? []), stat])
  }
  let treeMs = 0
  const stack = all.filter((stat) => stat.pid === rootPid)
  while (stack.length > 0) {
    const stat = stack.pop()!
    treeMs += stat.cpuMs
    stack.push(...(children.get(stat.pid) ?? []))
  }
  const postgresMs = all
    .filter((stat) => stat.comm === 'postgres')
    .reduce((sum, stat) => sum + stat.cpuMs, 0)
  return { postgresMs, treeMs }
}
