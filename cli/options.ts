/** Options shared by several commands. */
import { Option } from 'commander';
import { resolve } from 'node:path';
import { MUTANTS, PROFILE_MUTANTS, isMutantName, type MutantName } from '../engine/mutants.js';
import { HOST_MUTANTS, isHostMutant, type HostMutant } from '../engine/host/mutants.js';
import { InputError } from '../engine/validation.js';

/** The reference engine's mutants: the Hearthstone ones, then those of the Hearthtop profile. */
const ENGINE_MUTANTS = [...Object.keys(MUTANTS), ...Object.keys(PROFILE_MUTANTS)];

export function mutantOption(): Option {
  return new Option('-m, --mutant <name>', `run the engine with a deliberate rule bug switched on; repeat or comma-separate for several (${Object.keys(MUTANTS).join(', ')}; for Hearthtop games: ${Object.keys(PROFILE_MUTANTS).join(', ')}; for Host scenarios: ${Object.keys(HOST_MUTANTS).join(', ')})`)
    .argParser((v: string, prev: string[] = []) => [...prev, v])
    .default([]);
}

export function parseMutants(list: string[] | undefined): MutantName[] {
  const out: MutantName[] = [];
  for (const m of list ?? []) {
    for (const x of m.split(',').filter(Boolean)) {
      if (!isMutantName(x)) throw new InputError('--mutant', '$', `unknown mutant "${x}" (expected one of: ${ENGINE_MUTANTS.join(', ')})`);
      out.push(x);
    }
  }
  return out;
}

export function cardsOption(more = ''): Option {
  return new Option('--cards <path>', `extra card files or folders to load beside spec/cards (repeatable)${more}`)
    .argParser((v: string, prev: string[] = []) => [...prev, v]);
}

/** Mutants of both kernels: Hearthstone ones for Hearthstone scenarios, host-* ones for Host scenarios. */
export function parseAnyMutants(list: string[] | undefined): { hs: MutantName[]; host: HostMutant[] } {
  const hs: MutantName[] = [];
  const host: HostMutant[] = [];
  for (const m of list ?? []) {
    for (const x of m.split(',').filter(Boolean)) {
      if (isHostMutant(x)) host.push(x);
      else if (isMutantName(x)) hs.push(x);
      else throw new InputError('--mutant', '$', `unknown mutant "${x}" (expected one of: ${[...ENGINE_MUTANTS, ...Object.keys(HOST_MUTANTS)].join(', ')})`);
    }
  }
  return { hs, host };
}

export function hostCardsOption(): Option {
  return new Option('--host-cards <path>', 'extra Host card files or folders beside spec/host/cards, for Host scenarios (repeatable)')
    .argParser((v: string, prev: string[] = []) => [...prev, v]);
}

/**
 * A bundled adapter's command (Arbiter's own process) given the run's card files, so a user's cards are known to it
 * as to the reference side: `--cards` files for the demo, `--host-cards` files for the Host kernel's adapter.
 */
export function withCardFiles(command: readonly string[], flag: '--cards' | '--host-cards', files: readonly string[] = []): string[] {
  return [...command, ...files.flatMap((f) => [flag, resolve(f)])];
}

/**
 * The longest time limit a timer can take (2^31 - 1 ms, about 24.8 days): Node runs a longer one at once, so a larger
 * --timeout would time every case out.
 */
export const MAX_TIMEOUT_MS = 2 ** 31 - 1;

/** A time limit in milliseconds from the command line: a whole number from 1 to MAX_TIMEOUT_MS. */
export function parseMs(flag: string, v: string): number {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1 || n > MAX_TIMEOUT_MS) throw new InputError(flag, '$', `"${v}" is not a whole number of milliseconds from 1 to ${MAX_TIMEOUT_MS}`);
  return n;
}
