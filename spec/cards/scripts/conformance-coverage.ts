/**
 * How many cards of the pool have a card conformance case whose outcome is stated from the card text (templates,
 * differential/card-text.ts), hand-written (spec/cards/cases/), or only the reference engine's.
 *
 *   npx tsx spec/cards/scripts/conformance-coverage.ts            # the figures
 *   npx tsx spec/cards/scripts/conformance-coverage.ts --list engine   # the cards of one kind (text, partial, hand-written, engine, none)
 */
import { loadCardPool } from '../../../engine/cards/pool.js';
import { conformanceCasesOf } from '../../../differential/conformance.js';

type Kind = 'text' | 'partial' | 'hand-written' | 'engine' | 'none';

const cards = loadCardPool();
const byKind = new Map<Kind, string[]>();
const cases = new Map<string, number>();
for (const c of cards.all().filter((x) => ['minion', 'spell', 'weapon'].includes(x.type)).sort((a, b) => a.id.localeCompare(b.id))) {
  const outcomes = conformanceCasesOf(c, cards).map((k) => String(k.scenario.generated?.outcome ?? 'engine'));
  for (const o of outcomes) cases.set(o, (cases.get(o) ?? 0) + 1);
  const kind: Kind = !outcomes.length ? 'none'
    : outcomes.some((o) => o.includes('hand-written')) ? 'hand-written'
      : outcomes.includes('card text') ? 'text'
        : outcomes.includes('card text (partial)') ? 'partial' : 'engine';
  byKind.set(kind, [...(byKind.get(kind) ?? []), `${c.id} ${c.name}`]);
}

const list = process.argv.indexOf('--list');
if (list >= 0) {
  const kind = process.argv[list + 1] as Kind;
  for (const line of byKind.get(kind) ?? []) console.log(line);
} else {
  const n = (k: Kind) => byKind.get(k)?.length ?? 0;
  const total = [...byKind.values()].reduce((s, x) => s + x.length, 0);
  console.log(`cards (minions, spells, Secrets, weapons, tokens included): ${total}`);
  console.log(`  stated from the card text, every sentence read:  ${n('text')}`);
  console.log(`  stated from the card text, some sentences read:  ${n('partial')}`);
  console.log(`  hand-written (spec/cards/cases/):                ${n('hand-written')}`);
  console.log(`  engine outcome only:                             ${n('engine')}`);
  console.log(`  no conformance case (no legal play on its own):  ${n('none')}`);
  console.log(`with a stated outcome: ${n('text') + n('partial') + n('hand-written')} of ${total}`);
  console.log(`cases by outcome: ${[...cases].sort(([a], [b]) => a.localeCompare(b)).map(([o, k]) => `${o} ${k}`).join(', ')}`);
}
