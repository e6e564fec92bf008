/** `arbiter cards`, `arbiter rules`, `arbiter mutants`: what the suite knows. */
import type { Command } from 'commander';
import { MUTANTS, PROFILE_MUTANTS } from '../engine/mutants.js';
import { HOST_MUTANTS } from '../engine/host/mutants.js';
import { cardsOption } from './options.js';

export function addInfoCommands(program: Command): void {
  program
    .command('cards')
    .description('list the card pool (spec/cards); with --cards, validate a user pool (schema, card references) and list it')
    .addOption(cardsOption())
    .option('--json', 'print as JSON')
    .addHelpText('after', `
A user card file whose id is in spec/cards replaces that card for the run (one notice line names both files).
Examples:
  arbiter cards
  arbiter cards --cards my-patch-cards/        # validate and list a user pool`)
    .action(async (o: { json?: boolean; cards?: string[] }) => {
      const { loadCardPool } = await import('../engine/cards/pool.js');
      const pool = loadCardPool(o.cards ?? []);
      const cards = pool.all().filter((c) => !o.cards?.length || pool.fromUser.has(c.id)).sort((a, b) => a.name.localeCompare(b.name));
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
