/** `arbiter cards`, `arbiter rules`, `arbiter mutants`: what the suite knows. */
import type { Command } from 'commander';
import { loadCardPool } from '../engine/cards/pool.js';
import { ruleCatalog } from '../engine/rules.js';
import { MUTANTS } from '../engine/mutants.js';

export function addInfoCommands(program: Command): void {
  program
    .command('cards')
    .description('list the card pool (spec/cards), validated against spec/schema/card.schema.json')
    .option('--json', 'print as JSON')
    .action((o: { json?: boolean }) => {
      const cards = loadCardPool().all().sort((a, b) => a.name.localeCompare(b.name));
      if (o.json) process.stdout.write(JSON.stringify(cards, null, 2) + '\n');
      else process.stdout.write(cards.map((c) => `${c.id.padEnd(12)} ${c.type.padEnd(11)} ${c.name}${c.token ? ' (token)' : ''}`).join('\n') + `\n${cards.length} cards\n`);
    });
  program
    .command('rules')
    .description('list the rule catalog (spec/rules.json): rule id, title, source')
    .action(() => {
      for (const r of ruleCatalog().values()) process.stdout.write(`${r.id.padEnd(16)} ${r.title}  [${r.source}]\n`);
    });
  program
    .command('mutants')
    .description('list the mutants: deliberate rule bugs the engine can switch on')
    .action(() => {
      for (const [k, v] of Object.entries(MUTANTS)) process.stdout.write(`${k.padEnd(32)} rule ${v.rule.padEnd(13)} ${v.text}\n`);
    });
}
