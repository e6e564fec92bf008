/** `arbiter run-scenario` and `arbiter trace`: one scenario on the reference engine. */
import type { Command } from 'commander';
import { loadCardPool } from '../engine/cards/pool.js';
import { loadScenario } from '../engine/scenario/load.js';
import { runScenario } from '../engine/scenario/run.js';
import { traceToJsonl } from '../engine/trace/format.js';
import { traceTree } from '../engine/trace/tree.js';
import { runCase } from '../golden/suite.js';
import { mutantOption, parseMutants, cardsOption } from './options.js';

export function addScenarioCommands(program: Command): void {
  program
    .command('run-scenario')
    .description('run a scenario file on the reference engine and check its expectations (exit 0 when they hold)')
    .argument('<file>', 'scenario JSON file (arbiter-scenario/1, see spec/schema/scenario.schema.json)')
    .addOption(mutantOption())
    .addOption(cardsOption())
    .option('--json', 'print the result as JSON')
    .action((file: string, o: { mutant: string[]; cards?: string[]; json?: boolean }) => {
      const cards = loadCardPool(o.cards ?? []);
      const s = loadScenario(file, cards);
      const { failures, final } = runCase(s, file, cards, parseMutants(o.mutant));
      if (o.json) {
        process.stdout.write(JSON.stringify({ id: s.id, ok: failures.length === 0, failures, final }, null, 2) + '\n');
      } else if (failures.length === 0) {
        process.stdout.write(`PASS ${s.id}: ${s.title}\n`);
      } else {
        process.stdout.write(`FAIL ${s.id}: ${s.title}\n${failures.map((f) => `  - ${f}`).join('\n')}\n`);
      }
      process.exitCode = failures.length === 0 ? 0 : 1;
    });

  program
    .command('trace')
    .description('print the trace of a scenario as an indented tree (or JSON lines with --json)')
    .argument('<file>', 'scenario JSON file')
    .addOption(mutantOption())
    .addOption(cardsOption())
    .option('--json', 'print the trace as JSON lines (sorted keys, one record per line)')
    .action((file: string, o: { mutant: string[]; cards?: string[]; json?: boolean }) => {
      const cards = loadCardPool(o.cards ?? []);
      const s = loadScenario(file, cards);
      const r = runScenario(s, file, { cards, mutants: parseMutants(o.mutant) });
      process.stdout.write(o.json ? traceToJsonl(r.trace) : traceTree(r.trace));
    });
}
