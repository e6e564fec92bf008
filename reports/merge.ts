/** Merge shard report folders: their results, deduplicated by case id and sorted. */
import { readResults, type CaseResult } from '../differential/runner.js';
import { InputError } from '../engine/validation.js';
import { existsSync, mkdirSync, readdirSync, copyFileSync } from 'node:fs';
import { join } from 'node:path';

export function mergeResults(dirs: string[]): { results: CaseResult[]; simulator: CaseResult['simulator'] } {
  const byCase = new Map<string, CaseResult>();
  for (const d of dirs) {
    if (!existsSync(join(d, 'results.jsonl'))) throw new InputError(join(d, 'results.jsonl'), '$', 'no results.jsonl in this folder (expected a report folder written by `arbiter run`)');
    for (const r of readResults(d)) byCase.set(r.case, r);
  }
  const results = [...byCase.values()].sort((a, b) => a.case.localeCompare(b.case));
  const sims = new Set(results.map((r) => `${r.simulator.name} ${r.simulator.version}`));
  if (sims.size > 1) throw new InputError(dirs.join(', '), '$', `the shards come from different simulators: ${[...sims].join('; ')}`);
  return { results, simulator: results[0]?.simulator ?? { name: 'unknown', version: '', fidelity: 'final_state' } };
}

/** Bring the shards' trace files (traces/) into the merged folder, so its report shows the trace diffs too. */
export function copyTraces(dirs: string[], out: string): void {
  for (const d of dirs) {
    const from = join(d, 'traces');
    if (!existsSync(from)) continue;
    mkdirSync(join(out, 'traces'), { recursive: true });
    for (const f of readdirSync(from)) copyFileSync(join(from, f), join(out, 'traces', f));
  }
}
