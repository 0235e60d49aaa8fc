// The build's child processes (code build, page renderers): killed when the build fails or is
// interrupted, before its staging folder goes, so none writes into a removed folder.
import type { ChildProcess } from 'node:child_process'

const running = new Set<ChildProcess>()

/** Keeps `child` until it exits. */
export function track<T extends ChildProcess>(child: T): T {
  running.add(child)
  child.once('exit', () => running.delete(child))
  return child
}

/** Resolves when `child` exits with code 0; rejects naming `what` otherwise (its output says why). */
export function exited(child: ChildProcess, what: string): Promise<void> {
  return new Promise((done, fail) => {
    child.on('error', fail)
    child.on('exit', (code, signal) =>
      code === 0
        ? done()
        : fail(new Error(`${what} failed (${signal ?? `exit code ${code}`}, see above)`)),
    )
  })
}

/** Kills every tracked child still running (SIGKILL: a signal it cannot delay). */
export function stopChildren(): void {
  for (const child of running) child.kill('SIGKILL')
  running.clear()
}
