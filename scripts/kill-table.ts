/**
 * The mutant-kill table for properties/README.md: for each mutant, the invariants that kill it on generated cases
 * (with the shrunk size), the golden cases whose stated outcome fails with it, and the golden cases whose trace
 * breaks an invariant with it. `npx tsx scripts/kill-table.ts` (`npx tsx scripts/kill-table.ts <mutant>...`: only their rows)
 */
import { MUTANTS, type CoreMutantName } from '../engine/mutants.js';
import { loadCardPool } from '../engine/cards/pool.js';
import { loadScenario, orderings } from '../engine/scenario/load.js';
import { runScenario } from '../engine/scenario/run.js';
import { caseFiles, runCase } from '../golden/suite.js';
import { checkTrace } from '../properties/invariants/index.js';
import { cardLookup } from '../properties/check.js';
import { huntMutant } from '../properties/hunt.js';

const cards = loadCardPool();
const env = { card: cardLookup([]) };
const scenarios = caseFiles().map((f) => ({ f, s: loadScenario(f, cards) })).filter(({ s }) => s.status !== 'expected-fail');
const list = (xs: string[], n = 3) => (xs.length ? `${xs.length}: ${xs.slice(0, n).join(', ')}${xs.length > n ? ', …' : ''}` : '—');

const rows: string[] = [];
const only = process.argv.slice(2);
for (const m of (Object.keys(MUTANTS) as CoreMutantName[]).filter((x) => !only.length || only.includes(x))) {
  const h = huntMutant(m, { numRuns: 2000 });
  const stated: string[] = [];
  const byInvariant = new Map<string, string[]>();
  for (const { f, s } of scenarios) {
    try { if (runCase(s, f, cards, [m]).failures.some((x) => !x.startsWith('invariant '))) stated.push(s.id); } catch { stated.push(`${s.id} (engine error)`); }
    const orders = s.allOrders && s.allOrders.length > 1 ? orderings(s.allOrders).map((o) => [...(s.setup.order ?? []).filter((l) => !o.includes(l)), ...o]) : [undefined];
    for (const order of orders) {
      let trace;
      try { trace = runScenario(s, f, { cards, mutants: [m], ...(order ? { order } : {}) }).trace; } catch { continue; }
      for (const v of checkTrace(trace, { env })) {
        const l = byInvariant.get(v.invariant) ?? [];
        if (!l.includes(s.id)) l.push(s.id);
        byInvariant.set(v.invariant, l);
      }
    }
  }
  const gen = h.found ? `${[...new Set(h.violations.map((v) => v.invariant))].join(', ')} (case ${h.runs})` : `not found in ${h.runs}`;
  const size = h.size ? `${h.size.minions} minion${h.size.minions === 1 ? '' : 's'}, ${h.size.actions} action${h.size.actions === 1 ? '' : 's'}` : '—';
  const goldInv = [...byInvariant].map(([k, v]) => `${k} (${v.length})`).join(', ') || '—';
  rows.push(`| \`${m}\` | ${MUTANTS[m].rule} | ${gen} | ${size} | ${goldInv} | ${list(stated)} |`);
  process.stderr.write(`${m} done\n`);
}
process.stdout.write([
  '| mutant | rule | killed on generated cases by (first failing case) | shrunk to | invariants it breaks on golden traces (cases) | golden cases whose stated outcome fails |',
  '|---|---|---|---|---|---|',
  ...rows,
].join('\n') + '\n');
