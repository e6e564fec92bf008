/**
 * Every `arbiter run` writes a report folder: results.jsonl (one line per case, written by the runner), summary.md,
 * junit.xml (for CI systems) and report.html (self-contained). All of it is deterministic: same results, same bytes,
 * except junit.xml's `time` attributes (each case's wall time, from timings.jsonl).
 */
import { appendFileSync, mkdirSync } from 'node:fs';
import { readTimings, writeFileAtomic } from './files.js';
import { join } from 'node:path';
import type { CaseResult } from '../differential/runner.js';
import { loadExpectations, verdict, writeExpectations, type Verdict } from './expectations.js';
import { renderHtml } from './html.js';
import { ruleTitle } from './summary.js';
import { escapeMarkup as xml, showControls } from './escape.js';
export { showControls } from './escape.js';

export { summarize, summaryLine, failingLines, unsupportedNotice, adapterOutputNotice, ruleMatrix, failureMessage, type Summary, type ReportOptions } from './summary.js';
import { summarize, summaryLine, ruleMatrix, failureMessage, commonDivergences, type Summary, type ReportOptions } from './summary.js';

/** Results by rule profile (Hearthstone's when a result names none), in order of first appearance. */
export function byProfile(results: CaseResult[]): [string, CaseResult[]][] {
  const groups = new Map<string, CaseResult[]>();
  for (const r of results) groups.set(r.profile ?? 'hearthstone', [...(groups.get(r.profile ?? 'hearthstone') ?? []), r]);
  return [...groups];
}

/** Only Hearthstone results: one table, as it always was; with another profile's results, one table per profile. */
const oneProfile = (results: CaseResult[]) => results.every((r) => !r.profile);

export function perRuleTable(results: CaseResult[]): string {
  if (!oneProfile(results)) return byProfile(results).map(([p, rs]) => `profile ${p} (${rs.length} results)\n${perRuleTable(rs.map(({ profile: _p, ...r }) => r))}`).join('\n\n');
  const lines = ['rule             pass  fail  unsup  error  title'];
  for (const [id, r] of ruleMatrix(results)) {
    lines.push(`${id.padEnd(16)} ${String(r.pass).padStart(4)}  ${String(r.fail).padStart(4)}  ${String(r.unsupported).padStart(5)}  ${String(r.error).padStart(5)}  ${ruleTitle(id)}`);
  }
  return lines.join('\n');
}

/** The cause and first-divergence rule of a FAIL, in one line. */
export function causeLine(r: CaseResult): string | undefined {
  const a = r.attribution;
  if (!r.cause) return r.status === 'CRASH' && a ? `stopped at an action the rules allow: rule ${a.rule} (${ruleTitle(a.rule) || 'not in the catalog'}) at ${a.at}${r.diagnosis.length ? `: ${r.diagnosis.map((d) => `mutant ${d.mutant}`).join(', ')} refuses it too` : ''}` : undefined;
  const detail = r.cause === 'card' ? `: ${r.causeDetail ?? '?'} differs from its card text (its card conformance case fails)` : r.cause === 'assumption' ? `: rests on the case's assumption "${r.causeDetail ?? ''}"` : '';
  return `cause: ${r.cause}${detail}${a ? `; first divergence: rule ${a.rule} (${ruleTitle(a.rule) || 'not in the catalog'}) at ${a.at}: ${a.step}` : ''}`;
}

export function failureText(r: CaseResult): string {
  const out: string[] = [];
  const c = causeLine(r);
  if (c) out.push(c);
  if (r.variant && r.variant !== 'file') out.push(`variant (${r.variant}) of case ${r.group ?? r.case}`);
  if (r.detail) out.push(r.detail);
  for (const d of r.divergences) out.push(`${d.path}: expected ${JSON.stringify(d.expected)}, got ${JSON.stringify(d.actual)}`);
  for (const v of r.violations) out.push(`invariant ${v.invariant} (rule ${v.rule}): ${v.message}`);
  for (const d of r.diagnosis) out.push(`same result as the reference engine with mutant ${d.mutant}: rule ${d.rule} (${d.text})`);
  return out.join('\n');
}

/** The junit classname of a result: the rule of its first divergence for a rule FAIL, its cause otherwise, else the first rule it cites. */
function className(r: CaseResult): string {
  if (r.status === 'FAIL' && r.cause && r.cause !== 'rule') return `${r.cause}.${r.causeDetail && r.cause === 'card' ? r.causeDetail : r.group ?? r.case}`;
  return `rule.${(r.status === 'FAIL' || r.status === 'CRASH' ? r.attribution?.rule : undefined) ?? r.rules[0] ?? 'none'}`;
}

/**
 * junit.xml as CI importers read it (GitHub, GitLab, Jenkins): one testcase per case, its classname the rule of its
 * first divergence (`rule.4a`, or `card.<id>`), a failure's `type` its cause (rule, card, assumption) or, for a case
 * that did not run, its status (CRASH, TIMEOUT...), and its message what differed first.
 */
export function junit(results: CaseResult[], verdicts: Record<string, Verdict>, sim: string, times: ReadonlyMap<string, number> = new Map()): string {
  const failures = results.filter((r) => verdicts[r.case] === 'NEW FAIL' || verdicts[r.case] === 'LOST').length;
  const errors = results.filter((r) => verdicts[r.case] === 'ERROR').length;
  const skipped = results.filter((r) => ['UNSUPPORTED', 'KNOWN FAIL'].includes(verdicts[r.case]!)).length;
  // Seconds, as the importers read `time` (a case without a timing, e.g. from an older report folder, counts 0).
  const secs = (ms: number): string => (ms / 1000).toFixed(3);
  const total = results.reduce((t, r) => t + (times.get(r.case) ?? 0), 0);
  // The JUnit XSD the importers use (Jenkins' junit-10.xsd) has `skipped` on testsuite only, not on testsuites.
  const lines = [`<?xml version="1.0" encoding="UTF-8"?>`, `<testsuites name="arbiter" tests="${results.length}" failures="${failures}" errors="${errors}" time="${secs(total)}">`, `  <testsuite name="${xml(sim)}" tests="${results.length}" failures="${failures}" errors="${errors}" skipped="${skipped}" time="${secs(total)}">`];
  for (const r of results) {
    const v = verdicts[r.case]!;
    lines.push(`    <testcase classname="${xml(className(r))}" name="${xml(r.case)}" time="${secs(times.get(r.case) ?? 0)}">`);
    if (v === 'NEW FAIL') lines.push(`      <failure type="${xml(r.status === 'FAIL' && r.cause ? r.cause : r.status)}" message="${xml(failureMessage(r))}">${xml(failureText(r))}</failure>`);
    else if (v === 'LOST') lines.push(`      <failure type="LOST" message="${xml(`supported in the baseline, unsupported now: ${r.detail ?? ''}`)}"/>`);
    else if (v === 'ERROR') lines.push(`      <error type="${xml(r.status)}" message="${xml(failureMessage(r))}">${xml(failureText(r))}</error>`);
    else if (v === 'UNSUPPORTED') lines.push(`      <skipped message="${xml(`unsupported: ${r.detail ?? ''}`)}"/>`);
    else if (v === 'KNOWN FAIL') lines.push(`      <skipped message="${xml(`known failure (baseline): ${failureMessage(r)}`)}"/>`);
    lines.push('    </testcase>');
  }
  lines.push('  </testsuite>', '</testsuites>', '');
  return lines.join('\n');
}

/**
 * Text from a simulator (its name, messages, states) inside Markdown: HTML and Markdown syntax are escaped, so
 * summary.md, which users paste into pull requests, shows the text and runs none of it.
 */
export function md(s: string): string {
  return showControls(s)
    .replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
    .replace(/([\\`*_[\]|#!~])/g, '\\$1')
    .replace(/\r?\n/g, ' ');
}

export function markdown(results: CaseResult[], s: Summary, o: ReportOptions): string {
  const out = [`# Arbiter report: ${md(o.simulator.name)} ${md(o.simulator.version)}`, '', `Simulator command: ${md(o.command)} · fidelity: ${md(o.simulator.fidelity)}`, '', ...(s.baselineOf !== undefined ? [`**${md(baselineNotice(s, o.simulator.name))}**`, ''] : []), `**${md(summaryLine(s))}**`, '', '## Per rule', '', '| rule | title | pass | fail | unsupported | error |', '|---|---|---|---|---|---|'];
  if (oneProfile(results)) {
    for (const [id, r] of ruleMatrix(results)) out.push(`| ${id} | ${ruleTitle(id)} | ${r.pass} | ${r.fail} | ${r.unsupported} | ${r.error} |`);
  } else {
    out.splice(out.length - 2, 2);
    for (const [p, rs] of byProfile(results)) {
      out.push(`### Profile ${md(p)} (${rs.length} results)`, '', '| rule | title | pass | fail | unsupported | error |', '|---|---|---|---|---|---|');
      for (const [id, r] of ruleMatrix(rs)) out.push(`| ${id} | ${ruleTitle(id)} | ${r.pass} | ${r.fail} | ${r.unsupported} | ${r.error} |`);
      out.push('');
    }
  }
  out.push('', 'A FAIL counts under the rule of its first divergence when its cause is a rule; passes under the rules their case cites.');
  out.push('', '## Per cause', '', '| cause | FAIL | meaning |', '|---|---|---|');
  for (const [c, meaning] of [['rule', 'a rulebook rule breaks (the rule of the first divergence)'], ['card', "the simulator's card differs from the card text (its card conformance case fails)"], ['assumption', 'the diverging fact rests on an assumption the case lists']] as const) out.push(`| ${c} | ${s.causes[c] ?? 0} | ${meaning} |`);
  out.push(`| representation | ${s.equivalent} PASS | differences the protocol defines as equivalent (spec/protocol.md), not failures |`);
  out.push('', `Cases: ${s.groups.total} (${s.total} results with their variants, probes and card conformance cases); ${s.groups.failing} with a failure or error.`);
  const common = commonDivergences(results);
  if (common.length) {
    out.push('', '## First divergences many FAILs share', '', 'One difference behind many failures is most likely one bug: look at it first.', '', '| FAILs | first divergence | expected | actual | e.g. |', '|---|---|---|---|---|');
    for (const g of common) out.push(`| ${g.cases.length} | ${md(g.path)} | ${md(g.expected)} | ${md(g.actual)} | ${md(g.cases.slice(0, 3).join(', '))}${g.cases.length > 3 ? ', …' : ''} |`);
  }
  const groups: Verdict[] = ['NEW FAIL', 'LOST', 'ERROR', 'NEW PASS', 'KNOWN FAIL', 'UNSUPPORTED'];
  for (const g of groups) {
    const rs = results.filter((r) => s.verdicts[r.case] === g);
    if (!rs.length) continue;
    out.push('', `## ${g} (${rs.length})`, '');
    for (const r of rs) {
      out.push(`- **${md(r.case)}**${r.cause ? ` [${md(r.cause)}${r.attribution && r.cause === 'rule' ? ` · rule ${md(r.attribution.rule)}` : ''}]` : ''} (case cites ${md(r.rules.join(', '))}): ${md(r.title)}`);
      if (r.baselineNote) out.push(`  - ${md(r.baselineNote)}`);
      const t = failureText(r);
      if (t && g !== 'NEW PASS') for (const l of t.split('\n')) out.push(`  - ${md(l)}`);
    }
  }
  return out.join('\n') + '\n';
}

/** The short form of summary.md for a pull request or a CI job summary: counts, the per-rule table and one line per NEW FAIL, LOST and NEW PASS, kept under 60 KB (the full form stays in the report folder). */
export function shortMarkdown(results: CaseResult[], s: Summary, o: ReportOptions, limit = 60_000): string {
  const head = [`### Arbiter: ${md(o.simulator.name)} ${md(o.simulator.version)}`, '', `**${md(summaryLine(s))}**`, ''];
  const rows = ['| rule | title | pass | fail | unsupported | error |', '|---|---|---|---|---|---|'];
  for (const [id, r] of ruleMatrix(results)) if (r.fail + r.error > 0) rows.push(`| ${id} | ${ruleTitle(id)} | ${r.pass} | ${r.fail} | ${r.unsupported} | ${r.error} |`);
  const body: string[] = [...head, ...(rows.length > 2 ? ['Rules with a failure (first divergence):', '', ...rows, ''] : [])];
  let size = body.join('\n').length;
  const tail = '\nFull report: summary.md, report.html and junit.xml in the report folder.\n';
  for (const g of ['NEW FAIL', 'LOST', 'NEW PASS'] as Verdict[]) {
    const rs = results.filter((r) => s.verdicts[r.case] === g);
    if (!rs.length) continue;
    body.push(`**${g} (${rs.length})**`, '');
    size += 20;
    let shown = 0;
    for (const r of rs) {
      // the message starts with the cause and its rule or card
      const line = `- ${md(r.case)}: ${md(g === 'NEW PASS' ? r.title : failureMessage(r)).slice(0, 300)}`;
      if (size + line.length + tail.length + 200 > limit) break;
      body.push(line);
      size += line.length + 1;
      shown++;
    }
    if (shown < rs.length) body.push(`- … and ${rs.length - shown} more (summary.md)`);
    body.push('');
  }
  return body.join('\n') + tail;
}

export function writeReports(dir: string, results: CaseResult[], o: ReportOptions): Summary {
  mkdirSync(dir, { recursive: true });
  const sorted = [...results].sort((a, b) => a.case.localeCompare(b.case));
  const exp = loadExpectations(o.expectationsFile);
  const verdicts: Record<string, Verdict> = {};
  for (const r of sorted) {
    verdicts[r.case] = verdict(r, exp);
    delete r.baselineNote;
    if (verdicts[r.case] === 'NEW FAIL' && exp?.known[r.case]?.status === r.status) r.baselineNote = 'the baseline lists this case as a known failure, but the simulator now fails it otherwise';
  }
  const s = summarize(sorted, verdicts, `${o.simulator.name} ${o.simulator.version}`);
  if (exp && exp.simulator !== o.simulator.name) s.baselineOf = exp.simulator;
  writeFileAtomic(join(dir, 'results.jsonl'), sorted.map((r) => JSON.stringify(r)).join('\n') + (sorted.length ? '\n' : ''));
  writeFileAtomic(join(dir, 'summary.md'), markdown(sorted, s, o));
  const short = shortMarkdown(sorted, s, o);
  writeFileAtomic(join(dir, 'summary-short.md'), short);
  writeFileAtomic(join(dir, 'junit.xml'), junit(sorted, verdicts, s.simulator, readTimings(dir)));
  writeFileAtomic(join(dir, 'report.html'), renderHtml(dir, sorted, s, o));
  if (o.updateExpectations && o.expectationsFile) writeExpectations(o.expectationsFile, sorted, o.simulator.name, exp);
  appendStepSummary(short);
  return s;
}

/**
 * A GitHub Actions job shows the file named by GITHUB_STEP_SUMMARY on its summary page: the short summary is appended
 * to it, last, as a courtesy. When that fails (no such folder, no permission) the report folder is complete anyway:
 * one warning line on stderr, and the run keeps its own exit code.
 */
function appendStepSummary(text: string): void {
  const file = process.env.GITHUB_STEP_SUMMARY;
  if (!file) return;
  try {
    appendFileSync(file, text);
  } catch (e) {
    process.stderr.write(`arbiter: warning: GITHUB_STEP_SUMMARY=${showControls(file)}: the summary was not appended (${showControls((e as Error).message)}); the report folder is complete\n`);
  }
}

/** What a run whose baseline was written for another simulator says (stderr and summary.md). */
export function baselineNotice(s: Summary, simulator: string): string {
  return `the baseline was written for simulator "${s.baselineOf}", and this run's simulator is "${simulator}": its known failures are that simulator's (name the baseline of this simulator with --expectations, or write one with --update-expectations)`;
}
