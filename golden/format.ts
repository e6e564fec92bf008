/** The golden suite's results as text: one line per scenario, failures and diffs under it, a closing count. */
import { summarize, type GoldenResult } from './suite.js';

/** How each status is shown (golden verify, run-scenario). */
export const LABEL: Record<GoldenResult['status'], string> = { pass: 'PASS', fail: 'FAIL', 'expected-fail': 'XFAIL', 'unexpected-pass': 'XPASS', error: 'ERROR' };

export function formatGolden(results: GoldenResult[], opts: { diffLines?: number } = {}): string {
  const out: string[] = [];
  for (const r of results) {
    out.push(`${LABEL[r.status].padEnd(5)} ${r.id}  [rules ${r.rules.join(', ')}]${r.status === 'expected-fail' && r.reason ? `  (${r.reason})` : ''}`);
    if (r.status === 'fail' || r.status === 'error' || r.status === 'unexpected-pass') {
      for (const f of r.failures) out.push(`        - ${f}`);
      if (r.diff) {
        const lines = r.diff.split('\n');
        const max = opts.diffLines ?? 40;
        out.push(...lines.slice(0, max).map((l) => `        ${l}`));
        if (lines.length > max) out.push(`        ... (${lines.length - max} more diff lines)`);
      }
    }
  }
  const c = summarize(results);
  out.push('');
  out.push(`golden: ${results.length} scenarios: ${c.pass} pass, ${c['expected-fail']} expected-fail, ${c['unexpected-pass']} unexpected pass, ${c.fail} fail, ${c.error} error`);
  return out.join('\n') + '\n';
}
