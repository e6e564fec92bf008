/**
 * `arbiter run --profile host`: the Host golden cases (or --cases Host files) against a Host simulator's adapter. The
 * report folder is the shared one (reports/): results.jsonl, summary.md, summary-short.md, junit.xml and report.html,
 * with a baseline of known failures (--expectations; only a NEW FAIL, an ERROR or a LOST case fails the run).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseMs, withCardFiles } from './options.js';
import { ROOT, InputError, readJson } from '../engine/validation.js';
import { isHostScenario, loadHostCards, loadHostScenario } from '../engine/host/load.js';
import { simCommand } from '../differential/adapter-process.js';
import { runHostDifferential } from '../differential/host-runner.js';
import { CASES_DIR, caseFiles } from '../golden/suite.js';
import { lockOutDir } from '../reports/files.js';
import { runFails } from './exit-code.js';
import { adapterOutputNotice, perRuleTable, showControls, summaryLine, writeReports } from '../reports/write.js';
import { writeRunInfo } from '../reports/merge.js';
import { generatedHostScenarios } from '../properties/host-fuzz.js';
import { scenarioFiles } from './scenario-files.js';

export const HOST_REFERENCE_COMMAND = [process.execPath, join(ROOT, 'bin', 'arbiter.mjs'), 'adapter', '--profile', 'host'];

export async function runHost(o: { sim?: string; cases?: string[]; hostCards?: string[]; runs?: string; seed?: string; timeout: string; startTimeout?: string; out: string; expectations?: string; updateExpectations?: boolean; allowLost?: boolean }): Promise<number> {
  // The default simulator is Arbiter's own process: it gets the run's --host-cards files, so a user's Host cards are
  // known to it as to the reference side.
  const command = o.sim !== undefined ? simCommand(o.sim) : withCardFiles(HOST_REFERENCE_COMMAND, '--host-cards', o.hostCards);
  const timeoutMs = parseMs('--timeout', o.timeout);
  const startTimeoutMs = o.startTimeout ? parseMs('--start-timeout', o.startTimeout) : 30_000;
  if (o.updateExpectations && !o.expectations) throw new InputError('--update-expectations', '$', 'needs --expectations <file> (where to write the baseline)');
  if (o.expectations && !o.updateExpectations && !existsSync(o.expectations)) throw new InputError(o.expectations, '$', 'no such baseline file (write one with --update-expectations)');
  const cards = loadHostCards(o.hostCards ?? []);
  const files = o.cases ? scenarioFiles(o.cases) : caseFiles(CASES_DIR, 'host');
  // A file that cannot be read or parsed says so (readJson) before its profile is looked at.
  for (const f of files) if (!isHostScenario(readJson(f))) throw new InputError(f, '$.profile', 'with --profile host every case is a Host scenario ("profile": "host")');
  const runs = Number(o.runs ?? '0');
  if (!Number.isInteger(runs) || runs < 0) throw new InputError('--runs', '$', `"${o.runs}" is not a whole number >= 0`);
  const seed = o.seed ?? '1';
  // Generated Host games (properties/host-fuzz.ts) follow the case files, each judged like them.
  const cases = [
    ...files.map((file) => { const scenario = loadHostScenario(file, cards); return { id: scenario.id, file, scenario }; }),
    ...generatedHostScenarios(cards, runs, seed).map((scenario) => ({ id: scenario.id, file: `generated:${seed}`, scenario })),
  ];
  const unlock = lockOutDir(o.out);
  const { results, shared, hello } = await runHostDifferential({ command, cases, cards, timeoutMs, startTimeoutMs, outDir: o.out });
  const commandText = o.sim ?? '(the Host kernel\'s own adapter)';
  // What ran, as `arbiter run` writes it: `report issue` and `repro` take the simulator command from it.
  writeRunInfo(o.out, { command: commandText, expectations: o.expectations ?? null, shard: null, runs, seed, cases: cases.length, profile: 'host' });
  const summary = writeReports(o.out, shared, { simulator: hello, expectationsFile: o.expectations, updateExpectations: o.updateExpectations, command: commandText });
  unlock();
  for (const r of results) {
    const v = summary.verdicts[r.case];
    process.stdout.write(showControls(`${r.status.padEnd(11)} ${r.case}${r.rule ? `  [rule ${r.rule}]` : ''}${v === 'KNOWN FAIL' ? '  (known: in the baseline)' : ''}${r.detail ? `  ${r.detail}` : ''}\n`));
    for (const x of r.violations.slice(0, 2)) process.stdout.write(showControls(`            invariant ${x.invariant} (rule ${x.rule}): ${x.message}\n`));
    for (const d of r.divergences.slice(0, 3)) process.stdout.write(showControls(`            ${d}\n`));
  }
  const n = (s: string) => results.filter((r) => r.status === s).length;
  process.stdout.write(showControls(`${perRuleTable(shared)}\nhost: ${results.length} cases: ${n('PASS')} pass, ${n('FAIL')} fail, ${n('UNSUPPORTED')} unsupported, ${n('ERROR')} error\n${summaryLine(summary)}\nreport: ${o.out}/ (summary.md, results.jsonl, junit.xml, report.html)\n`));
  const notice = adapterOutputNotice(shared);
  if (notice) process.stderr.write(showControls(`arbiter: notice: ${notice}\n`));
  if (o.updateExpectations) { process.stdout.write(showControls(`baseline written: ${o.expectations}\n`)); return 0; }
  return runFails(summary, o.allowLost) ? 1 : 0;
}
