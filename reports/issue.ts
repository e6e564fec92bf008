/** `arbiter report issue <case-id>`: an issue-ready Markdown regression report for one failing case. */
import { createTwoFilesPatch } from 'diff';
import type { CaseResult } from '../differential/runner.js';
import type { TraceRecord } from '../engine/trace/format.js';
import { eventSignature } from '../differential/compare.js';
import { rule } from '../engine/rules.js';
import { readReportTrace } from './files.js';
import { failureText } from './write.js';
import { hostFactRows } from './issue-host.js';
import { showControls } from './escape.js';

const trace = (dir: string, rel: string | undefined) => readReportTrace<TraceRecord>(dir, rel);

export function issueMarkdown(dir: string, r: CaseResult, o: { command: string; scenarioFile?: string; shrunk?: { file: string; scenario: unknown } }): string {
  const host = r.profile === 'host';
  // The Host case file to run again: the shrunk one, else the case's own (a generated game has none).
  const hostFile = o.shrunk?.file ?? (r.origin.startsWith('generated:') ? undefined : r.origin);
  const a = r.attribution;
  // The rule of the first divergence first; the mutant diagnosis and the case's cited rules as context.
  // a CRASH at an action the rules allow carries the rule that allows it (differential/verdict.ts refusalDiagnosis)
  const ruled = a && (r.cause === 'rule' || (r.status === 'CRASH' && !r.cause));
  const rules = [...new Set([...(ruled ? [a.rule] : []), ...r.diagnosis.map((d) => d.rule), ...r.rules])];
  const main = ruled ? a.rule : r.diagnosis[0]?.rule;
  const title = r.cause === 'card'
    ? `Card differs from its text (${r.causeDetail ?? '?'}): ${r.title}`
    : r.cause === 'assumption'
      ? `Differs on an assumption of the case: ${r.title}`
      : main
        ? `Rule ${main} broken: ${r.title}`
        : `${r.status}: ${r.title} (rules ${r.rules.join(', ')})`;
  const ref = trace(dir, r.traces?.reference);
  const sim = trace(dir, r.traces?.simulator);
  const diff = ref && sim
    ? createTwoFilesPatch('reference engine', r.simulator.name, eventSignature(ref, r.simulator.fidelity, host ? 'host' : 'hearthstone').join('\n') + '\n', eventSignature(sim, r.simulator.fidelity, host ? 'host' : 'hearthstone').join('\n') + '\n', undefined, undefined, { context: 3 })
    : createTwoFilesPatch('reference engine (final state)', `${r.simulator.name} (final state)`, JSON.stringify((host ? r.host?.expected : r.expected) ?? null, null, 1) + '\n', JSON.stringify((host ? r.host?.actual : r.actual) ?? null, null, 1) + '\n', undefined, undefined, { context: 3 });
  const ruleText = rules.map((id) => `- **${id}** — ${rule(id)?.title ?? ''}\n\n  > ${(rule(id)?.text ?? '(not in the catalog)').replace(/\n/g, ' ')}\n\n  (source: ${rule(id)?.source ?? '?'})`).join('\n');
  // The simulator's text in it with its control characters escaped, as in the other reports.
  return showControls(`# ${title}

**Simulator:** ${r.simulator.name} ${r.simulator.version} (fidelity: ${r.simulator.fidelity})
**Case:** \`${r.case}\` (${r.origin}) · **status:** ${r.status}

## Rule broken
${r.cause ? `**Cause:** ${r.cause}${r.causeDetail ? ` (${r.causeDetail})` : ''}${a ? ` · **first divergence:** rule ${a.rule} at \`${a.at}\` (${a.basis}): ${a.step}` : ''}

` : ruled ? `**Stopped at** \`${a.at}\`, an action the rules allow: rule ${a.rule} (${a.basis}): ${a.step}

` : ''}${ruleText}

## What happens
${failureText(r).split('\n').map((l) => `- ${l}`).join('\n')}

## Expected vs actual
${host ? `| | expected (Arbiter's Host kernel) | actual (${r.simulator.name}) |
|---|---|---|
${r.host ? hostFactRows(r) : '| result | - | - |'}` : `${hsTable(r)}`}

## Trace diff
${diff.includes('\n@@') ? `\`\`\`diff\n${diff.split('\n').filter((l) => !/^=+$/.test(l)).join('\n').trimEnd()}\n\`\`\`` : '_No difference in the events or end state: the failure is in the structure of the simulator\'s own trace (the invariants listed under "What happens")._'}

## Minimal scenario
${o.shrunk ? `Shrunk by \`arbiter repro\` (${o.shrunk.file}):` : `Not shrunk yet (\`arbiter repro ${r.case}\` writes the smallest scenario that still shows it): the case as sent.`}
\`\`\`json
${JSON.stringify(o.shrunk?.scenario ?? r.scenario ?? r.host?.scenario ?? null, null, 2)}
\`\`\`

## Reproduce
\`\`\`sh
${o.scenarioFile ? `npx arbiter run-scenario ${o.scenarioFile}            # the reference engine's outcome\n` : ''}npx arbiter repro ${r.case} --sim ${JSON.stringify(o.command)}   # shrink it and write a ready test
${host ? (hostFile ? `npx arbiter run --profile host --cases ${hostFile} --sim ${JSON.stringify(o.command)}   # run the case against the simulator` : '') : `npx arbiter run --sim ${JSON.stringify(o.command)} --resume           # re-run the suite`}
\`\`\`
`);
}

/** The Hearthstone "Expected vs actual" rows: result, each player's hero health, board and hand. */
function hsTable(r: CaseResult): string {
  const rows = [0, 1].map((i) => {
    const e = r.expected?.players[i];
    const a = r.actual?.players[i];
    const b = (p: typeof e) => (p ? p.board.map((m) => `${m.card} ${m.attack}/${m.health}`).join(', ') || '(empty)' : '-');
    const side = i ? 'B' : 'A';
    return `| player ${side} hero health | ${e?.hero.health ?? '-'} | ${a?.hero.health ?? '-'} |\n| player ${side} board | ${b(e)} | ${b(a)} |\n| player ${side} hand | ${e?.hand.join(', ') ?? '-'} | ${a?.hand.join(', ') ?? '-'} |`;
  });
  return `| | expected (Arbiter reference engine) | actual (${r.simulator.name}) |\n|---|---|---|\n| result | ${r.expected?.result ?? '-'} | ${r.actual?.result ?? '-'} |\n${rows.join('\n')}`;
}
