/** Merge shard report folders: their results, deduplicated by case id and sorted. */
import { readResultsFile, type CaseResult } from '../differential/runner.js';
import { classifyCardCauses } from '../differential/verdict.js';
import { loadCardPool } from '../engine/cards/pool.js';
import { InputError, readJson } from '../engine/validation.js';
import { existsSync, mkdirSync, readdirSync, copyFileSync } from 'node:fs';
import { LOCK_FILE, readTimings, TIMINGS_FILE, writeFileAtomic } from './files.js';
import { join } from 'node:path';

export function mergeResults(dirs: string[]): { results: CaseResult[]; simulator: CaseResult['simulator'] } {
  const byCase = new Map<string, CaseResult>();
  const seenIn = new Map<string, string>();
  for (const d of dirs) {
    const file = join(d, 'results.jsonl');
    if (!existsSync(file)) throw new InputError(file, '$', 'no results.jsonl in this folder (expected a report folder written by `arbiter run`)');
    const info = readRunInfo(d);
    const shard = info?.shard ? ` --shard ${info.shard.index}/${info.shard.count}` : '';
    const finish = `finish it with the same \`arbiter run ...${shard} --out ${d} --resume\`, then merge`;
    if (info?.results === undefined) throw new InputError(join(d, 'run.json'), '$.results', `missing: the run of this shard did not finish (it was cut short, or is still running)${existsSync(join(d, LOCK_FILE)) ? `: its folder is still locked (${LOCK_FILE})` : ''}; ${finish}`);
    const { results, dropped } = readResultsFile(d);
    if (results.length !== info.results) throw new InputError(file, '$', `holds ${results.length} result(s) where the run wrote ${info.results}${dropped ? ` (${dropped} line(s) are no result: cut short or changed)` : ''}: the file was cut short or changed since; ${finish}`);
    for (const r of results) {
      const other = seenIn.get(r.case);
      if (other !== undefined) throw new InputError(file, '$', `case ${r.case} has a result in this shard and in ${other}: each case belongs to one shard of a run (a shard given twice, or a results.jsonl changed since)`);
      seenIn.set(r.case, d);
      byCase.set(r.case, r);
    }
  }
  const results = [...byCase.values()].sort((a, b) => a.case.localeCompare(b.case));
  // A card's conformance case may have run in another shard than the cases that use the card.
  classifyCardCauses(results, loadCardPool());
  const sims = new Set(results.map((r) => `${r.simulator.name} ${r.simulator.version}`));
  if (sims.size > 1) throw new InputError(dirs.join(', '), '$', `the shards come from different simulators: ${[...sims].join('; ')}`);
  return { results, simulator: results[0]?.simulator ?? { name: 'unknown', version: '', fidelity: 'final_state' } };
}

/** Bring the shards' trace files (traces/) into the merged folder, so its report shows the trace diffs too; and
 * their timings (junit.xml's `time`). */
export function copyTraces(dirs: string[], out: string): void {
  const times = new Map<string, number>();
  for (const d of dirs) for (const [c, ms] of readTimings(d)) times.set(c, ms);
  if (times.size) writeFileAtomic(join(out, TIMINGS_FILE), [...times].sort(([a], [b]) => a.localeCompare(b)).map(([c, ms]) => JSON.stringify({ case: c, ms })).join('\n') + '\n');
  for (const d of dirs) {
    const from = join(d, 'traces');
    if (!existsSync(from)) continue;
    mkdirSync(join(out, 'traces'), { recursive: true });
    // Only plain trace files of the shard's own traces/ folder are copied (no links, nothing from elsewhere).
    for (const e of readdirSync(from, { withFileTypes: true })) if (e.isFile() && e.name.endsWith('.jsonl')) copyFileSync(join(from, e.name), join(out, 'traces', e.name));
  }
}

/** What a run was (written as run.json in its report folder), so shards can be merged with the same settings. */
export interface RunInfo {
  command: string;
  expectations: string | null;
  shard: { index: number; count: number } | null;
  runs: number;
  seed: string;
  cases: number;
  /** The rest of the run's identity (reports/resume.ts); absent in folders written before it was recorded. */
  profile?: string;
  /** A digest of the cases sent (ids and scenarios). */
  casesDigest?: string;
  /** A digest of the card pool (built-in cards and --cards files). */
  cardsDigest?: string;
  synthetic?: boolean;
  variants?: boolean;
  conformance?: boolean;
  /** The card files the run was given (--cards), resolved to absolute paths: \`arbiter repro\` loads them by default. */
  cardFiles?: string[];
  /**
   * The number of results the run wrote to results.jsonl, recorded once it finished: absent while it runs, and in a
   * run cut short (killed), which `merge` then refuses.
   */
  results?: number;
}

/**
 * The fields of run.json that make two runs one run (a resumed run, reports/resume.ts) and shards of one run (merge),
 * with their JSON type, whether a run.json written before the field was recorded may lack it, and the words an error
 * uses for it. The baseline (`expectations`) and the shard are checked on their own.
 */
export const RUN_IDENTITY: readonly { key: Exclude<keyof RunInfo, 'expectations' | 'shard'>; type: 'string' | 'number' | 'boolean'; required: boolean; words: string }[] = [
  { key: 'command', type: 'string', required: true, words: 'the simulator command (--sim)' },
  { key: 'profile', type: 'string', required: false, words: 'the rule profile (--profile)' },
  { key: 'casesDigest', type: 'string', required: false, words: 'the cases (--cases files, or the golden cases of this version)' },
  { key: 'cases', type: 'number', required: true, words: 'the number of cases' },
  { key: 'cardsDigest', type: 'string', required: false, words: 'the cards (--cards)' },
  { key: 'runs', type: 'number', required: true, words: 'the generated cases (--runs)' },
  { key: 'seed', type: 'string', required: true, words: 'the seed of the generated cases (--seed)' },
  { key: 'synthetic', type: 'boolean', required: false, words: 'synthetic cards in generated cases (--synthetic)' },
  { key: 'variants', type: 'boolean', required: false, words: 'the sent variants (--no-variants)' },
  { key: 'conformance', type: 'boolean', required: false, words: 'the card conformance cases (--no-conformance)' },
];

export function writeRunInfo(dir: string, info: RunInfo): void {
  mkdirSync(dir, { recursive: true });
  writeFileAtomic(join(dir, 'run.json'), JSON.stringify(info, null, 2) + '\n');
}

/**
 * The simulator command a run used (its run.json, read by readRunInfo), or null: no run.json, or a run of a built-in
 * simulator, whose command is written as a description in brackets.
 */
export function runCommand(info: RunInfo | null): string | null {
  const c = info?.command;
  return c && !c.startsWith('(') ? c : null;
}

export function readRunInfo(dir: string): RunInfo | null {
  const f = join(dir, 'run.json');
  if (!existsSync(f)) return null;
  const data = readJson(f);
  if (!data || typeof data !== 'object' || Array.isArray(data)) throw new InputError(f, '$', 'expected the object `arbiter run` writes (command, expectations, shard, runs, seed, cases)');
  const i = data as Record<string, unknown>;
  for (const { key, type, required } of RUN_IDENTITY) {
    if ((required || i[key] !== undefined) && typeof i[key] !== type) throw new InputError(f, `$.${key}`, `expected a ${type}`);
  }
  if (i.expectations !== null && typeof i.expectations !== 'string') throw new InputError(f, '$.expectations', 'expected a string or null');
  if (i.results !== undefined && !(Number.isInteger(i.results) && (i.results as number) >= 0)) throw new InputError(f, '$.results', 'expected the number of results the run wrote');
  if (i.cardFiles !== undefined && (!Array.isArray(i.cardFiles) || i.cardFiles.some((x) => typeof x !== 'string'))) throw new InputError(f, '$.cardFiles', 'expected an array of card file or folder paths');
  const sh = i.shard as { index?: unknown; count?: unknown } | null;
  if (sh !== null && (typeof sh !== 'object' || !Number.isInteger(sh.index) || !Number.isInteger(sh.count))) throw new InputError(f, '$.shard', 'expected null or {"index": i, "count": n}');
  return data as RunInfo;
}

/** The shards must be one run split i/n: the same command, baseline, cases, cards and switches, and every shard 1..n exactly once. */
export function checkShards(dirs: string[]): RunInfo {
  const infos = dirs.map((d) => {
    const i = readRunInfo(d);
    if (!i) throw new InputError(join(d, 'run.json'), '$', 'missing: not a report folder written by `arbiter run`');
    return i;
  });
  const first = infos[0]!;
  infos.forEach((i, k) => {
    for (const key of ['expectations', ...RUN_IDENTITY.map((f) => f.key)] as const) {
      if (JSON.stringify(i[key]) !== JSON.stringify(first[key])) throw new InputError(join(dirs[k]!, 'run.json'), `$.${key}`, `${JSON.stringify(i[key])} differs from ${JSON.stringify(first[key])} in ${dirs[0]}: these are not shards of one run`);
    }
  });
  const sharded = infos.filter((i) => i.shard);
  if (sharded.length) {
    const n = sharded[0]!.shard!.count;
    const seen = new Map<number, string>();
    infos.forEach((i, k) => {
      if (!i.shard || i.shard.count !== n) throw new InputError(join(dirs[k]!, 'run.json'), '$.shard', `expected a shard i/${n}`);
      if (seen.has(i.shard.index)) throw new InputError(join(dirs[k]!, 'run.json'), '$.shard', `shard ${i.shard.index}/${n} is also ${seen.get(i.shard.index)}`);
      seen.set(i.shard.index, dirs[k]!);
    });
    const missing = Array.from({ length: n }, (_, k) => k + 1).filter((k) => !seen.has(k));
    if (missing.length) throw new InputError(dirs.join(', '), '$', `shard(s) ${missing.map((k) => `${k}/${n}`).join(', ')} missing`);
  }
  return { ...first, shard: null };
}
