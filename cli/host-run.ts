/** `arbiter run --profile host`: the Host golden cases (or --cases Host files) against a Host simulator's adapter. */
import { join } from 'node:path';
import { ROOT, InputError } from '../engine/validation.js';
import { loadHostCards, loadHostScenario } from '../engine/host/load.js';
import { simCommand } from '../differential/adapter-process.js';
import { runHostDifferential } from '../differential/host-runner.js';
import { CASES_DIR, caseFiles, profileOf } from '../golden/suite.js';
import { scenarioFiles } from './scenario-files.js';

export const HOST_REFERENCE_COMMAND = [process.execPath, join(ROOT, 'bin', 'arbiter.mjs'), 'adapter', '--profile', 'host'];

export async function runHost(o: { sim?: string; cases?: string[]; hostCards?: string[]; timeout: string; startTimeout?: string; out: string }): Promise<number> {
  const command = o.sim !== undefined ? simCommand(o.sim) : HOST_REFERENCE_COMMAND;
  const timeoutMs = Number(o.timeout);
  if (!Number.isInteger(timeoutMs) || timeoutMs < 1) throw new InputError('--timeout', '$', `"${o.timeout}" is not a whole number of milliseconds >= 1`);
  const cards = loadHostCards(o.hostCards ?? []);
  const files = o.cases ? scenarioFiles(o.cases) : caseFiles(CASES_DIR, 'host');
  for (const f of files) if (profileOf(f) !== 'host') throw new InputError(f, '$.profile', 'with --profile host every case is a Host scenario ("profile": "host")');
  const cases = files.map((file) => { const scenario = loadHostScenario(file, cards); return { id: scenario.id, file, scenario }; });
  const results = await runHostDifferential({ command, cases, cards, timeoutMs, startTimeoutMs: o.startTimeout ? Number(o.startTimeout) : 30_000, outDir: o.out });
  for (const r of results) {
    process.stdout.write(`${r.status.padEnd(11)} ${r.case}${r.rule ? `  [rule ${r.rule}]` : ''}${r.detail ? `  ${r.detail}` : ''}\n`);
    for (const v of r.violations.slice(0, 2)) process.stdout.write(`            invariant ${v.invariant} (rule ${v.rule}): ${v.message}\n`);
    for (const d of r.divergences.slice(0, 3)) process.stdout.write(`            ${d}\n`);
  }
  const n = (s: string) => results.filter((r) => r.status === s).length;
  process.stdout.write(`host: ${results.length} cases: ${n('PASS')} pass, ${n('FAIL')} fail, ${n('UNSUPPORTED')} unsupported, ${n('ERROR')} error\nreport: ${o.out}/ (summary.md, results.jsonl)\n`);
  return n('FAIL') + n('ERROR') > 0 ? 1 : 0;
}
