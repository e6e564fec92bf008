/** Commands whose options live with their module (check-log: powerlog/cli.ts; fuzz: properties/fuzz.ts). */
import type { Command } from 'commander';
import { runCheckLog } from '../powerlog/cli.js';
import { runFuzzCli } from '../properties/fuzz.js';

function passThrough(program: Command, name: string, description: string, run: (argv: string[]) => Promise<number>): void {
  program
    .command(name)
    .description(description)
    .helpOption(false)
    .allowUnknownOption()
    .allowExcessArguments()
    .argument('[args...]', `see arbiter ${name} --help`)
    .action(async (args: string[]) => {
      process.exitCode = await run(args);
    });
}

export function addExtraCommands(program: Command): void {
  passThrough(program, 'check-log', 'check real Hearthstone Power.log files (file or folder) against the rules: deaths only in death phases (3), in order of play (7), game end at a sequence end (9)', (a) => runCheckLog(a));
  passThrough(program, 'fuzz', 'run every trace property against the reference engine on generated games; a failure is shrunk and written as a scenario file', (a) => runFuzzCli(a));
}
