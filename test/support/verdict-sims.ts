/**
 * Shared by the differential verdict tests (test/verdicts.test.ts, test/verdict-repros.test.ts): the simulators they
 * run against and the commands in process.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../../engine/validation.js';
import type { CaseResult } from '../../differential/runner.js';
import { runCli } from './capture.js';

/** test/fixtures/fake-sim.mjs: the reference adapter with one deliberate difference (`mode`). */
export const fake = (mode: string, ...adapterArgs: string[]) => `${process.execPath} ${join(ROOT, 'test', 'fixtures', 'fake-sim.mjs')} ${mode}${adapterArgs.length ? ` -- ${adapterArgs.join(' ')}` : ''}`;
/** The reference engine's adapter with these mutants. */
export const mutant = (...m: string[]) => `${process.execPath} ${join(ROOT, 'bin', 'arbiter.mjs')} adapter ${m.map((x) => `--mutant ${x}`).join(' ')}`;
export const results = (dir: string): CaseResult[] => readFileSync(join(dir, 'results.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as CaseResult);
export const golden = (id: string) => join(ROOT, 'golden', 'cases', `${id}.json`);
/**
 * A command in process (test/support/capture.ts): the simulator is still a child process through its adapter.
 * (`repro` and `report issue` end to end: test/repro-cli.test.ts, test/host-cli.test.ts.)
 */
export const cli = (...args: string[]) => runCli(args);
