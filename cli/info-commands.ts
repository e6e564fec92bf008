/** `arbiter cards`, `arbiter rules`, `arbiter mutants`: what the suite knows. */
import type { Command } from 'commander';
import { MUTANTS, PROFILE_MUTANTS } from '../engine/mutants.js';
import { HOST_MUTANTS } from '../engine/host/mutants.js';
import { cardsOption } from './options.js';
import { setExitCode } from './exit-code.js';
import type { CardPool } from '../engine/state.js';
import type { CardDef } from '../engine/cards/format.js';

export function addInfoCommands(program: Command): void {
  program
    .command('cards')
    .description('list the card pool (spec/cards); with --cards, validate a user pool (schema, card references) and list it; with --check, check that each card does what its text says')
    .addOption(cardsOption())
    .option('--json', 'print as JSON')
    .option('--check', "run each card's conformance cases on the reference engine (played, killed, at exactly its cost, in the contexts its text reads) against the outcome its text and data state; with --cards, the user's cards only")
    .addHelpText('after', `
A user card file whose id is in spec/cards replaces that card for the run (one notice line names both files).
--check exits 1 when a card's data does not do what its text says (each failing case is listed), 0 when every case holds.
Examples:
  arbiter cards
  arbiter cards --cards my-patch-cards/        # validate and list a user pool
  arbiter cards --check --cards my-patch-cards/   # and check that each of its cards does what its text says: exit 0`)
    .action(async (o: { json?: boolean; cards?: string[]; check?: boolean }) => {
      const { loadCardPool } = await import('../engine/cards/pool.js');
      const pool = loadCardPool(o.cards ?? []);
      const cards = pool.all().filter((c) => !o.cards?.length || pool.fromUser.has(c.id)).sort((a, b) => a.name.localeCompare(b.name));
      if (o.check) { await checkCards(pool, cards, !!o.json); return; }
      if (o.json) process.stdout.write(JSON.stringify(cards, null, 2) + '\n');
      else process.stdout.write(cards.map((c) => `${c.id.padEnd(12)} ${c.type.padEnd(11)} ${c.name}${c.token ? ' (token)' : ''}`).join('\n') + `\n${cards.length} cards${o.cards?.length ? ' in the user pool (valid)' : ''}\n`);
    });
  program
    .command('rules')
    .description('list the rule catalog (spec/rules.json): rule id, title, source')
    .action(async () => {
      const { ruleCatalog } = await import('../engine/rules.js');
      for (const r of ruleCatalog().values()) process.stdout.write(`${r.id.padEnd(16)} ${r.title}  [${r.source}]\n`);
    });
  program
    .command('mutants')
    .description('list the mutants: deliberate rule bugs the engine can switch on')
    .action(() => {
      for (const [k, v] of Object.entries({ ...MUTANTS, ...HOST_MUTANTS })) process.stdout.write(`${k.padEnd(32)} rule ${v.rule.padEnd(13)} ${v.text}\n`);
      for (const [k, v] of Object.entries(PROFILE_MUTANTS)) process.stdout.write(`${k.padEnd(32)} rule ${v.rule.padEnd(13)} (profile ${v.profile}) ${v.text}\n`);
    });
}

/**
 * `arbiter cards --check`: every card's conformance cases (differential/conformance.ts) judged on the reference
 * engine against their stated outcome (the card text's templates, hand-written overlays, the card's cost) and the
 * trace invariants, as the differential runner would expect a simulator to match them. Exit 1 when one fails.
 */
async function checkCards(pool: CardPool, cards: readonly CardDef[], json: boolean): Promise<void> {
  const [{ conformanceCasesOf }, { judgeScenario }, { traceJudge }] = await Promise.all([
    import('../differential/conformance.js'), import('../engine/scenario/judge.js'), import('../properties/invariants/index.js'),
  ]);
  const failed: { case: string; card: string; failures: string[] }[] = [];
  const none: string[] = [];
  let n = 0;
  for (const c of cards) {
    const cs = conformanceCasesOf(c, pool);
    if (!cs.length) { if (['minion', 'spell', 'weapon', 'secret'].includes(c.type)) none.push(c.id); continue; }
    for (const k of cs) {
      n++;
      const j = judgeScenario(k.scenario, k.id, pool, { invariants: traceJudge });
      if (j.failures.length) failed.push({ case: k.id, card: c.id, failures: j.failures });
    }
  }
  if (json) process.stdout.write(JSON.stringify({ cards: cards.length, cases: n, failed, noCase: none }, null, 2) + '\n');
  else {
    for (const f of failed) process.stdout.write(`FAIL ${f.case} (${f.card})\n${f.failures.map((x) => `  - ${x}\n`).join('')}`);
    process.stdout.write(`${cards.length} cards, ${n} conformance cases: ${n - failed.length} hold, ${failed.length} fail${none.length ? `; ${none.length} card(s) cannot be played on a quiet board and have no case (${none.slice(0, 5).join(', ')}${none.length > 5 ? ', …' : ''})` : ''}\n`);
  }
  setExitCode(failed.length ? 1 : 0);
}
