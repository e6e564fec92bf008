/** The `arbiter fuzz` command (cli/extra-commands.ts parses it): the Hearthstone and Hearthtop fuzzers, in one process or in shards. */
import { INVARIANTS } from './invariants/index.js';
import { sizeText } from './size.js';
import { fuzzHearthtop } from './hearthtop-fuzz.js';
import { checkScenarioFile, fuzz, type FuzzOptions } from './fuzz.js';
import { fuzzJobs, shards } from './fuzz-jobs.js';
import { checkOutDir, unwritten } from './out-dir.js';
import { loadCardPool } from '../engine/cards/pool.js';
import { InputError } from '../engine/validation.js';

/** The shards of a `--jobs` run, as the header line names them. */
function shardText(seed: number, runs: number, jobs: number): string {
  const parts = shards(seed, runs, jobs);
  return parts.length === 1 ? 'one shard' : `${parts.length} shards: seeds ${parts.map((p) => p.seed).join(', ')}`;
}

export type FuzzCliOptions = FuzzOptions & { check?: string; cards?: string[]; reference?: boolean; profile?: string; jobs?: number };

/** Invariant ids `--only` takes. */
export function invariantIds(): string[] {
  return [...INVARIANTS.map((x) => x.id), 'determinism'];
}

/**
 * `--exclude-card` names card ids of the built-in pool: an id it does not hold (a typo, a card name) would exclude
 * nothing and the run would say nothing of it.
 */
function checkExcluded(ids: readonly string[]): void {
  if (!ids.length) return;
  const pool = loadCardPool();
  const known = new Set(pool.all().map((c) => c.id));
  for (const id of ids) {
    if (known.has(id)) continue;
    const byName = pool.has(id) ? ` (that is the name of ${pool.get(id).id}: give its id)` : '';
    throw new InputError('--exclude-card', '$', `"${id}" is not a card id of the built-in pool${byName}; \`arbiter cards\` lists the ids`);
  }
}

/** The `arbiter fuzz` command from parsed options (cli/extra-commands.ts): the exit code (0 nothing found, 1 found). */
export async function fuzzCommand(o: FuzzCliOptions, out: (s: string) => void = (s) => process.stdout.write(s), err: (s: string) => void = (s) => process.stderr.write(s)): Promise<number> {
  if (o.check) {
    const r = checkScenarioFile(o.check, { cards: o.cards, mutants: o.reference ? [] : o.mutants });
    if (!r.violations.length) { out(`OK ${o.check}: no invariant is violated${r.error ? ` (${r.error})` : ''}\n`); return 0; }
    out(`VIOLATED ${o.check}:\n${r.violations.map((v) => `  - [${v.invariant}, rule ${v.rule}] at ${v.path || 'top level'}: ${v.message}`).join('\n')}\n`);
    return 1;
  }
  // A folder the finding cannot be written to is a usage error before any case is run.
  if (!o.noWrite) checkOutDir(o.outDir ?? 'fuzz-out');
  checkExcluded(o.excludeCards ?? []);
  const seed = o.seed ?? Date.now() % 2_147_483_647;
  // A replayed path is one case (and the shrink steps the path names): not a search of --runs cases from it.
  const runs = o.runs ?? (o.path ? 1 : 1000);
  const mutants = o.mutants ?? [];
  out(`fuzz: ${o.path ? `replaying path ${o.path}` : `${runs} cases`}, seed ${seed}${(o.jobs ?? 1) > 1 && !o.path ? ` (${shardText(seed, runs, o.jobs!)})` : ''}, ${mutants.length ? `mutants ${mutants.join(', ')}` : 'reference engine'}${o.profile && o.profile !== 'hearthstone' ? `, profile ${o.profile}` : ''}\n`);
  if (o.profile === 'hearthtop') {
    const r = fuzzHearthtop({ runs, seed, mutants, path: o.path, outDir: o.outDir, noWrite: o.noWrite, noDeterminism: o.noDeterminism, progress: (n, ms) => err(`  ${n} games, ${(ms / 1000).toFixed(1)} s\n`) });
    if (r.ok) {
      out(o.path
        ? `OK: path ${o.path} of seed ${seed} passes (${r.runs} Hearthtop games run from it, nothing found; ${(r.ms / 1000).toFixed(1)} s): this engine does not show that failure\n`
        : `OK: ${r.runs} Hearthtop games, nothing found (${(r.ms / 1000).toFixed(1)} s)\n`);
      return 0;
    }
    const f = r.failure!;
    out(`FOUND after ${r.runs} Hearthtop games (${(r.ms / 1000).toFixed(1)} s):\n`);
    if (f.crash) out(`  the engine failed: ${f.crash}\n`);
    for (const v of f.violations.slice(0, 10)) out(`  - [${v.invariant}, rule ${v.rule}] at ${v.path || 'top level'}: ${v.message}\n`);
    out(`seed ${seed}, path ${f.path}\n`);
    const m = mutants.map((x) => ` --mutant ${x}`).join('');
    if (f.file) out(`wrote ${f.file}\nreplay:\n  arbiter run-scenario ${f.file}${m}\n  arbiter fuzz --profile hearthtop --seed ${seed} --path ${f.path}${m}\n`);
    else out(`replay:\n  arbiter fuzz --profile hearthtop --seed ${seed} --path ${f.path}${m}\n`);
    if (f.writeError) {
      throw unwritten(out, f.writeError.dir, f.writeError.error, [{ name: `the scenario of the failing game (${f.scenario!.id})`, data: f.scenario }]);
    }
    return 1;
  }
  const progress = (n: number, ms: number) => err(`  ${n} cases, ${(ms / 1000).toFixed(1)} s\n`);
  const report = (o.jobs ?? 1) > 1
    ? await fuzzJobs({ ...o, seed, runs, mutants, jobs: o.jobs!, progress })
    : await fuzz({ ...o, seed, runs, mutants, progress });
  if (report.ok) {
    // A replayed path that passes is not a search that found nothing: say what was replayed.
    out(o.path
      ? `OK: path ${o.path} of seed ${seed} passes (${report.runs} cases run from it, nothing found; ${(report.ms / 1000).toFixed(1)} s): this engine does not show that failure\n`
      : `OK: ${report.runs} cases, nothing found (${(report.ms / 1000).toFixed(1)} s)\n`);
    return 0;
  }
  const f = report.failure!;
  out(`FOUND after ${report.runs} cases (${(report.ms / 1000).toFixed(1)} s), shrunk ${f.shrinks} times to ${sizeText(f.size)}:\n`);
  if (f.crash) out(`  the engine failed: ${f.crash}\n`);
  for (const v of f.violations.slice(0, 10)) out(`  - [${v.invariant}, rule ${v.rule}] at ${v.path || 'top level'}: ${v.message}\n`);
  if (f.violations.length > 10) out(`  ... and ${f.violations.length - 10} more\n`);
  out(`seed ${f.seed}, path ${f.path}\n`);
  if (f.file) out(`wrote ${f.file}${f.cardsDir ? ` and ${f.cardsDir}/` : ''}\n`);
  out(`replay:\n${f.replay.split('\n').map((l) => `  ${l}`).join('\n')}\n`);
  if (f.writeError) {
    throw unwritten(out, f.writeError.dir, f.writeError.error, [{ name: `the shrunk case (${f.scenario.id}.json)`, data: f.scenario }, ...f.cards.map((c) => ({ name: `its card ${c.id} (${f.scenario.id}.cards/${c.id}.json)`, data: c }))]);
  }
  return 1;
}
