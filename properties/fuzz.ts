/**
 * `arbiter fuzz`: every invariant (and determinism) over generated cases on the engine, reference or mutated.
 * On a failure fast-check shrinks the case; the seed and path that replay it are printed, and the shrunk case is
 * written as a scenario file (arbiter-scenario/1) with `generated: {seed, path, invariant, ...}` and its
 * synthetic cards written beside it, one card file each, in `<id>.cards/` (and listed in `generated.cards`), so
 *
 *   arbiter run-scenario <out>/<id>.json --cards <out>/<id>.cards [--mutant m]
 *   arbiter trace        <out>/<id>.json --cards <out>/<id>.cards [--mutant m]
 *
 * replay it, and `arbiter fuzz --check <out>/<id>.json` judges it again. Cards are written as files rather than
 * embedded because the scenario schema allows no cards and run-scenario takes extra cards with --cards.
 * The file's `expect` is empty (the invariants are the expectation), so run-scenario reports PASS.
 */
import fc from 'fast-check';
import { writeFileSync, existsSync, readdirSync } from 'node:fs';
import { join, dirname, basename, resolve } from 'node:path';
import type { CardDef } from '../engine/cards/format.js';
import { isMutantName, type MutantName } from '../engine/mutants.js';
import type { Scenario } from '../engine/scenario/format.js';
import { loadScenario } from '../engine/scenario/load.js';
import { loadCardPool } from '../engine/cards/pool.js';
import { runScenario } from '../engine/scenario/run.js';
import { ruleCatalog } from '../engine/rules.js';
import { InputError, readJson } from '../engine/validation.js';
import { generatedCaseArb, type GeneratedCase } from './arbitraries/generatedCase.js';
import { checkCase, cardLookup, PROPERTY_STEP_BUDGET } from './check.js';
import { applicable, checkAll, checkDeterminism, type Violation } from './invariants/index.js';
import { sizeOf, type CaseSize } from './size.js';
import { makeOutDir } from './out-dir.js';

export interface FuzzOptions {
  runs?: number;
  seed?: number;
  mutants?: MutantName[];
  /** Replay one case (fast-check path, with the seed it came from). */
  path?: string;
  /** Where to write a shrunk failing case. Default: fuzz-out/ in the working directory. */
  outDir?: string;
  /** Do not write files. */
  noWrite?: boolean;
  /** Only these invariant ids (and 'determinism'). Default: all. */
  only?: string[];
  /** Skip the determinism check (it runs each case once more). */
  noDeterminism?: boolean;
  /** Pool card ids never generated (fuzz around a known, reported bug). */
  excludeCards?: string[];
  /** Weight of a synthetic card against a card of the pool, 0–1 (default 0.35; 0: the real pool only). */
  syntheticRate?: number;
  /** Progress lines (every `every` cases). */
  progress?: (done: number, elapsedMs: number) => void;
  every?: number;
}

export interface FuzzFailure {
  /** Replay path (fast-check `path`) and seed. */
  seed: number;
  path: string;
  invariants: string[];
  violations: Violation[];
  /** The engine threw instead (an engine bug when the engine is the reference). */
  crash?: string;
  size: CaseSize;
  shrinks: number;
  scenario: Scenario;
  cards: CardDef[];
  file?: string;
  cardsDir?: string;
  /** Why the repro could not be written (the folder changed while fuzzing, a full disk): the finding is printed instead. */
  writeError?: { dir: string; error: unknown };
  replay: string;
  excludeCards?: string[];
  syntheticRate?: number;
}

export interface FuzzReport {
  ok: boolean;
  seed: number;
  runs: number;
  mutants: MutantName[];
  ms: number;
  failure?: FuzzFailure;
}

function verdict(gc: GeneratedCase, o: FuzzOptions) {
  return checkCase(gc, { mutants: o.mutants ?? [], ...(o.only ? { only: o.only } : { determinism: !o.noDeterminism, legality: true }) });
}

/** Run the properties; never throws for a violation (it is in the report). */
export async function fuzz(o: FuzzOptions = {}): Promise<FuzzReport> {
  const runs = o.runs ?? 1000;
  const seed = o.seed ?? Date.now() % 2_147_483_647;
  const mutants = o.mutants ?? [];
  const t0 = performance.now();
  let done = 0;
  const every = o.every ?? 1000;
  // The verdict of the last failing call is the shrunk case's (a nondeterministic engine may not fail twice).
  let last: ReturnType<typeof verdict> | null = null;
  const property = fc.property(generatedCaseArb({ mutants, ...(o.excludeCards ? { excludeCards: o.excludeCards } : {}), ...(o.syntheticRate !== undefined ? { syntheticRate: o.syntheticRate } : {}) }), (gc) => {
    done++;
    if (o.progress && done % every === 0) o.progress(done, performance.now() - t0);
    const v = verdict(gc, o);
    const ok = !v.crash && v.violations.length === 0;
    if (!ok) last = v;
    return ok;
  });
  const r = fc.check(property, { seed, numRuns: runs, ...(o.path ? { path: o.path } : {}) });
  const ms = performance.now() - t0;
  if (!r.failed || !r.counterexample) return { ok: true, seed, runs: r.numRuns, mutants, ms };
  const gc = r.counterexample[0] as GeneratedCase;
  const v = last ?? verdict(gc, o);
  const invariants = [...new Set(v.violations.map((x) => x.invariant))];
  const path = r.counterexamplePath ?? '';
  const failure: FuzzFailure = {
    seed, path, invariants, violations: v.violations, ...(v.crash ? { crash: v.crash } : {}),
    size: sizeOf(gc), shrinks: r.numShrinks, scenario: gc.scenario, cards: gc.cards, replay: '', ...(o.excludeCards?.length ? { excludeCards: o.excludeCards } : {}), ...(o.syntheticRate !== undefined ? { syntheticRate: o.syntheticRate } : {}),
  };
  return { ok: false, seed, runs: r.numRuns, mutants, ms, failure: finishFailure(failure, o) };
}

/** A failure as reported: its repro written (unless `noWrite`) and the commands that replay it. */
export function finishFailure(failure: FuzzFailure, o: Pick<FuzzOptions, 'mutants' | 'noWrite' | 'outDir'>): FuzzFailure {
  const mutants = o.mutants ?? [];
  if (!o.noWrite) {
    const dir = o.outDir ?? 'fuzz-out';
    try {
      writeRepro(failure, mutants, dir);
    } catch (error) {
      failure.writeError = { dir, error };
    }
  }
  failure.replay = replayCommand(failure, mutants);
  return failure;
}

/** Write the shrunk case: `<out>/<id>.json` and its synthetic cards in `<out>/<id>.cards/` (the scenario as written
 * is the failure's `scenario` even when writing fails). */
export function writeRepro(f: FuzzFailure, mutants: MutantName[], outDir: string): void {
  const first = f.violations[0];
  const tag = f.crash ? 'crash' : (first?.invariant ?? 'violation');
  const id = `fuzz-${f.seed}-${tag}`.toLowerCase().replace(/[^a-z0-9-]+/g, '-');
  const rules = ruleCatalog();
  const cited = [...new Set(f.violations.map((x) => x.rule).filter((r) => rules.has(r)))];
  const rule = rules.get(cited[0] ?? 'sequence');
  const scenario: Scenario = {
    ...f.scenario,
    id,
    title: f.crash ? `Fuzz: the engine failed (${f.crash.split('\n')[0]!.slice(0, 120)})` : `Fuzz: ${first!.message.slice(0, 160)}`,
    rules: cited.length ? cited : ['sequence'],
    source: { seed: 'generated', section: 'properties/fuzz.ts (shrunk by fast-check)', quote: rule?.text ?? 'generated' },
    assumptions: [
      ...(f.crash ? [`The engine threw: ${f.crash.split('\n')[0]}`] : f.violations.slice(0, 10).map((x) => `[${x.invariant}, rule ${x.rule}] at ${x.path || 'top level'}: ${x.message}`)),
      `Runs used a step budget of ${PROPERTY_STEP_BUDGET} trigger resolutions (arbiter run-scenario uses 10000; only a looping case differs).`,
    ],
    generated: {
      seed: f.seed, path: f.path, invariant: f.crash ? 'engine-crash' : first!.invariant, invariants: f.invariants,
      mutants, stepBudget: PROPERTY_STEP_BUDGET, cards: f.cards.map((c) => c.id), tool: 'arbiter fuzz', ...(f.excludeCards ? { excludeCards: f.excludeCards } : {}),
    },
    expect: {},
  };
  f.scenario = scenario;
  makeOutDir(outDir);
  const file = join(outDir, `${id}.json`);
  writeFileSync(file, JSON.stringify(scenario, null, 2) + '\n');
  f.file = file;
  if (f.cards.length) {
    const dir = join(outDir, `${id}.cards`);
    makeOutDir(dir);
    for (const c of f.cards) writeFileSync(join(dir, `${c.id}.json`), JSON.stringify(c, null, 2) + '\n');
    f.cardsDir = dir;
  }
}

function replayCommand(f: FuzzFailure, mutants: MutantName[]): string {
  const m = mutants.map((x) => ` --mutant ${x}`).join('');
  const lines = [`arbiter fuzz --seed ${f.seed} --path ${f.path}${m}${f.excludeCards?.length ? ` --exclude-card ${f.excludeCards.join(',')}` : ''}${f.syntheticRate !== undefined ? ` --synthetic ${f.syntheticRate}` : ''}`];
  if (f.file) {
    const cards = f.cardsDir ? ` --cards ${f.cardsDir}` : '';
    lines.push(`arbiter run-scenario ${f.file}${cards}${m}`, `arbiter trace ${f.file}${cards}${m}`, `arbiter fuzz --check ${f.file}`);
  }
  return lines.join('\n');
}

/** Judge a scenario file (a written repro, or any scenario) against every invariant. */
export function checkScenarioFile(file: string, o: { cards?: string[]; mutants?: MutantName[] } = {}): { violations: Violation[]; error?: string } {
  const data = readJson(file) as Scenario;
  if (!data || typeof data !== 'object' || Array.isArray(data)) throw new InputError(file, '$', 'expected a scenario object (arbiter-scenario/1, see spec/schema/scenario.schema.json)');
  const gen = (data.generated ?? {}) as { mutants?: string[]; stepBudget?: number };
  const beside = join(dirname(file), `${basename(file, '.json')}.cards`);
  const extra = o.cards ?? (existsSync(beside) && readdirSync(beside).length ? [beside] : []);
  const pool = loadCardPool(extra.map((x) => resolve(x)));
  const s = loadScenario(file, pool);
  const mutants = o.mutants ?? (gen.mutants ?? []).filter(isMutantName);
  const stepBudget = gen.stepBudget ?? PROPERTY_STEP_BUDGET;
  const run = () => runScenario(s, file, { cards: pool, mutants, stepBudget });
  const r = run();
  const env = { card: cardLookup(pool.all().filter((c) => c.source === 'synthetic')) };
  const meta = r.trace[0];
  const violations = checkAll(applicable('phases', meta?.t === 'meta' ? meta.profile : 'hearthstone'), r.trace, env);
  violations.push(...checkDeterminism(() => run().trace));
  return { violations, ...(r.error ? { error: r.error } : {}) };
}
