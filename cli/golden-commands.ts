/** `arbiter golden verify | update | list`: the golden suite. */
import type { Command } from 'commander';
import { mutantOption, parseAnyMutants } from './options.js';
import { setExitCode } from './exit-code.js';

/** The golden suite, loaded when a golden command runs. */
async function suite() {
  const [pool, s, format, lint] = await Promise.all([import('../engine/cards/pool.js'), import('../golden/suite.js'), import('../golden/format.js'), import('../golden/lint.js')]);
  return { ...pool, ...s, ...format, ...lint };
}

export function addGoldenCommands(program: Command): void {
  const golden = program.command('golden').description('the golden suite: every rulebook example with its stated outcome and locked trace');
  golden
    .command('verify')
    .description('re-run every golden scenario, check its stated outcome and compare its trace with the locked one (exit 0 only when all hold)')
    .argument('[ids...]', 'only these scenario ids')
    .addOption(mutantOption())
    .option('--json', 'print results as JSON')
    .option('--diff-lines <n>', 'diff lines shown per failing case', '40')
    .action(async (ids: string[], o: { mutant: string[]; json?: boolean; diffLines: string }) => {
      const { verifyAll, loadCardPool, formatGolden, summarize } = await suite();
      const m = parseAnyMutants(o.mutant);
      const results = verifyAll(loadCardPool(), { ids, mutants: m.hs, hostMutants: m.host });
      if (o.json) process.stdout.write(JSON.stringify(results, null, 2) + '\n');
      else process.stdout.write(formatGolden(results, { diffLines: Number(o.diffLines) }));
      const c = summarize(results);
      setExitCode(c.fail + c.error + c['unexpected-pass'] === 0 ? 0 : 1);
    });
  golden
    .command('lint')
    .description('check every golden file: schema, rule ids, source, unique ids, known cards, locked trace')
    .action(async () => {
      const { lintGolden, loadCardPool } = await suite();
      const problems = lintGolden(loadCardPool());
      process.stdout.write(problems.length ? problems.join('\n') + '\n' : 'golden: all files are well formed\n');
      setExitCode(problems.length ? 1 : 0);
    });
  golden
    .command('update')
    .description('rewrite locked traces from the reference engine after a reviewed change, and print what changed')
    .argument('[ids...]', 'only these scenario ids (default: all)')
    .action(async (ids: string[]) => {
      const { updateTraces, loadCardPool } = await suite();
      const changes = updateTraces(loadCardPool(), ids);
      process.stdout.write(changes.length ? changes.join('\n') + '\n' : 'no trace changed\n');
    });
}
