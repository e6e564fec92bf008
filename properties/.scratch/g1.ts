import { loadScenario } from '../../engine/scenario/load.js';
import { loadCardPool } from '../../engine/cards/pool.js';
import { runScenario } from '../../engine/scenario/run.js';
import { checkTrace } from '../invariants/index.js';
import { cardLookup } from '../check.js';
import { caseFiles } from '../../golden/suite.js';
const cards = loadCardPool();
let shown = 0;
for (const f of caseFiles()) {
  const s = loadScenario(f, cards);
  const r = runScenario(s, f, { cards, mutants: ['die-at-zero-health'] });
  for (const v of checkTrace(r.trace, { env: { card: cardLookup([]) } })) if ((v.invariant === 'depth-first' || v.invariant === 'queue-order') && shown++ < 4) console.log(s.id, v.invariant, v.path, v.message);
}
