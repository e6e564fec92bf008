/**
 * How often a run's verdicts agree with the hand check of real simulators (docs/simulators-handcheck.json): for every
 * FAIL the hand check lists, is the cause right, and for a `rule` FAIL is the attributed rule one the hand check
 * names? (A case the hand check gives both a card and a rule cause counts as a rule FAIL when the run says rule.) Prints per report folder the shares, the disagreements, FAILs the hand check does not list (to be checked)
 * and hand-checked FAILs the run no longer has.
 * `npx tsx scripts/handcheck-score.ts <report folder>...`
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { readResults } from '../differential/runner.js';

type Cause = 'rule' | 'card' | 'assumption';
interface Check { cause: Cause | Cause[]; rules?: string[]; card?: string; why?: string }
const file = fileURLToPath(new URL('../docs/simulators-handcheck.json', import.meta.url));
const hand = (JSON.parse(readFileSync(file, 'utf8')) as { simulators: Record<string, Record<string, Check>> }).simulators;

const dirs = process.argv.slice(2);
if (!dirs.length) { console.error('usage: npx tsx scripts/handcheck-score.ts <report folder>...'); process.exit(2); }
let allRule = 0, allRuleRight = 0, allFail = 0, allCauseRight = 0;
for (const dir of dirs) {
  const results = readResults(dir).filter((r) => r.status === 'FAIL');
  const sim = results[0]?.simulator.name ?? '?';
  const checks = hand[sim] ?? {};
  let rule = 0, ruleRight = 0, causeRight = 0, listed = 0;
  const wrong: string[] = [];
  const unchecked: string[] = [];
  for (const r of results) {
    const h = checks[r.case];
    if (!h) { unchecked.push(`${r.case}: ${r.cause} ${r.attribution?.rule ?? '-'}`); continue; }
    listed++;
    const causes = Array.isArray(h.cause) ? h.cause : [h.cause];
    const causeOk = causes.includes(r.cause!);
    if (causeOk) causeRight++;
    if (causes.includes('rule') && (r.cause === 'rule' || causes.length === 1)) {
      rule++;
      if (causeOk && h.rules!.includes(r.attribution?.rule ?? '')) ruleRight++;
      else wrong.push(`${r.case}: got ${r.cause} ${r.attribution?.rule ?? '-'}, hand check rule ${h.rules!.join('/')}`);
    } else if (!causeOk) wrong.push(`${r.case}: got ${r.cause} ${r.attribution?.rule ?? '-'}, hand check ${causes.join(' or ')}${h.card ? ` ${h.card}` : ''}`);
  }
  const gone = Object.keys(checks).filter((c) => !results.some((r) => r.case === c));
  const pct = (a: number, b: number) => `${a}/${b} (${b ? Math.round((100 * a) / b) : 0}%)`;
  console.log(`${sim} (${dir}): rule FAILs with the hand-checked rule ${pct(ruleRight, rule)}; cause right ${pct(causeRight, listed)}`);
  for (const w of wrong) console.log(`  wrong: ${w}`);
  for (const u of unchecked) console.log(`  not hand-checked: ${u}`);
  for (const g of gone) console.log(`  hand-checked FAIL not failing now: ${g}`);
  allRule += rule; allRuleRight += ruleRight; allFail += listed; allCauseRight += causeRight;
}
console.log(`all: rule FAILs with the hand-checked rule ${allRuleRight}/${allRule}; cause right ${allCauseRight}/${allFail}`);
