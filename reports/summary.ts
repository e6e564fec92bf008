/** The numbers of a run: per verdict and per rule. Shared by summary.md, junit.xml, report.html and the CLI. */
import type { CaseResult } from '../differential/runner.js';
import type { Hello } from '../differential/protocol.js';
import type { Verdict } from './expectations.js';

export interface Summary {
  simulator: string;
  total: number;
  pass: number;
  newFail: number;
  newPass: number;
  knownFail: number;
  unsupported: number;
  errors: number;
  verdicts: Record<string, Verdict>;
}

export interface ReportOptions {
  simulator: Pick<Hello, 'name' | 'version' | 'fidelity'>;
  expectationsFile?: string;
  updateExpectations?: boolean;
  command: string;
}

export function summarize(results: CaseResult[], verdicts: Record<string, Verdict>, simulator: string): Summary {
  const s: Summary = { simulator, total: results.length, pass: 0, newFail: 0, newPass: 0, knownFail: 0, unsupported: 0, errors: 0, verdicts };
  for (const r of results) {
    const v = verdicts[r.case]!;
    if (v === 'PASS') s.pass++;
    else if (v === 'NEW FAIL') s.newFail++;
    else if (v === 'NEW PASS') s.newPass++;
    else if (v === 'KNOWN FAIL') s.knownFail++;
    else if (v === 'UNSUPPORTED') s.unsupported++;
    else s.errors++;
  }
  return s;
}

export function summaryLine(s: Summary): string {
  return `${s.simulator}: ${s.total} cases: ${s.pass} pass, ${s.newFail} NEW FAIL, ${s.newPass} NEW PASS, ${s.knownFail} known fail, ${s.unsupported} unsupported, ${s.errors} error`;
}

/** rule → pass / fail / unsupported / error counts, over the rule ids the cases cite. */
export function ruleMatrix(results: CaseResult[]): Map<string, { pass: number; fail: number; unsupported: number; error: number; cases: string[] }> {
  const m = new Map<string, { pass: number; fail: number; unsupported: number; error: number; cases: string[] }>();
  for (const r of results) {
    for (const id of r.rules) {
      const row = m.get(id) ?? { pass: 0, fail: 0, unsupported: 0, error: 0, cases: [] };
      if (r.status === 'PASS') row.pass++;
      else if (r.status === 'FAIL') { row.fail++; row.cases.push(r.case); }
      else if (r.status === 'UNSUPPORTED') row.unsupported++;
      else { row.error++; row.cases.push(r.case); }
      m.set(id, row);
    }
  }
  return new Map([...m.entries()].sort((a, b) => a[0].localeCompare(b[0], 'en', { numeric: true })));
}
