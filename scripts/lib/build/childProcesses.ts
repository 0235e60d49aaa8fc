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

/** Kills every tracked child still running (SIGKILL: a signal it cannot delay). */
export function stopChildren(): void {
  for (const child of running) child.kill('SIGKILL')
  running.clear()
}
