/** `arbiter fuzz --profile host`: the Host fuzzer from the command line; a finding is written as a Host scenario. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadHostCards } from '../engine/host/load.js';
import type { HostMutant } from '../engine/host/mutants.js';
import { hostFuzz } from './host-fuzz.js';

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
    const file = join(dir, `${f.scenario.id}.json`);
    writeFileSync(file, JSON.stringify({ ...f.scenario, rules: [...new Set(f.violations.map((v) => v.rule).filter((x) => x.startsWith('host/')))].concat(f.violations.length ? [] : ['host/32.4']) }, null, 2) + '\n');
    out(`wrote ${file} (replay: arbiter run-scenario ${file}${o.mutants.length ? ` --mutant ${o.mutants.join(',')}` : ''})\n`);
  }
  return 1;
}
