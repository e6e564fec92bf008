/** Commands provided by other modules (check-log); registered here so main stays small. */
import type { Command } from 'commander';

export function addExtraCommands(_program: Command): void {}
