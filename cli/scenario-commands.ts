/** `arbiter run-scenario` and `arbiter trace`: scenarios on the reference engine, several in one process. */
import type { Command } from 'commander';
import type { HostCardPool } from '../engine/host/load.js';
import type { GoldenStatus } from '../golden/suite.js';
import { mutantOption, parseAnyMutants, cardsOption, hostCardsOption } from './options.js';
import { scenarioFiles } from './scenario-files.js';
import { setExitCode } from './exit-code.js';

/** What the commands run, loaded when one of them runs (not for `arbiter --help` or another command). */
async function engine() {
  const [pool, load, run, format, tree, judge, invariants, suite, goldenFormat, host, hostJudge, hostRun, variants, validation] = await Promise.all([
    import('../engine/cards/pool.js'), import('../engine/scenario/load.js'), import('../engine/scenario/run.js'),
    import('../engine/trace/format.js'), import('../engine/trace/tree.js'), import('../engine/scenario/judge.js'),
    import('../properties/invariants/index.js'), import('../golden/suite.js'), import('../golden/format.js'), import('../engine/host/load.js'),
    import('../engine/host/judge.js'), import('../engine/host/run.js'), import('../engine/scenario/variants.js'), import('../engine/validation.js'),
  ]);
  return { ...pool, ...load, ...run, ...format, ...tree, ...judge, ...invariants, ...suite, ...goldenFormat, ...host, ...hostJudge, ...hostRun, ...variants, InputError: validation.InputError };
}

/** A scenario's result as `golden verify` states it (golden/suite.ts statusOf): PASS, FAIL, XFAIL or XPASS. */
type ScenarioStatus = Exclude<GoldenStatus, 'error'>;

function resultText(r: { id: string; title: string; status: ScenarioStatus; failures: string[]; reason?: string }, label: Record<ScenarioStatus, string>): string {
  const head = `${label[r.status]} ${r.id}: ${r.title}\n`;
  if (r.status === 'pass') return head;
  if (r.status === 'unexpected-pass') return head + '  - marked "status": "expected-fail" but every expectation holds: remove the marking\n';
  const why = r.status === 'expected-fail' ? `  (expected to fail${r.reason ? `: ${r.reason}` : ''})\n` : '';
  return head + why + r.failures.map((f) => `  - ${f}\n`).join('');
}

/** `N passed, M failed`, then the expected failures and unexpected passes when there are any (golden/suite.ts summarize). */
function countLine(n: Record<GoldenStatus, number>): string {
  const extra = [n['expected-fail'] ? `, ${n['expected-fail']} expected-fail` : '', n['unexpected-pass'] ? `, ${n['unexpected-pass']} unexpected pass` : ''];
  return `${n.pass} passed, ${n.fail} failed${extra.join('')}`;
}

/** The case's outcome is what its file says: a pass, or the failure an expected-fail case states. */
const holds = (s: ScenarioStatus) => s === 'pass' || s === 'expected-fail';

export function addScenarioCommands(program: Command): void {
  program
    .command('run-scenario')
    .description('run scenario files on the reference engine and check their expectations (exit 0 when they all hold)')
    .argument('<files...>', 'scenario JSON files or folders of them (arbiter-scenario/1, see spec/schema/scenario.schema.json)')
    .addOption(mutantOption())
    .addOption(cardsOption())
    .addOption(hostCardsOption())
    .option('--json', 'print the result as JSON (an array when there are several files)')
    .action(async (args: string[], o: { mutant: string[]; cards?: string[]; hostCards?: string[]; json?: boolean }) => {
      const { loadCardPool, profileOf, loadHostCards, loadHostScenario, judgeHostScenario, checkTrace, withVariants, loadScenario, judgeScenario, traceJudge, statusOf, summarize, LABEL, InputError } = await engine();
      const cards = loadCardPool(o.cards ?? []);
      const { hs: mutants, host } = parseAnyMutants(o.mutant);
      const files = scenarioFiles(args);
      let hostCards: HostCardPool | undefined;
      // A file that is bad input (its JSON, a reference, an action its case does not mark illegal and the engine
      // refuses) is an ERROR of its own when there are several: the other files are still judged, and the run exits 2.
      const errors: { file: string; message: string }[] = [];
      // In file order: each file's results, or its error (the index of the result it comes before).
      const errorAt: number[] = [];
      let judged = 0;
      const each = <T>(file: string, judge: () => T[]): T[] => {
        if (files.length === 1) return judge();
        try { const rs = judge(); judged += rs.length; return rs; } catch (e) {
          if (!(e instanceof InputError)) throw e;
          errors.push({ file, message: e.message });
          errorAt.push(judged);
          return [];
        }
      };
      // One result per scenario and per variant it lists; a Host scenario ("profile": "host") on the Host kernel.
      const results = files.flatMap((file) => each(file, () => profileOf(file) === 'host' ? [(() => {
        hostCards ??= loadHostCards(o.hostCards ?? []);
        const s = loadHostScenario(file, hostCards);
        const { failures, final } = judgeHostScenario(s, file, hostCards, { mutants: host, invariants: (t) => checkTrace(t) });
        return { id: s.id, title: s.title, status: statusOf(undefined, failures), failures, final: final as unknown };
      })()] : withVariants(loadScenario(file, cards)).map((s) => {
        const { failures, final } = judgeScenario(s, file, cards, { mutants, invariants: traceJudge });
        return { id: s.id, title: s.title, status: statusOf(s.status, failures), failures, final, ...(s.reason ? { reason: s.reason } : {}) };
      })));
      if (o.json) {
        const json: unknown[] = [];
        const error = (k: number) => json.push({ file: errors[k]!.file, ok: false, status: 'error', failures: [errors[k]!.message] });
        let k = 0;
        results.forEach(({ id, status, failures, final }, i) => {
          for (; k < errors.length && errorAt[k] === i; k++) error(k);
          json.push({ id, ok: holds(status), status, failures, final });
        });
        for (; k < errors.length; k++) error(k);
        process.stdout.write(JSON.stringify(json.length === 1 ? json[0] : json, null, 2) + '\n');
      } else {
        const error = (k: number) => process.stdout.write(`${LABEL.error} ${errors[k]!.file}\n  - ${errors[k]!.message}\n`);
        let k = 0;
        results.forEach((r, i) => {
          for (; k < errors.length && errorAt[k] === i; k++) error(k);
          process.stdout.write(resultText(r, LABEL));
        });
        for (; k < errors.length; k++) error(k);
        if (results.length + errors.length > 1) process.stdout.write(countLine(summarize(results)) + (errors.length ? `, ${errors.length} ${errors.length === 1 ? 'error' : 'errors'} (bad input)` : '') + '\n');
      }
      // The errors on stderr too, one line each, as a single bad file's error is.
      for (const x of errors) process.stderr.write(`arbiter: ${x.message}\n`);
      setExitCode(errors.length ? 2 : results.every((r) => holds(r.status)) ? 0 : 1);
    });

  program
    .command('trace')
    .description('print the trace of scenarios as an indented tree (or JSON lines with --json)')
    .argument('<files...>', 'scenario JSON files or folders of them')
    .addOption(mutantOption())
    .addOption(cardsOption())
    .addOption(hostCardsOption())
    .option('--json', 'print the trace as JSON lines (sorted keys, one record per line)')
    .action(async (args: string[], o: { mutant: string[]; cards?: string[]; hostCards?: string[]; json?: boolean }) => {
      const { loadCardPool, profileOf, loadHostCards, loadHostScenario, runHostScenario, runScenario, loadScenario, traceToJsonl, traceTree } = await engine();
      const cards = loadCardPool(o.cards ?? []);
      const { hs: mutants, host } = parseAnyMutants(o.mutant);
      const files = scenarioFiles(args);
      for (const file of files) {
        const r = profileOf(file) === 'host'
          ? (() => { const hc = loadHostCards(o.hostCards ?? []); return runHostScenario(loadHostScenario(file, hc), file, { cards: hc, mutants: host }); })()
          : runScenario(loadScenario(file, cards), file, { cards, mutants });
        if (files.length > 1 && !o.json) process.stdout.write(`== ${file}\n`);
        process.stdout.write(o.json ? traceToJsonl(r.trace) : traceTree(r.trace));
      }
    });
}
