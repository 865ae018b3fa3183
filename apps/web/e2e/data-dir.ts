import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

const PREFIX = 'presently-e2e-'

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * A fresh, empty DATA_DIR for the e2e server: os.tmpdir()/presently-e2e-<runner pid>-<random>.
 * Each run's database is ~90 MB, so folders left by earlier runs whose runner process has ended
 * are removed first; folders of runs still going (another engineer's) are left alone.
 */
export function freshDataDir(): string {
  const tmp = os.tmpdir()
  for (const name of readdirSync(tmp)) {
    const pid = Number(/^presently-e2e-(\d+)-/.exec(name)?.[1])
    if (pid && pid !== process.pid && !isRunning(pid)) {
      rmSync(path.join(tmp, name), { recursive: true, force: true })
    }
  }
  return mkdtempSync(path.join(tmp, `${PREFIX}${process.pid}-`))
}
