/**
 * A command's exit code belongs to its own invocation of main(): a command sets it here, and main() returns it.
 * Several commands may run in one process at once (a test runs them in process, side by side), so the code is kept
 * per invocation (an AsyncLocalStorage scope main() opens), not in the one process.exitCode they would all share.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Summary } from '../reports/summary.js';

export const exitScope = new AsyncLocalStorage<{ code?: number }>();

/** The exit code of the running command (outside main(): process.exitCode). */
export function setExitCode(code: number): void {
  const scope = exitScope.getStore();
  if (scope) scope.code = code;
  else process.exitCode = code;
}

/**
 * Does a differential run fail (exit 1)? A NEW FAIL of any cause, a case error, or a LOST case (supported in the
 * baseline, UNSUPPORTED now) unless the command was given --allow-lost. `arbiter run`, its Host profile and
 * `arbiter merge` all decide so.
 */
export function runFails(s: Pick<Summary, 'newFail' | 'errors' | 'lost'>, allowLost: boolean | undefined): boolean {
  return s.newFail > 0 || s.errors > 0 || (s.lost > 0 && !allowLost);
}
