/** `arbiter fuzz --profile host`: the Host fuzzer from the command line; a finding is written as a Host scenario. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadHostCards } from '../engine/host/load.js';
import type { HostMutant } from '../engine/host/mutants.js';
import { hostFuzz } from './host-fuzz.js';
import { hostOracle, hostSize, shrinkHost } from './host-shrink.js';

export function hostFuzzCommand(o: { runs?: number; seed?: number; mutants: HostMutant[]; only?: string[]; outDir?: string; noWrite?: boolean; hostCards?: string[] }, out: (s: string) => void = (s) => process.stdout.write(s)): number {
  const seed = String(o.seed ?? Date.now() % 2_147_483_647);
  const runs = o.runs ?? 1000;
  const cards = loadHostCards(o.hostCards ?? []);
  out(`fuzz --profile host: ${runs} games, seed ${seed}, ${o.mutants.length ? `mutants ${o.mutants.join(', ')}` : 'reference Host kernel'}\n`);
  const t = Date.now();
  const r = hostFuzz(cards, { runs, seed, mutants: o.mutants, ...(o.only ? { only: o.only } : {}) });
  const secs = ((Date.now() - t) / 1000).toFixed(1);
  if (!r.finding) { out(`OK: ${r.runs} games, nothing found (${secs} s)\n`); return 0; }
  const f = r.finding;
  out(`FOUND in game ${f.run} (after ${r.runs} games, ${secs} s):\n`);
  if (f.crash) out(`  the Host kernel failed: ${f.crash}\n`);
  for (const v of f.violations.slice(0, 10)) out(`  - [${v.invariant}, rule ${v.rule}] at ${v.path || 'top level'}: ${v.message}\n`);
  if (!o.noWrite) {
    const dir = o.outDir ?? 'fuzz-out';
    mkdirSync(dir, { recursive: true });
    const rules = [...new Set(f.violations.map((v) => v.rule).filter((x) => x.startsWith('host/')))].concat(f.violations.length ? [] : ['host/32.4']);
    const original = join(dir, `${f.scenario.id}.original.json`);
    writeFileSync(original, JSON.stringify({ ...f.scenario, rules }, null, 2) + '\n');
    // The finding shrunk to a smaller scenario that breaks the same invariant (or crashes the same way).
    const oracle = hostOracle(cards, o.mutants, [...new Set(f.violations.map((v) => v.invariant))], f.crash);
    const small = oracle(f.scenario) ? shrinkHost(f.scenario, oracle) : { scenario: f.scenario, tries: 0 };
    const file = join(dir, `${f.scenario.id}.json`);
    writeFileSync(file, JSON.stringify({ ...small.scenario, rules, title: `generated Host game, shrunk (${small.tries} tries)` }, null, 2) + '\n');
    const a = hostSize(f.scenario), b = hostSize(small.scenario);
    out(`shrunk: ${a.actions} decisions and ${a.cards} set-up cards to ${b.actions} and ${b.cards} (${small.tries} tries)\n`);
    out(`wrote ${file} (replay: arbiter run-scenario ${file}${o.mutants.length ? ` --mutant ${o.mutants.join(',')}` : ''}); the game as found: ${original}\n`);
  }
  return 1;
}
