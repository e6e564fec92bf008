/**
 * Regression reports, end to end through the CLI: a run writes all four report files; a baseline turns a second
 * run's extra failures into NEW FAIL (exit 1) and a fix into NEW PASS; output is the same with any number of jobs and
 * shards merge into one report. (`arbiter repro`, end to end: test/repro-cli.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { tempDirs } from './support/temp.js';
import { arbiter } from './run-cli.js';
import { runCli } from './support/capture.js';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../engine/validation.js';
import { fingerprint } from '../reports/expectations.js';
import type { CaseResult } from '../differential/runner.js';

const sim = (...mutants: string[]) => `${process.execPath} ${join(ROOT, 'bin', 'arbiter.mjs')} adapter${mutants.map((m) => ` --mutant ${m}`).join('')}`;
const results = (dir: string) => readFileSync(join(dir, 'results.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as CaseResult);
const failing = (dir: string) => new Set(results(dir).filter((r) => r.status !== 'PASS').map((r) => r.case));
/**
 * The runs below check mechanisms (baselines, jobs, shards, repro), not the golden set: each runs a few golden
 * cases chosen for it (the whole set runs through the protocol in differential/runner.test.ts).
 */
const cases = (...names: string[]) => names.flatMap((n) => ['--cases', join(ROOT, 'golden', 'cases', `${n}.json`)]);
/**
 * `arbiter run` and `report issue` in process (test/support/capture.ts; the simulator is still a child process
 * through its adapter); `merge` through the `arbiter` command (`report issue` end to end: test/host-cli.test.ts).
 */
const cli = (...args: string[]) => runCli(args);
/**
 * Against the reference engine's adapter (with mutants) a run also sends a conformance case for every card of the
 * pool: the baseline runs leave them out (--no-conformance; card conformance has its own tests in
 * differential/conformance.test.ts). The determinism runs keep them (the demo simulator declares a small pool), so
 * jobs and shards split conformance cases too.
 */
const NO_CONFORMANCE = '--no-conformance';
/** Cases ignore-rule-5 fails, cases only deaths-one-at-a-time fails as well, and cases neither fails. */
const BASELINE_CASES = cases(
  'knife-juggler-aborts-without-valid-target', 'misdirection-ignores-mortally-wounded', 'dragon-egg-mad-bomber-whelp',
  'cult-master-simultaneous-death', 'sylvanas-trade-oldest-first', 'force-play-minion-is-oldest',
  'armor-absorbs-damage-first', 'redemption-queues-last',
);
/** Cases with orders of play (allOrders) and random branches among them, so jobs and shards split variants too. */
const DETERMINISM_CASES = cases(
  'cult-master-novice-engineer-mad-bomber', 'abomination-malganis-hellfire-immune-ends', 'drain-life-target-removed-still-heals',
  'kill-command-beast-dies-before-spell-text', 'knife-jugglers-unleash-the-hounds', 'sylvanas-trade-oldest-first', 'armor-absorbs-damage-first',
);

const tempDir = tempDirs();

describe.concurrent('regression reports', () => {
  it('a run against a mutant adapter writes results.jsonl, summary.md, junit.xml and report.html; a baseline separates NEW FAIL from known ones', async () => {
    const tmp = tempDir('arbiter-regression-');
    const baseline = join(tmp, 'baseline.json');
    const d1 = join(tmp, 'run1');
    const first = await cli('run', ...BASELINE_CASES, NO_CONFORMANCE, '--sim', sim('ignore-rule-5'), '--out', d1, '--expectations', baseline, '--update-expectations');
    expect(first.code, first.err).toBe(0);
    for (const f of ['results.jsonl', 'summary.md', 'junit.xml', 'report.html']) expect(existsSync(join(d1, f)), f).toBe(true);
    const known = failing(d1);
    expect(known.size).toBeGreaterThan(0);
    expect(Object.keys(JSON.parse(readFileSync(baseline, 'utf8')).known).sort()).toEqual([...known].sort());
    expect(readFileSync(join(d1, 'junit.xml'), 'utf8')).toMatch(/<testsuites name="arbiter" tests="\d+"/);

    // One more rule broken: exactly the new failures are NEW FAIL, and the run exits non-zero.
    // (The three runs against the baseline are independent of one another: side by side.)
    const d2 = join(tmp, 'run2');
    const [second, third, fixed] = await Promise.all([
      cli('run', ...BASELINE_CASES, NO_CONFORMANCE, '--sim', sim('ignore-rule-5', 'deaths-one-at-a-time'), '--out', d2, '--expectations', baseline),
      cli('run', ...BASELINE_CASES, NO_CONFORMANCE, '--sim', sim('ignore-rule-5'), '--out', join(tmp, 'run3'), '--expectations', baseline),
      cli('run', ...BASELINE_CASES, NO_CONFORMANCE, '--sim', sim(), '--out', join(tmp, 'run4'), '--expectations', baseline),
    ]);
    expect(second.code, second.out + second.err).toBe(1);
    // New: a case the baseline does not list, or one it lists that the simulator now fails otherwise (its answer's
    // fingerprint differs from the baseline's); the latter say so in the report.
    const shows = JSON.parse(readFileSync(baseline, 'utf8')).known as Record<string, { shows?: string }>;
    const now = results(d2).filter((r) => r.status !== 'PASS');
    const newFails = now.filter((r) => !known.has(r.case) || shows[r.case]?.shows !== fingerprint(r)).map((r) => r.case).sort();
    expect(newFails.filter((c) => !known.has(c)).length).toBeGreaterThan(0);
    for (const r of now) if (known.has(r.case) && newFails.includes(r.case)) expect(r.baselineNote, r.case).toMatch(/now fails it otherwise/);
    const summary = readFileSync(join(d2, 'summary.md'), 'utf8');
    const listed = summary.split('## NEW FAIL')[1]!.split('\n## ')[0]!.match(/^- \*\*(.+?)\*\*/gm)!.map((l) => l.slice(4, -2).replace(/\\(.)/g, '$1')).sort();
    expect(listed).toEqual(newFails);
    expect(second.out).toMatch(new RegExp(`${newFails.length} NEW FAIL`));

    // Back to the baseline's bugs: no NEW FAIL, exit 0. Everything fixed: the known failures are NEW PASS.
    expect(third.code, third.out + third.err).toBe(0);
    expect(third.out).toMatch(/ 0 NEW FAIL, 0 NEW PASS, /);
    expect(fixed.code, fixed.out + fixed.err).toBe(0);
    expect(fixed.out).toMatch(new RegExp(` 0 NEW FAIL, ${known.size} NEW PASS, `));

    // An issue-ready report for one of the new failures.
    const issue = await cli('report', 'issue', newFails[0]!, '--report', d2);
    expect(issue.code).toBe(0);
    expect(issue.out).toMatch(/^# /);
    for (const h of ['## Rule broken', '## Expected vs actual', '## Trace diff', '## Minimal scenario', '## Reproduce']) expect(issue.out).toContain(h);
    expect(issue.out).toMatch(/\*\*Simulator:\*\* arbiter-reference\+ignore-rule-5\+deaths-one-at-a-time 0\.1\.0/);
  }, 240_000); // several full runs, each judged by every trace invariant and run concurrently with the other tests

  it('output is deterministic, with any number of jobs; shards merge into the same report as one run', async () => {
    const tmp = tempDir('arbiter-det-');
    const dir = (n: string) => join(tmp, n);
    const ok = async (...args: string[]) => { const r = await cli(...args); expect(r.code, r.err).toBe(0); };
    // The four runs are independent of one another: side by side.
    await Promise.all([
      ok('run', ...DETERMINISM_CASES, '--out', dir('one')),
      ok('run', ...DETERMINISM_CASES, '--out', dir('two'), '--jobs', '2'),
      ok('run', ...DETERMINISM_CASES, '--shard', '1/2', '--out', dir('s1')),
      ok('run', ...DETERMINISM_CASES, '--shard', '2/2', '--out', dir('s2')),
    ]);
    // junit.xml's time attributes are each case's wall time (timings.jsonl): everything else is the same bytes.
    const same = (f: string) => readFileSync(f, 'utf8').replace(/ time="\d+\.\d{3}"/g, '');
    for (const f of ['results.jsonl', 'summary.md', 'junit.xml', 'report.html']) {
      expect(same(join(dir('two'), f)), f).toBe(same(join(dir('one'), f)));
    }
    expect(readFileSync(join(dir('one'), 'junit.xml'), 'utf8')).toMatch(/<testcase classname="[^"]+" name="[^"]+" time="\d+\.\d{3}">/);
    const merged = await arbiter('merge', dir('s1'), dir('s2'), '--out', dir('merged'), '--expectations', join(ROOT, 'adapters', 'demo', 'expectations.json'));
    expect(merged.code, merged.err).toBe(0);
    expect(readFileSync(join(dir('merged'), 'results.jsonl'), 'utf8')).toBe(readFileSync(join(dir('one'), 'results.jsonl'), 'utf8'));
    expect(readFileSync(join(dir('merged'), 'report.html'), 'utf8').replace(/<code>[^<]*<\/code>/, '')).toBe(readFileSync(join(dir('one'), 'report.html'), 'utf8').replace(/<code>[^<]*<\/code>/, ''));
    expect(readFileSync(join(dir('merged'), 'summary.md'), 'utf8').replace(/^Simulator command: .*$/m, '')).toBe(readFileSync(join(dir('one'), 'summary.md'), 'utf8').replace(/^Simulator command: .*$/m, ''));
    // A shard whose results.jsonl was cut short, or whose run did not finish, is refused: no result is lost unsaid.
    const full = readFileSync(join(dir('s2'), 'results.jsonl'), 'utf8');
    writeFileSync(join(dir('s2'), 'results.jsonl'), full.slice(0, full.indexOf('\n') + 1));
    const cut = await arbiter('merge', dir('s1'), dir('s2'), '--out', dir('merged2'));
    expect([cut.code, cut.out]).toEqual([2, '']);
    expect(cut.err).toMatch(/results\.jsonl: \$: holds 1 result\(s\) where the run wrote \d+: .*--shard 2\/2 .*--resume/);
    writeFileSync(join(dir('s2'), 'results.jsonl'), full);
    const info = JSON.parse(readFileSync(join(dir('s2'), 'run.json'), 'utf8')) as Record<string, unknown>;
    delete info.results;
    writeFileSync(join(dir('s2'), 'run.json'), JSON.stringify(info));
    const unfinished = await arbiter('merge', dir('s1'), dir('s2'), '--out', dir('merged3'));
    expect(unfinished.code).toBe(2);
    expect(unfinished.err).toMatch(/run\.json: \$\.results: missing: the run of this shard did not finish/);
    expect(existsSync(dir('merged3'))).toBe(false);
    writeFileSync(join(dir('s2'), 'run.json'), JSON.stringify({ ...info, results: full.split('\n').filter(Boolean).length }));
    // The merged folder cannot be a shard (it would replace that shard's results), and a case has one shard's result.
    const intoShard = await arbiter('merge', dir('s1'), dir('s2'), '--out', dir('s1'));
    expect([intoShard.code, intoShard.err]).toEqual([2, expect.stringMatching(/: \$: --out is one of the shards to merge \(.*s1\): give a new folder/)]);
    const firstOf = (f: string) => (JSON.parse(readFileSync(f, 'utf8').split('\n')[0]!) as { case: string }).case;
    const s1Case = firstOf(join(dir('s1'), 'results.jsonl'));
    writeFileSync(join(dir('s2'), 'results.jsonl'), full.replace(`"case":${JSON.stringify(firstOf(join(dir('s2'), 'results.jsonl')))}`, `"case":${JSON.stringify(s1Case)}`));
    const twice = await arbiter('merge', dir('s1'), dir('s2'), '--out', dir('merged4'));
    expect([twice.code, twice.err]).toEqual([2, expect.stringMatching(new RegExp(`case ${s1Case.replace(/[^\w-]/g, '.')} has a result in this shard and in .*s1: each case belongs to one shard`))]);
  }, 240_000);
});
