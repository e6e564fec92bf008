/**
 * How often attribution names the rule a simulator breaks: every mutant of the reference engine (each breaks one
 * known rule) run as a simulator on every golden case and variant, at each fidelity; prints the share attributed to
 * the mutant's own rule and the misses. `npx tsx scripts/attribution-score.ts [--misses]`
 */
import { loadCardPool } from '../engine/cards/pool.js';
import { MUTANTS, type MutantName } from '../engine/mutants.js';
import { runScenario } from '../engine/scenario/run.js';
import type { Fidelity } from '../engine/trace/format.js';
import { goldenCases } from '../differential/cases.js';
import { comparableFromGame, compareEvents, compareFinal, eventSignature } from '../differential/compare.js';
import { attribute } from '../differential/attribute.js';
import { judgeTrace } from '../differential/judge.js';
import { judgeCase, type CaseResult } from '../differential/runner.js';
import { settleCandidates } from '../differential/consistency.js';
import type { Hello } from '../differential/protocol.js';

const cards = loadCardPool();
const showMisses = process.argv.includes('--misses');
const cases = goldenCases(cards);
const hello: Hello = { type: 'hello', protocol: 'arbiter-adapter/1', name: 'mutant', version: '0', profile: 'hearthstone', fidelity: 'final_state', cards: '*' };
for (const fidelity of ['phases', 'events', 'final_state'] as Fidelity[]) {
  let total = 0;
  let right = 0;
  const misses: string[] = [];
  for (const [m, info] of Object.entries(MUTANTS)) {
    if (m === 'unseeded-random') continue;
    if (fidelity === 'final_state') {
      // The verdict's own path: judged case by case (mutant diagnosis, Step boundaries, partial explanations), then
      // settled over the whole run as `arbiter run` does.
      const results: CaseResult[] = [];
      for (const c of cases) {
        let final;
        try { final = comparableFromGame(runScenario(c.scenario, c.origin, { cards, mutants: [m as MutantName] }).g); } catch { continue; }
        results.push(judgeCase(c, hello, { kind: 'answer', msg: { type: 'result', case: c.id, final }, stderr: '' }, cards).result);
      }
      settleCandidates(results, cases, cards);
      for (const r of results.filter((x) => x.status === 'FAIL')) {
        total++;
        const a = r.attribution;
        if (a?.rule === info.rule) right++;
        else misses.push(`${m} (${info.rule}) ${r.case}: got ${a?.rule} at ${a?.at}: ${a?.step}`);
      }
      continue;
    }
    for (const c of cases) {
      let ref, mut;
      try {
        ref = runScenario(c.scenario, c.origin, { cards });
        mut = runScenario(c.scenario, c.origin, { cards, mutants: [m as MutantName] });
      } catch { continue; }
      const d = compareFinal(comparableFromGame(ref.g), comparableFromGame(mut.g));
      d.push(...compareEvents(eventSignature(ref.trace, fidelity), eventSignature(mut.trace, fidelity)));
      if (!d.length) continue;
      const a = attribute(ref.trace, d, { sim: { trace: mut.trace, fidelity }, breaks: judgeTrace(mut.trace, fidelity) });
      total++;
      if (a?.rule === info.rule) right++;
      else misses.push(`${m} (${info.rule}) ${c.id}: got ${a?.rule} at ${a?.at}: ${a?.step}`);
    }
  }
  console.log(`${fidelity}: ${right}/${total} attributed to the mutant's rule (${((100 * right) / Math.max(1, total)).toFixed(0)}%)`);
  if (showMisses) for (const l of misses) console.log('  ' + l);
}
