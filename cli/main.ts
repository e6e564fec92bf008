/**
 * The `arbiter` command. Exit codes: 0 = all good; 1 = a check failed (expectation, golden case, regression);
 * 2 = bad input or usage (the message names the file, the JSON path and what was expected); 3 = internal error.
 */
import { Command, CommanderError } from 'commander';
import { InputError, MACHINE_ERRORS } from '../engine/validation.js';
import { AdapterStartError } from '../differential/adapter-process.js';
import { addScenarioCommands } from './scenario-commands.js';
import { addGoldenCommands } from './golden-commands.js';
import { addInfoCommands } from './info-commands.js';
import { addExtraCommands, prepareFuzz } from './extra-commands.js';
import { addRunCommands } from './run-commands.js';
import { addReportCommands } from './report-commands.js';
import { exitScope } from './exit-code.js';

export const EXIT = { ok: 0, failed: 1, badInput: 2, internal: 3 } as const;

export function buildProgram(): Command {
  const program = new Command();
  program
    .name('arbiter')
    .description('Conformance suite and test oracle for Hearthstone-like rules engines.\nReference engine for the Hearthstone advanced rulebook; golden scenarios; property checks; differential runs.')
    .version('0.1.0')
    .showHelpAfterError('(run with --help for usage)')
    .addHelpText('after', `
Exit codes: 0 all good, 1 a check failed, 2 bad input or usage, 3 internal error.
Examples:
  arbiter run-scenario golden/cases/cult-master-simultaneous-death.json
  arbiter trace golden/cases/dark-cultist-buffs-mortally-wounded-yeti.json
  arbiter golden verify
  arbiter golden verify --mutant die-at-zero-health`);
  addScenarioCommands(program);
  addGoldenCommands(program);
  addInfoCommands(program);
  addRunCommands(program);
  addReportCommands(program);
  addExtraCommands(program);
  return program;
}

/** Commander's own errors (a missing argument, an unknown option) become exit 2 in every subcommand too. */
function overrideExits(c: Command): void {
  c.exitOverride();
  c.showHelpAfterError('(run with --help for usage)');
  for (const sub of c.commands) overrideExits(sub);
}

export async function main(argv: string[]): Promise<number> {
  const program = buildProgram();
  overrideExits(program);
  try {
    // A command's modules load when it runs; the one help text that lists what they hold is completed first.
    if (argv[0] === 'fuzz' || (argv[0] === 'help' && argv[1] === 'fuzz')) await prepareFuzz(program);
    // A command sets its exit code with setExitCode (cli/exit-code.ts); one that set process.exitCode is heard too.
    const scope: { code?: number } = {};
    const before = process.exitCode;
    await exitScope.run(scope, () => program.parseAsync(argv, { from: 'user' }));
    return scope.code ?? (process.exitCode !== before && typeof process.exitCode === 'number' ? process.exitCode : 0);
  } catch (e) {
    if (e instanceof CommanderError) {
      return e.exitCode === 0 ? EXIT.ok : EXIT.badInput;
    }
    if (e instanceof InputError) {
      process.stderr.write(`arbiter: ${e.message}\n`);
      return EXIT.badInput;
    }
    if (e instanceof AdapterStartError) {
      process.stderr.write(`arbiter: --sim: ${e.message}\n`);
      return EXIT.badInput;
    }
    // A full disk, a read-only folder: the machine's, not Arbiter's; the file is named.
    const io = e as NodeJS.ErrnoException;
    if (io.code && io.path && MACHINE_ERRORS[io.code]) {
      const writing = io.syscall !== undefined && ['write', 'rename', 'mkdir', 'copyfile', 'link', 'symlink', 'unlink', 'rmdir'].includes(io.syscall);
      process.stderr.write(`arbiter: ${io.path}: ${MACHINE_ERRORS[io.code]} (${io.code}${io.syscall ? ` in ${io.syscall}` : ''})${writing ? '; what was written before it is kept' : ''}\n`);
      return EXIT.badInput;
    }
    process.stderr.write(`arbiter: internal error: ${(e as Error).message}\n`);
    if (process.env.ARBITER_DEBUG) process.stderr.write(`${(e as Error).stack}\n`);
    return EXIT.internal;
  }
}

// A reader that stops early (`arbiter rules | head -1`) is not an error.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(0);
  throw e;
});

const isMain = process.argv[1] && /arbiter(\.mjs)?$|cli\/main\.ts$/.test(process.argv[1]);
if (isMain) {
  // Stopped by a signal (Ctrl-C, a CI timeout, a closed terminal): exit through process.exit, so the 'exit' handlers
  // run: the adapters' process groups are killed (each leads its own group, which the terminal's signal does not
  // reach) and the report folder's lock is released. The results written so far stay; `run --resume` continues.
  for (const [sig, n] of [['SIGINT', 2], ['SIGTERM', 15], ['SIGHUP', 1]] as const) {
    process.once(sig, () => {
      process.stderr.write(`arbiter: stopped by ${sig}\n`);
      process.exit(128 + n);
    });
  }
  main(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
}
