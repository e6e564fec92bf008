import { loadHostCards, loadHostScenario } from '../engine/host/load.js';
import { judgeHostScenario } from '../engine/host/judge.js';
import { traceTree } from '../engine/trace/tree.js';
const cards = loadHostCards();
for (const f of process.argv.slice(2)) {
  const s = loadHostScenario(f, cards);
  const j = judgeHostScenario(s, f, cards, { mutants: (process.env.M ?? '').split(',').filter(Boolean) as never });
  console.log(f, j.failures.length ? 'FAIL' : 'PASS', j.failures);
  if (process.env.T) console.log(traceTree(j.trace.trim().split('\n').map((l) => JSON.parse(l))));
}
