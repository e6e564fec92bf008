import fc from 'fast-check';
import { generatedCaseArb } from '../arbitraries/generatedCase.js';
import { checkCase } from '../check.js';
const N = Number(process.argv[2] ?? 300);
const seed = Number(process.argv[3] ?? 42);
const mutants = (process.argv[4] ?? '').split(',').filter(Boolean) as never[];
const t0 = performance.now();
const cases = fc.sample(generatedCaseArb({ mutants }), { seed, numRuns: N });
const t1 = performance.now();
console.log('gen ms/case', ((t1 - t0) / cases.length).toFixed(2));
const counts = new Map<string, number>();
let loops = 0, crashes = 0, acts = 0;
const examples = new Map<string, unknown>();
for (const c of cases) {
  const v = checkCase(c, { mutants, determinism: true });
  if (v.crash) { crashes++; if (crashes < 3) console.log('CRASH', v.crash); }
  if (v.loopGuard) loops++;
  acts += c.scenario.actions.length;
  for (const x of v.violations) { const k = x.invariant + ' ' + x.rule; counts.set(k, (counts.get(k) ?? 0) + 1); if (!examples.has(k)) examples.set(k, { x, s: c.scenario.id }); }
}
console.log('check ms/case', ((performance.now() - t1) / cases.length).toFixed(2), 'loops', loops, 'crashes', crashes, 'avg actions', acts / cases.length);
console.log(counts);
for (const [k, e] of examples) console.log(k, JSON.stringify(e).slice(0, 700));
