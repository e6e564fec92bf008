/** `arbiter fuzz --profile host`: the Host fuzzer from the command line; a finding is written as a Host scenario. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadHostCards } from '../engine/host/load.js';
import type { HostMutant } from '../engine/host/mutants.js';
import { hostFuzz } from './host-fuzz.js';
import { hostSize, shrinkHostFinding } from './host-shrink.js';
import { checkOutDir, makeOutDir, unwritten } from './out-dir.js';

export function hostFuzzCommand(o: { runs?: number; seed?: number; mutants: HostMutant[]; only?: string[]; outDir?: string; noWrite?: boolean; hostCards?: string[] }, out: (s: string) => void = (s) => process.stdout.write(s)): number {
  const dir = o.outDir ?? 'fuzz-out';
  // A folder the finding cannot be written to is a usage error before any game is played.
  if (!o.noWrite) checkOutDir(dir);
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
  const mutants = o.mutants.length ? ` --mutant ${o.mutants.join(',')}` : '';
  const extra = `${o.only ? ` --only ${o.only.join(',')}` : ''}${(o.hostCards ?? []).map((p) => ` --host-cards ${p}`).join('')}`;
  out(`seed ${seed}, game ${f.run} (replay: arbiter fuzz --profile host --seed ${seed} --runs ${f.run + 1}${mutants}${extra})\n`);
  if (o.noWrite) return 1;
  const rules = [...new Set(f.violations.map((v) => v.rule).filter((x) => x.startsWith('host/')))].concat(f.violations.length ? [] : ['host/32.4']);
  // The finding shrunk to a smaller scenario that breaks the same invariant (or crashes the same way).
  const small = shrinkHostFinding(f.scenario, cards, o.mutants, [...new Set(f.violations.map((v) => v.invariant))], f.crash);
  const a = hostSize(f.scenario), b = hostSize(small.scenario);
  out(`shrunk: ${a.actions} decisions and ${a.cards} set-up cards to ${b.actions} and ${b.cards} (${small.tries} tries)${small.reference ? '' : '; its script answers choices the reference Host kernel does not ask: it replays with the mutants only'}\n`);
  const original = { ...f.scenario, rules };
  const shrunk = { ...small.scenario, rules, title: `generated Host game, shrunk (${small.tries} tries)` };
  const originalFile = join(dir, `${f.scenario.id}.original.json`);
  const file = join(dir, `${f.scenario.id}.json`);
  try {
    makeOutDir(dir);
    writeFileSync(originalFile, JSON.stringify(original, null, 2) + '\n');
    writeFileSync(file, JSON.stringify(shrunk, null, 2) + '\n');
  } catch (e) {
    // The folder changed while fuzzing (or the disk is full): the finding is printed instead.
    throw unwritten(out, dir, e, [{ name: `the shrunk game (${f.scenario.id}.json)`, data: shrunk }, { name: `the game as found (${f.scenario.id}.original.json)`, data: original }]);
  }
  out(`wrote ${file} (replay: arbiter run-scenario ${file}${mutants}); the game as found: ${originalFile}\n`);
  return 1;
}
