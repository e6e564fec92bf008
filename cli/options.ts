/** Options shared by several commands. */
import { Option } from 'commander';
import { MUTANTS, isMutantName, type MutantName } from '../engine/mutants.js';
import { InputError } from '../engine/validation.js';

export function mutantOption(): Option {
  return new Option('-m, --mutant <name>', `run the engine with a deliberate rule bug switched on; repeat or comma-separate for several (${Object.keys(MUTANTS).join(', ')})`)
    .argParser((v: string, prev: string[] = []) => [...prev, v])
    .default([]);
}

export function parseMutants(list: string[] | undefined): MutantName[] {
  const out: MutantName[] = [];
  for (const m of list ?? []) {
    for (const x of m.split(',').filter(Boolean)) {
      if (!isMutantName(x)) throw new InputError('--mutant', '$', `unknown mutant "${x}" (expected one of: ${Object.keys(MUTANTS).join(', ')})`);
      out.push(x);
    }
  }
  return out;
}

export function cardsOption(): Option {
  return new Option('--cards <path>', 'extra card files or folders to load beside spec/cards (repeatable)')
    .argParser((v: string, prev: string[] = []) => [...prev, v]);
}
