/** `arbiter run`, `arbiter adapter`, `arbiter merge`: differential testing against a simulator. */
import { PROFILE_IDS, isProfileId } from '../engine/profiles/index.js';
import { Option, type Command } from 'commander';
import { dirname, join, resolve } from 'node:path';
import { InputError, ROOT } from '../engine/validation.js';
import type { CaseResult, Case } from '../differential/runner.js';
import { scenarioFiles } from './scenario-files.js';
import { simCommand, DEFAULT_MAX_LINE_BYTES } from '../differential/adapter-process.js';
import { lockOutDir } from '../reports/files.js';
import { DEMO_MUTANTS, demoBaseline } from '../adapters/reference/demo-mutants.js';
import { mutantOption, parseMutants, parseAnyMutants, cardsOption, hostCardsOption, withCardFiles, parseMs } from './options.js';
import { existsSync, statSync, writeFileSync } from 'node:fs';
import type { Hello } from '../differential/protocol.js';
import type { RunInfo } from '../reports/merge.js';
import { runFails, setExitCode } from './exit-code.js';

/** What `arbiter run` runs, loaded when it runs. */
async function differential() {
  const [pool, runner, cases, write, progress, merge, generated, judge, resume] = await Promise.all([
    import('../engine/cards/pool.js'), import('../differential/runner.js'), import('../differential/cases.js'), import('../reports/write.js'),
    import('./progress.js'), import('../reports/merge.js'), import('../differential/generated.js'), import('../differential/judge.js'),
    import('../reports/resume.js'),
  ]);
  return { ...pool, ...runner, ...cases, ...write, ...progress, ...merge, ...generated, ...judge, ...resume };
}

/** Generated cases one run takes (--runs). */
const MAX_RUNS = 200_000;

export const DEMO_COMMAND = [process.execPath, join(ROOT, 'bin', 'arbiter.mjs'), 'adapter', '--demo'];

function parseShard(s: string | undefined): { index: number; count: number } | undefined {
  if (!s) return undefined;
  const m = /^(\d+)\/(\d+)$/.exec(s);
  if (!m || Number(m[1]) < 1 || Number(m[1]) > Number(m[2])) throw new InputError('--shard', '$', `"${s}" is not i/n with 1 <= i <= n (e.g. 2/4)`);
  return { index: Number(m[1]), count: Number(m[2]) };
}

/**
 * The baseline is read before the first case runs, not after the last: a malformed file, or a folder the rewritten
 * baseline cannot go to, stops the run at once (exit 2) instead of after it.
 */
async function checkBaseline(file: string | undefined, update: boolean): Promise<void> {
  if (!file) return;
  if (existsSync(file)) (await import('../reports/expectations.js')).loadExpectations(file);
  if (update) {
    const dir = dirname(resolve(file));
    if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new InputError(file, '$', `the baseline's folder ${dir} does not exist: create it first, or name another --expectations file`);
  }
}

function positiveInt(name: string, v: string): number {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0) throw new InputError(name, '$', `"${v}" is not a whole number >= 0`);
  return n;
}

export function addRunCommands(program: Command): void {
  program
    .command('run')
    .description('run the golden scenarios (and --runs generated ones) against a simulator through its adapter, compare with the reference engine, write a report folder')
    .option('--sim <command>', 'the adapter command line (spawned without a shell); default: the bundled demo simulator, which has known rule bugs')
    .addOption(new Option('--profile <name>', `the rule profile whose golden cases are sent: ${PROFILE_IDS.join(', ')}, or host (Host WCG, seed 002: the host golden cases; default simulator the Host kernel's own adapter)`).choices([...PROFILE_IDS, 'host']).default('hearthstone'))
    .option('--cases <path>', 'scenario files or folders to run instead of the golden cases (repeatable)', (v: string, prev: string[] = []) => [...prev, v])
    .addOption(cardsOption())
    .addOption(hostCardsOption())
    .option('--no-variants', 'send each case as written only (no other orders of play, forced random branches or probes)')
    .option('--no-conformance', 'no card conformance cases (then no divergence is classified as a card difference)')
    .option('--runs <n>', 'generated scenarios to add to the golden ones, at most 200000 (with --profile host: generated Host games)', '0')
    .option('--seed <s>', 'seed for generated scenarios', '1')
    .option('--synthetic', 'generated scenarios may also use synthetic cards (made-up texts, sent with their text in `cards`); by default only the pool cards the simulator declares')
    .option('--jobs <n>', 'adapter processes run in parallel', '1')
    .option('--timeout <ms>', 'time limit per case, in milliseconds', '10000')
    .option('--start-timeout <ms>', 'time limit for the adapter to start and answer the hello (default: --timeout when given, else 30000)')
    .option('--max-message-bytes <n>', 'cap on one adapter message (one line); a longer one is a PROTOCOL_ERROR for its case', String(DEFAULT_MAX_LINE_BYTES))
    .option('--shard <i/n>', 'run only shard i of n (cases split by id); merge the shards with `arbiter merge`')
    .option('--resume', 'continue the run whose results are in the report folder: run the cases missing there and, again, those cut short (TIMEOUT, CRASH, ERROR); refused when the folder holds another run')
    .option('--out <dir>', 'report folder', 'arbiter-report')
    .option('--expectations <file>', 'baseline of known failures (default for the demo: adapters/demo/expectations.json; with --profile hearthtop: adapters/demo/expectations-hearthtop.json)')
    .option('--update-expectations', 'rewrite the baseline file from this run')
    .option('--allow-lost', 'a case the baseline saw supported that is now UNSUPPORTED (LOST) does not fail the run')
    .option('--no-progress', 'no progress bar (it is shown only on a terminal anyway)')
    .addHelpText('after', `
Each case is sent as written and, unless --no-variants, as every other order of play its allOrders lists
(<id>#order=a,b), every open random branch forced (<id>#random=...) and, to a final-state simulator, for each
case that passed, probe variants that make mid-sequence steps visible (<id>#probe=...). Card conformance cases run
first: a failure in a case that uses a card whose conformance case failed is a card difference, not a rule failure.
Every FAIL names the rule of its first divergence and its cause (rule, card, assumption).

--resume continues a run that was killed or cut short: the results already in --out are kept and only the cases
missing there are run, with those whose result says the case was cut short (TIMEOUT, CRASH, ERROR: a machine that
crashed or was overloaded) run again (a case that truly times out times out again). PASS, FAIL, UNSUPPORTED and
PROTOCOL_ERROR results are kept. It must be the same run: when the folder holds results of another one (another
--sim, --profile, --cases or their content, --cards, --runs, --seed, --synthetic, --shard, --no-variants or
--no-conformance), it stops with exit 2 naming what differs; use another --out, or drop --resume to start over.
--timeout, --jobs and --expectations may change.

Exit codes: 0 no new failure; 1 a NEW FAIL of any cause (a regression against the baseline), a LOST case (supported
in the baseline, UNSUPPORTED now; unless --allow-lost) or a case error; 2 bad input.
Examples (the bundled simulators' exit codes as stated):
  arbiter run                                   # the demo simulator, with its baseline of known failures: exit 0
  arbiter run --sim "python3 adapters/hearthbreaker/adapter.py" --jobs 2 --timeout 5000
  arbiter run --sim "node bin/arbiter.mjs adapter --mutant ignore-rule-5" --expectations my-baseline.json --update-expectations   # record a baseline: exit 0
  arbiter run --sim "node bin/arbiter.mjs adapter --mutant ignore-rule-5" --expectations my-baseline.json   # then only regressions fail: exit 0
  arbiter run --sim "python3 my_adapter.py" --cases my-scenarios/ --cards my-cards/
  arbiter run --shard 1/2 --out part1 && arbiter run --shard 2/2 --out part2 && arbiter merge part1 part2 --out all   # exit 0
  arbiter run --profile hearthtop               # the demo on the Hearthtop cases, baseline adapters/demo/expectations-hearthtop.json: exit 0
  arbiter run --profile host                    # the Host kernel's own adapter: exit 0
  arbiter run --profile host --sim "node bin/arbiter.mjs adapter --profile host --mutant host-fifo-stack"   # a deliberate Stack bug, no baseline: NEW FAIL, exit 1`)
    .action(async (o: { profile: string; hostCards?: string[]; sim?: string; synthetic?: boolean; cases?: string[]; cards?: string[]; variants: boolean; conformance: boolean; allowLost?: boolean; runs: string; seed: string; jobs: string; timeout: string; startTimeout?: string; maxMessageBytes: string; shard?: string; resume?: boolean; out: string; expectations?: string; updateExpectations?: boolean; progress: boolean }, cmd: Command) => {
      if (o.profile === 'host') {
        // What only a Hearthstone run does is refused rather than silently ignored.
        const notHost: [string, boolean][] = [['--resume', !!o.resume], ['--shard', o.shard !== undefined], ['--jobs', o.jobs !== '1'], ['--cards', !!o.cards?.length], ['--synthetic', !!o.synthetic]];
        for (const [flag, given] of notHost) if (given) throw new InputError(flag, '$', 'is not taken with --profile host: a Host run starts afresh, with one adapter process and the Host cards (--host-cards)');
        setExitCode(await (await import('./host-run.js')).runHost(o));
        return;
      }
      // Everything a user can get wrong is checked before the suite runs.
      // The demo is Arbiter's own process: it gets the run's --cards files, so a user's cards are known to it as to the
      // reference side.
      const command = o.sim !== undefined ? simCommand(o.sim) : withCardFiles(DEMO_COMMAND, '--cards', o.cards);
      if (!isProfileId(o.profile)) throw new InputError('--profile', '$', `unknown profile "${o.profile}" (expected one of: ${PROFILE_IDS.join(', ')})`);
      const expectations = o.expectations ?? (o.sim ? undefined : demoBaseline(o.profile));
      if (o.updateExpectations && !expectations) throw new InputError('--update-expectations', '$', 'needs --expectations <file> (where to write the baseline)');
      if (expectations && !o.updateExpectations && !existsSync(expectations)) throw new InputError(expectations, '$', 'no such baseline file (write one with --update-expectations)');
      await checkBaseline(expectations, o.updateExpectations === true);
      const jobs = positiveInt('--jobs', o.jobs);
      if (jobs < 1) throw new InputError('--jobs', '$', 'at least 1');
      const timeoutMs = parseMs('--timeout', o.timeout);
      const startTimeoutMs = o.startTimeout !== undefined ? parseMs('--start-timeout', o.startTimeout) : cmd.getOptionValueSource('timeout') === 'cli' ? timeoutMs : 30_000;
      const maxLineBytes = positiveInt('--max-message-bytes', o.maxMessageBytes);
      if (maxLineBytes < 1024) throw new InputError('--max-message-bytes', '$', 'at least 1024 bytes');
      const shard = parseShard(o.shard);
      const runs = positiveInt('--runs', o.runs);
      // Every case and its result stay in memory until the report is written (some 5 KB a generated case and its result).
      if (runs > MAX_RUNS) throw new InputError('--runs', '$', `at most ${MAX_RUNS} generated cases in one run (each is kept with its result until the report is written): run more as separate runs with other --seed values`);
      if (o.profile !== 'hearthstone' && runs > 0) throw new InputError('--runs', '$', `generated cases are Hearthstone games; generated ${o.profile} games run with: arbiter fuzz --profile ${o.profile}`);
      const { loadCardPool, fileCases, goldenCases, generatedCases, Progress, runDifferential, judgeTrace, planCases, followUpCases, writeRunInfo, writeReports, perRuleTable, summaryLine, failingLines, unsupportedNotice, adapterOutputNotice, baselineNotice, showControls, checkResume, casesDigest, cardsDigest, RESULTS_FILE } = await differential();
      const cards = loadCardPool(o.cards ?? []);
      const cases: Case[] = o.cases ? fileCases(scenarioFiles(o.cases), cards) : goldenCases(cards, o.profile);
      // Generated cases are drawn once the simulator has said which cards and actions it supports.
      const withGenerated = (cs: Case[], h: Hello) => (runs > 0 ? [...cs, ...generatedCases(runs, o.seed, cards, h, { synthetic: o.synthetic })] : cs);
      const commandText = o.sim ?? '(bundled demo simulator)';
      // The run's identity, in run.json from the start: a resumed run must be this same run (reports/resume.ts).
      const info: RunInfo = {
        command: commandText, expectations: expectations ?? null, shard: shard ?? null, runs, seed: o.seed, cases: cases.length,
        profile: o.profile, casesDigest: casesDigest(cases), cardsDigest: cardsDigest(cards), synthetic: o.synthetic === true, variants: o.variants, conformance: o.conformance,
        ...(o.cards?.length ? { cardFiles: o.cards.map((f) => resolve(f)) } : {}),
      };
      const unlock = lockOutDir(o.out);
      try {
        if (o.resume) checkResume(o.out, info);
        // A new run empties results.jsonl before it records its identity: run.json never names results of another run.
        else if (existsSync(join(o.out, RESULTS_FILE))) writeFileSync(join(o.out, RESULTS_FILE), '');
        writeRunInfo(o.out, info);
      } catch (e) {
        unlock();
        throw e;
      }
      const progress = new Progress(o.progress && process.stderr.isTTY === true);
      const { results, hello } = await runDifferential({
        command, cases, cards, outDir: o.out, jobs, timeoutMs, startTimeoutMs, maxLineBytes, resume: o.resume, shard, judgeTrace,
        expand: (cs, h) => planCases(withGenerated(cs, h), cards, h, { variants: o.variants, conformance: o.conformance }),
        followUp: (passed, h, weak) => followUpCases(passed, cards, h, { variants: o.variants }, weak),
        onResult: (r: CaseResult, done: number, total: number) => progress.tick(done, total, r.status),
      });
      progress.stop();
      const summary = writeReports(o.out, results, { simulator: hello, expectationsFile: expectations, updateExpectations: o.updateExpectations, command: commandText });
      // The run is finished: run.json says how many results it wrote (a merge refuses a shard without it).
      writeRunInfo(o.out, { ...info, results: results.length });
      unlock();
      // Simulator text (its name, version, messages) is shown with its control characters escaped, as in the reports.
      process.stdout.write(showControls(perRuleTable(results) + '\n' + failingLines(results, summary, o.allowLost ? ['NEW FAIL', 'ERROR'] : ['NEW FAIL', 'ERROR', 'LOST']) + summaryLine(summary) + `\nreport: ${o.out}/ (summary.md, results.jsonl, junit.xml, report.html)\n`));
      for (const notice of [summary.baselineOf !== undefined ? baselineNotice(summary, hello.name) : null, unsupportedNotice(results), adapterOutputNotice(results)]) {
        if (notice) process.stderr.write(showControls(`arbiter: notice: ${notice}\n`));
      }
      if (o.updateExpectations) {
        process.stdout.write(showControls(`baseline written: ${expectations}\n`));
        setExitCode(0);
      } else {
        setExitCode(runFails(summary, o.allowLost) ? 1 : 0);
      }
    });

  program
    .command('adapter')
    .description('serve the reference engine as an adapter on stdin/stdout (spec/protocol.md); with --mutant it has deliberate rule bugs')
    .addOption(mutantOption())
    .addOption(new Option('--profile <name>', 'hearthstone (the reference engine) or host (the Host kernel, seed 002; host-* mutants)').choices(['hearthstone', 'host']).default('hearthstone'))
    .addOption(hostCardsOption())
    .option('--demo', `the bundled demo simulator: the reference engine with known bugs (${DEMO_MUTANTS.join(', ')})`)
    .addOption(cardsOption())
    .addHelpText('after', `
With --cards the engine plays the given card files instead of the built-in cards of the same id: a simulator whose
cards differ from the card text (its card conformance cases fail: the differences are card causes, not rule ones).`)
    .action(async (o: { mutant: string[]; demo?: boolean; cards?: string[]; profile: string; hostCards?: string[] }) => {
      if (o.profile === 'host') {
        const m = parseAnyMutants(o.mutant);
        if (m.hs.length || o.demo) throw new InputError('--mutant', '$', 'with --profile host: host-* mutants only, no --demo');
        const { serveHostAdapter } = await import('../adapters/reference/host-adapter.js');
        await serveHostAdapter({ mutants: m.host, name: m.host.length ? `arbiter-host+${m.host.join('+')}` : 'arbiter-host', hostCards: o.hostCards });
        return;
      }
      const mutants = o.demo ? DEMO_MUTANTS : parseMutants(o.mutant);
      const name = o.demo ? 'arbiter-demo' : mutants.length ? `arbiter-reference+${mutants.join('+')}` : 'arbiter-reference';
      const { serveAdapter } = await import('../adapters/reference/adapter.js');
      // `+cards`: the engine plays other card files than the reference side's; the demo gets the run's own --cards.
      await serveAdapter({ mutants, name: o.cards?.length && !o.demo ? `${name}+cards` : name, cards: o.cards });
    });

  program
    .command('merge')
    .description('merge the results of shards (report folders of `arbiter run --shard i/n`) into one report folder')
    .argument('<dirs...>', 'report folders written by `arbiter run --shard i/n`')
    .requiredOption('--out <dir>', 'the merged report folder')
    .option('--expectations <file>', 'baseline of known failures (default: the one the shards were run with)')
    .option('--allow-lost', 'a case the baseline saw supported that is now UNSUPPORTED (LOST) does not fail the merge')
    .addHelpText('after', `
Every shard must be a finished run: a shard whose run was cut short (killed, or still running), or whose results.jsonl
holds fewer results than its run wrote, is refused (finish it with the same \`arbiter run ... --shard i/n --out <dir>
--resume\`, then merge).
Card causes are worked out again over the merged results. The run-wide steps that read the cases a simulator passed
(candidate rules settled by them, pairs of rule breaks) were taken in each shard over its own results: a FAIL's rule
can differ from the one a single run names.
Exit codes, as for \`arbiter run\`: 0 no new failure; 1 a NEW FAIL of any cause, a LOST case (unless --allow-lost)
or a case error in any shard; 2 bad input (a folder that is not a finished shard of the same run, a missing or
malformed baseline).`)
    .action(async (dirs: string[], o: { out: string; expectations?: string; allowLost?: boolean }) => {
      const { checkShards, mergeResults, copyTraces, writeRunInfo, writeReports, summaryLine, failingLines, showControls } = await differential();
      // The merged folder must not be one of the shards: writing it would replace that shard's results and run.json.
      const outAt = resolve(o.out);
      const shardOut = dirs.find((d) => resolve(d) === outAt || (existsSync(d) && existsSync(o.out) && statSync(d).ino === statSync(o.out).ino && statSync(d).dev === statSync(o.out).dev));
      if (shardOut !== undefined) throw new InputError(o.out, '$', `--out is one of the shards to merge (${shardOut}): give a new folder for the merged report`);
      const info = checkShards(dirs);
      const expectations = o.expectations ?? info.expectations ?? undefined;
      if (expectations && !existsSync(expectations)) throw new InputError(expectations, '$', 'no such baseline file');
      await checkBaseline(expectations, false);
      const { results, simulator } = mergeResults(dirs);
      const unlock = lockOutDir(o.out);
      copyTraces(dirs, o.out);
      writeRunInfo(o.out, { ...info, shard: null, results: results.length });
      const summary = writeReports(o.out, results, { simulator, expectationsFile: expectations, command: info.command });
      unlock();
      process.stdout.write(showControls(failingLines(results, summary, o.allowLost ? ['NEW FAIL', 'ERROR'] : ['NEW FAIL', 'ERROR', 'LOST']) + summaryLine(summary) + `\nreport: ${o.out}/\n`));
      setExitCode(runFails(summary, o.allowLost) ? 1 : 0);
    });
}
