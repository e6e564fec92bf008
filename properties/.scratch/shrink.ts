import fc from 'fast-check';
import { generatedCaseArb } from '../arbitraries/generatedCase.js';
import { checkCase } from '../check.js';
import { KILLS } from '../kills.js';
import { sizeOf, sizeText } from '../size.js';
const only = process.argv[2];
for (const [m, inv] of Object.entries(KILLS)) {
  if (only && m !== only) continue;
  const mutants = [m] as never[];
  let calls = 0;
  const t = performance.now();
  const r = fc.check(fc.property(generatedCaseArb({ mutants }), (gc) => { calls++; return checkCase(gc, { mutants, only: inv }).violations.length === 0; }), { seed: 20251121, numRuns: 3000, interruptAfterTimeLimit: 20000 });
  const ms = performance.now() - t;
  if (!r.failed) { console.log(m, 'NOT FOUND', calls, ms.toFixed(0)); continue; }
  const gc = r.counterexample![0];
  const v = checkCase(gc, { mutants, only: inv }).violations[0];
  console.log(m, 'found at run', r.numRuns, 'shrinks', r.numShrinks, 'calls', calls, ms.toFixed(0) + 'ms', r.interrupted ? 'INTERRUPTED' : '', '|', sizeText(sizeOf(gc)), '|', v?.message.slice(0, 160));
}
