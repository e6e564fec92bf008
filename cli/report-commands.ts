/** `arbiter report issue` and `arbiter repro`: hand a simulator's authors the smallest case that shows a bug. */
import type { Command } from 'commander';
import { writeFileSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { readJson, InputError } from '../engine/validation.js';
import { splitCommand } from '../differential/adapter-process.js';
import type { Scenario } from '../engine/scenario/format.js';
import type { CardPool } from '../engine/state.js';
import { DEMO_COMMAND } from './run-commands.js';
import { cardsOption, hostCardsOption, parseMs, withCardFiles } from './options.js';
import type { CaseResult } from '../differential/verdict.js';
import type { RunInfo } from '../reports/merge.js';
import { closeMatches } from './close-matches.js';
import { showControls } from '../reports/escape.js';

/** `arbiter repro <case>` for a Host result; the simulator is the Host kernel's own adapter unless --sim says. */
async function reproHostCommand(r: CaseResult, o: { sim?: string; out: string; timeout: string; hostCards?: string[] }): Promise<void> {
  const [{ reproHost }, { loadHostCards }, { simCommand }, { HOST_REFERENCE_COMMAND }] = await Promise.all([
    import('../repro/host.js'), import('../engine/host/load.js'), import('../differential/adapter-process.js'), import('./host-run.js'),
  ]);
  const timeoutMs = parseMs('--timeout', o.timeout);
  if (r.status === 'PASS') throw new InputError(r.case, '$', 'this case passed: nothing to shrink');
  // The Host kernel's own adapter gets the --host-cards files, as in `arbiter run --profile host`.
  const command = o.sim !== undefined ? simCommand(o.sim) : withCardFiles(HOST_REFERENCE_COMMAND, '--host-cards', o.hostCards);
  const x = await reproHost(r, { command, cards: loadHostCards(o.hostCards ?? []), timeoutMs, outDir: o.out, hostCards: o.hostCards ?? [] });
  process.stdout.write(showControls(`shrunk ${r.case} from ${x.before.actions} decisions and ${x.before.cards} set-up cards to ${x.after.actions} decisions and ${x.after.cards} set-up cards (${x.tries} tries); divergence: ${x.want}\n`));
  if (!x.files) {
    const { unwritten } = await import('../properties/out-dir.js');
    throw unwritten((s) => process.stdout.write(s), x.writeError!.dir, x.writeError!.error, [{ name: `the shrunk Host scenario (${x.scenario.id}.json)`, data: x.scenario }]);
  }
  process.stdout.write(`wrote ${x.files.scenario}\nwrote ${x.files.test}\nrun the test: ${x.files.run}\n`);
}

/** What the report commands run, loaded when one of them runs. */
async function repro() {
  const [fc, pool, runner, one, generated, arb, shrink, write, expect, run, issue, attribution] = await Promise.all([
    import('fast-check'), import('../engine/cards/pool.js'), import('../differential/runner.js'), import('../differential/one.js'),
    import('../differential/generated.js'), import('../properties/arbitraries/generatedCase.js'), import('../repro/shrink.js'),
    import('../repro/write.js'), import('../repro/expect.js'), import('../engine/scenario/run.js'), import('../reports/issue.js'),
    import('../differential/attribute.js'),
  ]);
  return { fc: fc.default, ...pool, ...runner, ...one, ...generated, ...arb, ...shrink, ...write, ...expect, ...run, ...issue, UNATTRIBUTED: attribution.UNATTRIBUTED };
}

async function findResult(dir: string, id: string) {
  const { readResults } = await import('../differential/runner.js');
  const results = readResults(dir);
  if (results.length === 0) throw new InputError(join(dir, 'results.jsonl'), '$', 'no results here (run `arbiter run` first, or pass --report <dir>)');
  const r = results.find((x) => x.case === id);
  if (!r) {
    // A few close matches, not every failing case (a run can have hundreds): summary.md lists them all.
    const failing = results.filter((x) => x.status !== 'PASS').map((x) => x.case);
    const near = closeMatches(id, failing);
    const all = `the ${failing.length} cases that did not pass are listed in ${join(dir, 'summary.md')}`;
    const detail = failing.length === 0 ? 'every case of this run passed' : near.length ? `close matches: ${near.join(', ')}; ${all}` : `no case that did not pass is close to it; ${all}`;
    throw new InputError(join(dir, 'results.jsonl'), '$', `no case "${id}" in this run (${detail})`);
  }
  return r;
}

/**
 * The case's cards must be known to the repro as they were to the run: a run given card files (--cards) needs the
 * same files here. A card the pool lacks is a usage error naming it; other cards than the run's, a warning.
 */
async function checkReproCards(report: string, info: RunInfo | null, id: string, scenario: Scenario, cards: CardPool, files: readonly string[]): Promise<void> {
  const [{ parseScenario }, { cardsDigest }, { RESULTS_FILE }] = await Promise.all([
    import('../engine/scenario/load.js'), import('../reports/resume.js'), import('../differential/runner.js'),
  ]);
  const ran = info?.cardsDigest;
  const other = ran !== undefined && ran !== cardsDigest(cards);
  const recorded = info?.cardFiles ?? [];
  const same = recorded.length === files.length && recorded.every((f, i) => resolve(f) === resolve(files[i]!));
  const hint = same && recorded.length
    ? 'the card files named in run.json (cardFiles) have changed since the run (run.json cardsDigest)'
    : `the run was made with other cards than these (run.json cardsDigest): give repro the card files the run was given${recorded.length ? ` (${recorded.map((f) => `--cards ${f}`).join(' ')})` : ' (--cards)'}`;
  try {
    parseScenario(`${join(report, RESULTS_FILE)} (case ${id})`, scenario, cards);
  } catch (e) {
    if (e instanceof InputError && other) throw new InputError(e.file, e.path, `${e.detail}; ${hint}`);
    throw e;
  }
  if (other) process.stderr.write(`arbiter: warning: ${hint}\n`);
}

export function addReportCommands(program: Command): void {
  const report = program.command('report').description('reports from a finished run');
  report
    .command('issue')
    .description('an issue-ready Markdown regression report for one failing case: rule broken, minimal scenario, command to reproduce, expected vs actual, trace diff')
    .argument('<case-id>', 'a case of the run')
    .option('--report <dir>', 'the report folder of the run', 'arbiter-report')
    .option('--sim <command>', 'the adapter command to show in "Reproduce" (default: the one the run used, from the report folder\'s run.json; else the bundled demo, or for a Host result the Host kernel\'s own adapter)')
    .option('--out <file>', 'write the Markdown to a file instead of stdout')
    .option('--repro <dir>', 'where `arbiter repro` wrote its files: the shrunk scenario there is shown as the minimal one', 'arbiter-repro')
    .action(async (id: string, o: { report: string; sim?: string; out?: string; repro: string }) => {
      const { issueMarkdown } = await import('../reports/issue.js');
      const r = await findResult(o.report, id);
      if (r.status === 'PASS') throw new InputError(id, '$', 'this case passed: nothing to report');
      const shrunkFile = join(o.repro, `${`${id}-repro`.replace(/[^a-z0-9-]/g, '-')}.json`);
      const shrunk = existsSync(shrunkFile) ? { file: shrunkFile, scenario: readJson(shrunkFile) } : undefined;
      const fallback = r.profile === 'host' ? (await import('./host-run.js')).HOST_REFERENCE_COMMAND : DEMO_COMMAND;
      const { runCommand, readRunInfo } = await import('../reports/merge.js');
      const md = issueMarkdown(o.report, r, { command: o.sim ?? runCommand(readRunInfo(o.report)) ?? fallback.join(' '), shrunk });
      if (o.out) writeFileSync(o.out, md); else process.stdout.write(md);
    });

  program
    .command('repro')
    .description('shrink a failing case to the smallest scenario that still shows the same divergence, and write it as a scenario file and a ready vitest test (and a unittest snippet for Python simulators); a result of `run --profile host` is shrunk as a Host scenario against the Host simulator (default: the Host kernel\'s own adapter)')
    .argument('<case-or-seed>', 'a case id from a run\'s report, or a seed: the generated case of that seed (fast-check shrinking)')
    .option('--report <dir>', 'the report folder of the run (for a case id)', 'arbiter-report')
    .option('--sim <command>', 'the adapter command (default: the one the run used, from the report folder\'s run.json; else the bundled demo simulator, or for a Host result the Host kernel\'s own adapter)')
    .option('--out <dir>', 'where to write the repro files', 'arbiter-repro')
    .option('--timeout <ms>', 'time limit per run of the simulator', '10000')
    .addOption(cardsOption(' (default: the ones the run was given, from the report folder\'s run.json)'))
    .addOption(hostCardsOption())
    .action(async (arg: string, o: { report: string; sim?: string; out: string; timeout: string; cards?: string[]; hostCards?: string[] }) => {
      // A folder the repro cannot be written to is a usage error before anything is run or shrunk.
      const { checkOutDir, unwritten } = await import('../properties/out-dir.js');
      checkOutDir(o.out);
      // The simulator the run used, unless --sim names another; the card files it was given, unless --cards names others.
      const { runCommand, readRunInfo } = await import('../reports/merge.js');
      const info = readRunInfo(o.report);
      if (o.sim === undefined) o.sim = runCommand(info) ?? undefined;
      if (o.cards === undefined) {
        const files = info?.cardFiles;
        const gone = files?.find((f) => !existsSync(f));
        if (gone) throw new InputError(join(o.report, 'run.json'), '$.cardFiles', `the run's card file or folder ${JSON.stringify(gone)} is not there any more: give repro the card files with --cards`);
        o.cards = files;
      }
      // A result of `arbiter run --profile host`: the Host scenario, shrunk against the Host simulator.
      const hostResult = existsSync(join(o.report, 'results.jsonl')) ? (await import('../differential/runner.js')).readResults(o.report).find((r) => r.case === arg && r.profile === 'host') : undefined;
      if (hostResult) { await reproHostCommand(hostResult, o); return; }
      const { fc, loadCardPool, OneCaseRunner, readResults, generatedCaseArb, DIFFERENTIAL_CONSTRAINTS, seedNumber, signature, shrink, runScenario, expectAtDivergence, holdingExpect, writeRepro, UNATTRIBUTED } = await repro();
      const cards = loadCardPool(o.cards ?? []);
      // The bundled demo gets the --cards files too, as in `arbiter run --cards`.
      const command = o.sim ? splitCommand(o.sim) : withCardFiles(DEMO_COMMAND, '--cards', o.cards);
      const runner = new OneCaseRunner(command, cards, parseMs('--timeout', o.timeout));
      try {
        let start: Scenario;
        let id: string;
        // A card cause is decided over the whole run (the card's conformance case failed too): one case run alone
        // cannot tell it, so the run's is kept.
        let runCard: string | undefined;
        let recorded: string | undefined;
        const isSeed = /^-?\d+$/.test(arg) && !existsSync(join(o.report, 'results.jsonl')) ? true : /^-?\d+$/.test(arg) && !readResults(o.report).some((r) => r.case === arg);
        if (isSeed) {
          // A seed: the generated case of that seed, shrunk by fast-check's own shrinker.
          id = `seed-${arg}`;
          const arb = generatedCaseArb(DIFFERENTIAL_CONSTRAINTS);
          const first = fc.sample(arb, { seed: seedNumber(arg), numRuns: 1 })[0]!;
          const want = signature(await runner.run(id, first.scenario));
          if (want === 'PASS') throw new InputError(arg, '$', `the generated case of seed ${arg} passes on this simulator: nothing to shrink`);
          const out = await fc.check(fc.asyncProperty(arb, async (g) => signature(await runner.run(id, g.scenario)) !== want), { seed: seedNumber(arg), numRuns: 1, endOnFailure: false });
          start = out.counterexample ? out.counterexample[0].scenario : first.scenario;
        } else {
          const r = await findResult(o.report, arg);
          if (r.status === 'PASS' || !r.scenario) throw new InputError(arg, '$', 'this case passed: nothing to shrink');
          await checkReproCards(o.report, info, arg, r.scenario, cards, o.cards ?? []);
          id = arg;
          start = r.scenario;
          recorded = r.status;
          if (r.cause === 'card') runCard = r.causeDetail;
        }
        const now = await runner.run(id, start);
        const want = signature(now);
        if (want === 'PASS') throw new InputError(arg, '$', 'the case passes on this simulator now: nothing to shrink');
        // Shrinking keeps the failure the simulator shows now: it must be of the kind the report holds (a FAIL, a
        // CRASH...), not another (a simulator that crashes or hangs since would give a repro of that instead); a FAIL
        // whose first divergence moved is still that failure.
        if (recorded !== undefined && now.result.status !== recorded) throw new InputError(arg, '$', `the report holds a ${recorded} of this case, and the simulator now answers it with ${want}: not the same failure (run the case again with arbiter run, then make the repro of its new result)`);
        const shrunk = await shrink(start, cards, async (s) => signature(await runner.run(id, s)) === want);
        const final = await runner.run(id, shrunk.scenario);
        const r = final.result;
        // The repro stands alone: the simulator's own random picks forced, and the reference outcome at the first
        // divergence stated as its expectation (checked on the reference engine before it is written).
        let body: Scenario = { ...shrunk.scenario };
        if (final.simRandom?.length) {
          const forced = { ...body, random: final.simRandom };
          try { runScenario(forced, 'repro', { cards }); body = forced; } catch { /* its picks cannot happen on the reference engine: left open */ }
        }
        const stated = r.expected ? expectAtDivergence(r.expected, r.divergences, cards) : {};
        // rule ids only: a first divergence that could not be placed names none
        const rules = [...new Set([...(r.attribution && r.attribution.rule !== UNATTRIBUTED ? [r.attribution.rule] : []), ...r.diagnosis.map((d) => d.rule), ...start.rules])];
        const cause = runCard !== undefined ? { cause: 'card', card: runCard } : r.cause ? { cause: r.cause } : {};
        const draft: Scenario = { ...body, id: `${id}-repro`.replace(/[^a-z0-9-]/g, '-'), title: `Repro: ${start.title}`, rules, expect: {}, generated: { ...(start.generated ?? {}), from: arg, signature: want, simulator: command.join(' '), ...cause, ...(r.attribution ? { attribution: r.attribution } : {}) } };
        // The stated outcome: the reference engine's at the first divergence, else the case's own, if it holds.
        const repro: Scenario = { ...draft, expect: holdingExpect(draft, [stated, body.expect], cards) };
        process.stdout.write(showControls(`shrunk ${arg} to ${shrunk.minions} minions, ${shrunk.actions} actions (${shrunk.tries} tries); divergence: ${want}\n`));
        if (runCard !== undefined) process.stdout.write(showControls(`  cause in the run: card ${runCard} (its card conformance case fails on this simulator too)\n`));
        if (r.attribution) process.stdout.write(showControls(`  first divergence: rule ${r.attribution.rule}${runCard === undefined ? ` (${r.cause ?? 'rule'})` : ''} at ${r.attribution.at}: ${r.attribution.step}\n`));
        for (const d of r.diagnosis) process.stdout.write(showControls(`  matches mutant ${d.mutant}: rule ${d.rule} (${d.text})\n`));
        let files: ReturnType<typeof writeRepro>;
        try {
          files = writeRepro(o.out, repro.id, repro, { command, expected: r.expected!, rules, divergence: want, cards, cardFiles: o.cards ?? [] });
        } catch (e) {
          // The folder changed while shrinking (or the disk is full): the shrunk scenario is printed instead.
          throw unwritten((s) => process.stdout.write(s), o.out, e, [{ name: `the shrunk scenario (${repro.id}.json)`, data: repro }]);
        }
        process.stdout.write(`wrote ${files.scenario}\nwrote ${files.test}\n${files.python ? `wrote ${files.python}\n` : ''}run the test: ${files.run}\n`);
      } finally {
        await runner.close();
      }
    });
}
