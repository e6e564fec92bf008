/**
 * `arbiter run --resume`: a report folder keeps the results of one run. Its identity (run.json, written when the run
 * starts) is what decides every result: the simulator command, the rule profile, the cases sent (their content, not
 * only their names), the cards, the generated cases' count and seed, the variant and conformance switches, the shard.
 * Resuming with another identity would charge one run's results to another, so it is refused.
 */
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import type { CardPool } from '../engine/state.js';
import type { Case } from '../differential/verdict.js';
import { readResults, RESULTS_FILE } from '../differential/runner.js';
import { InputError } from '../engine/validation.js';
import { readRunInfo, RUN_IDENTITY, type RunInfo } from './merge.js';

const sha = (s: string): string => createHash('sha256').update(s).digest('hex').slice(0, 16);

/** A digest of the cases as they are sent: their ids and scenarios, in id order. */
export function casesDigest(cases: Case[]): string {
  return sha(JSON.stringify([...cases].sort((a, b) => a.id.localeCompare(b.id)).map((c) => [c.id, c.scenario])));
}

/** A digest of the card pool the cases are played with (built-in cards and --cards files). */
export function cardsDigest(cards: CardPool): string {
  return sha(JSON.stringify([...cards.all()].sort((a, b) => a.id.localeCompare(b.id))));
}

/** The fields of run.json that make two runs one run, with the words an error uses for each. */
const IDENTITY: [keyof RunInfo, string][] = [...RUN_IDENTITY.map((f): [keyof RunInfo, string] => [f.key, f.words]), ['shard', 'the shard (--shard)']];

/** What differs between the run a report folder holds and this one, one phrase each (empty: the same run). */
function identityDiff(before: RunInfo, now: RunInfo): string[] {
  const show = (v: unknown): string => (v === undefined ? 'not recorded' : v === null ? 'none' : typeof v === 'object' ? `${(v as { index: number }).index}/${(v as { count: number }).count}` : JSON.stringify(v));
  const generated = before.runs > 0 || now.runs > 0;
  return IDENTITY
    // The seed and --synthetic only shape generated cases: without any, they change nothing.
    .filter(([key]) => generated || (key !== 'seed' && key !== 'synthetic'))
    .filter(([key]) => JSON.stringify(before[key]) !== JSON.stringify(now[key]))
    .map(([key, words]) => `${words}: ${show(before[key])} there, ${show(now[key])} now`);
}

/**
 * Before a resumed run: the folder's results must come from this same run. A folder without results starts afresh; one
 * with results but no run.json, or a run.json of another run, is a usage error naming the folder and what differs.
 */
export function checkResume(dir: string, now: RunInfo): void {
  const held = readResults(dir).length;
  if (!held) return;
  const fix = `use another --out, or drop --resume to start over in ${dir}`;
  const before = readRunInfo(dir);
  if (!before) throw new InputError(dir, '$', `--resume: ${join(dir, RESULTS_FILE)} holds ${held} results but there is no run.json saying which run they come from: ${fix}`);
  const diff = identityDiff(before, now);
  if (diff.length) throw new InputError(dir, '$', `--resume: this folder holds ${held} results of another run (${diff.join('; ')}): ${fix}`);
}
