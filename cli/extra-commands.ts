/** `arbiter check-log` (powerlog/) and `arbiter fuzz` (properties/): parsed here like every other command. */
import { Option, type Command } from 'commander';
import { InputError } from '../engine/validation.js';
import { mutantOption, parseMutants, parseAnyMutants, cardsOption, hostCardsOption } from './options.js';
import { setExitCode } from './exit-code.js';

function wholeNumber(flag: string) {
  return (v: string): number => {
    if (!/^\d+$/.test(v)) throw new InputError(flag, '$', `expected a whole number >= 0, got "${v}"`);
    return Number(v);
  };
}
function rate(flag: string) {
  return (v: string): number => {
    const n = Number(v);
    if (!/^\d*\.?\d+$/.test(v) || !(n >= 0 && n <= 1)) throw new InputError(flag, '$', `expected a number from 0 to 1, got "${v}"`);
    return n;
  };
}
const list = (v: string, prev: string[] = []) => [...prev, ...v.split(',').filter(Boolean)];

/** The fuzz command's help lists the invariant ids: they are read from properties/ when the command is chosen. */
export async function prepareFuzz(program: Command): Promise<void> {
  const fuzz = program.commands.find((c) => c.name() === 'fuzz');
  const only = fuzz?.options.find((x) => x.long === '--only');
  if (!only) return;
  const { invariantIds } = await import('../properties/fuzz-cli.js');
  only.description = `only these invariants, comma-separated (${invariantIds().join(', ')})`;
}

export function addExtraCommands(program: Command): void {
  program
    .command('check-log')
    .description('check real Hearthstone Power.log files (file or folder) against the rules: deaths only in death phases (3), in order of play (7), game end at a sequence end (9)')
    .argument('[paths...]', 'Power.log files, or folders of them (README, LICENSE and *.md are skipped)')
    .option('--json', 'print the report as JSON')
    .option('--allow-violations', 'exit 0 even when violations are found (bad input still exits 2)')
    .option('--rules <list>', 'rules to check, comma-separated (default 3,7,9)')
    .option('--max-violations <n>', 'violations listed per game (counts stay exact)', wholeNumber('--max-violations'), 50)
    .option('--warnings', 'list every parser warning (default: first 3 per file)')
    .option('--no-table', 'omit the per-file table')
    .option('--trace-out <file>', 'also write the traces as arbiter-trace/1 JSON lines (one meta record starts each game)')
    .addHelpText('after', `
Checks, from the log alone:
  rule 3  a minion or hero goes to the graveyard only inside a DEATHS block (no death in the middle of a Phase)
  rule 7  within one DEATHS block, minions and heroes die in order of play (oldest first)
  rule 9  a game is won/lost/tied only when no block is open, or between an attack's preparation and combat
Exit codes: 0 ok, 1 violations found, 2 bad input (missing, empty, binary, not a Power.log, no log at all) or usage error.
Example:
  arbiter check-log powerlog/fixtures/two-games.log`)
    .action(async (paths: string[], o: { json?: boolean; allowViolations?: boolean; rules?: string; maxViolations: number; warnings?: boolean; table: boolean; traceOut?: string }) => {
      const { checkLogCommand, parseRules } = await import('../powerlog/cli.js');
      const rules = o.rules === undefined ? undefined : parseRules(o.rules);
      if (typeof rules === 'string') throw new InputError('--rules', '$', rules);
      setExitCode(await checkLogCommand({ paths, json: o.json, allowViolations: o.allowViolations, rules, maxViolations: o.maxViolations, warnings: o.warnings, table: o.table, traceOut: o.traceOut }));
    });

  program
    .command('fuzz')
    .description('run every trace property against the reference engine on generated games; a failure is shrunk and written as a scenario file')
    .option('--runs <n>', 'generated cases (default 1000; 1 with --path, which replays one case)', wholeNumber('--runs'))
    .addOption(new Option('--profile <name>', 'the rule profile of the generated games: hearthstone (the reference engine), hearthtop (whole Hearthtop games from the Setup rules to their end) or host (the Host WCG kernel, seed 002)').choices(['hearthstone', 'hearthtop', 'host']).default('hearthstone'))
    .addOption(hostCardsOption())
    .option('--seed <n>', 'seed (default: from the clock, printed)', wholeNumber('--seed'))
    .addOption(mutantOption())
    .option('--path <p>', 'replay one case: the fast-check path printed with a failure (with its --seed)')
    .option('--out <dir>', 'where a shrunk failing case is written (default fuzz-out/)')
    .option('--no-write', 'write no files')
    // The invariant ids are listed once the fuzz command is chosen (its modules load then: see main.ts prepareCommand).
    .option('--only <ids>', 'only these invariants, comma-separated', list)
    .option('--no-determinism', 'skip the determinism check (it runs each case once more)')
    .option('--jobs <n>', 'split the runs into n shards fuzzed side by side in worker threads (shard i: seed + i); the lowest failing shard is reported (default 1)', wholeNumber('--jobs'))
    .option('--exclude-card <ids>', 'pool card ids never generated (comma-separated, repeatable)', list)
    .option('--synthetic <rate>', 'weight of generated (synthetic) cards against cards of the pool, 0 to 1 (default 0.35; 0: the real card pool only)', rate('--synthetic'))
    .addOption(new Option('--check <scenario.json>', 'judge one scenario file against every invariant (a written repro: its cards beside it and its mutants are used)'))
    .addOption(cardsOption())
    .option('--reference', 'with --check: run on the reference engine, not the repro\'s mutants')
    .addHelpText('after', `
Exit codes: 0 nothing found, 1 a violation (or an engine failure) was found, 2 bad usage.
Examples:
  arbiter fuzz --runs 1000 --seed 7
  arbiter fuzz --runs 3000 --mutant die-at-zero-health
  arbiter fuzz --runs 20000 --seed 5 --synthetic 0     (real cards only)
  arbiter fuzz --runs 100000 --seed 5 --jobs 2         (two shards: seeds 5 and 6, 50000 runs each)
  arbiter fuzz --profile hearthtop --runs 20000 --seed 1
  arbiter fuzz --profile host --runs 20000 --seed 1
  arbiter fuzz --profile host --runs 2000 --mutant host-fifo-stack
  arbiter fuzz --check fuzz-out/<id>.json --reference`)
    .action(async (o: { runs?: number; seed?: number; jobs?: number; mutant: string[]; path?: string; out?: string; write: boolean; only?: string[]; determinism: boolean; excludeCard?: string[]; synthetic?: number; check?: string; cards?: string[]; reference?: boolean; profile: string; hostCards?: string[] }) => {
      const { fuzzCommand, invariantIds } = await import('../properties/fuzz-cli.js');
      const known = new Set(invariantIds());
      if (o.path !== undefined && o.seed === undefined) throw new InputError('--path', '$', '--path replays a failure of one seed: give that --seed (both are printed with the failure)');
      // a fast-check replay path: counters separated by colons, as a failure prints it ("0:1:1")
      if (o.path !== undefined && !/^\d+(:\d+)*$/.test(o.path)) throw new InputError('--path', '$', `"${o.path}" is not a replay path: whole numbers separated by colons, as a failure prints it (e.g. "12:0:3")`);
      if (o.jobs !== undefined && o.jobs < 1) throw new InputError('--jobs', '$', 'at least 1');
      if ((o.jobs ?? 1) > 1 && (o.profile !== 'hearthstone' || o.check)) throw new InputError('--jobs', '$', 'shards apply to the Hearthstone fuzz (--profile hearthstone, without --check)');
      if (o.profile === 'host') {
        for (const id of o.only ?? []) if (!known.has(id)) throw new InputError('--only', '$', `unknown invariant "${id}" (expected: ${[...known].join(', ')})`);
        const m = parseAnyMutants(o.mutant);
        if (m.hs.length) throw new InputError('--mutant', '$', `${m.hs.join(', ')}: not a Host mutant (with --profile host: host-* mutants, see arbiter mutants)`);
        const { hostFuzzCommand } = await import('../properties/host-fuzz-cli.js');
        setExitCode(hostFuzzCommand({ runs: o.runs, seed: o.seed, mutants: m.host, ...(o.only ? { only: o.only } : {}), outDir: o.out, noWrite: !o.write, hostCards: o.hostCards }));
        return;
      }
      for (const id of o.only ?? []) if (!known.has(id)) throw new InputError('--only', '$', `unknown invariant "${id}" (expected: ${[...known].join(', ')})`);
      const mutants = parseMutants(o.mutant);
      if (o.profile !== 'hearthstone' && o.profile !== 'hearthtop') throw new InputError('--profile', '$', `unknown profile "${o.profile}" (expected hearthstone or hearthtop)`);
      setExitCode(await fuzzCommand({ profile: o.profile,
        runs: o.runs, seed: o.seed, ...(mutants.length ? { mutants } : {}), path: o.path, outDir: o.out, noWrite: !o.write, only: o.only,
        noDeterminism: !o.determinism, excludeCards: o.excludeCard, ...(o.jobs !== undefined ? { jobs: o.jobs } : {}), ...(o.synthetic !== undefined ? { syntheticRate: o.synthetic } : {}), check: o.check, cards: o.cards, reference: o.reference,
      }));
    });
}
