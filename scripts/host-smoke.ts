/** Run Host scenario files on the Host kernel and print failures (and the trace tree with T=1; mutants with M=a,b). */
import { loadHostScenario, loadHostCards } from '../engine/host/load.js';
import { runHostCase } from '../golden/host.js';
import { traceTree } from '../engine/trace/tree.js';

const cards = loadHostCards();
for (const f of process.argv.slice(2)) {
  const s = loadHostScenario(f, cards);
  let j;
  try { j = runHostCase(s, f, (process.env.M ?? '').split(',').filter(Boolean) as never); } catch (e) { console.log("ERROR", f, (e as Error).message); continue; }
  console.log(j.failures.length ? 'FAIL' : 'PASS', f, j.failures);
  if (process.env.T) console.log(traceTree(j.trace.trim().split('\n').map((l) => JSON.parse(l))));
}
