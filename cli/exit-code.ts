/**
 * A command's exit code belongs to its own invocation of main(): a command sets it here, and main() returns it.
 * Several commands may run in one process at once (a test runs them in process, side by side), so the code is kept
 * per invocation (an AsyncLocalStorage scope main() opens), not in the one process.exitCode they would all share.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export const exitScope = new AsyncLocalStorage<{ code?: number }>();

/** The exit code of the running command (outside main(): process.exitCode). */
export function setExitCode(code: number): void {
  const scope = exitScope.getStore();
  if (scope) scope.code = code;
  else process.exitCode = code;
}
