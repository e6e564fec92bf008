/**
 * report.html: one self-contained page (no external assets). A summary header with the simulator x rule heat map
 * (heatmap.ts), the per-rule matrix; then each failure, collapsed, with what differed on its summary line; expanding
 * it draws its expected and actual state side by side, the trace diff, both engines' phase and queue trees (so a
 * reader sees where they part) and the scenario, from a JSON block embedded per case and parsed only then.
 */
import { createTwoFilesPatch } from 'diff';
import type { CaseResult } from '../differential/runner.js';
import type { TraceRecord } from '../engine/trace/format.js';
import { traceTree } from '../engine/trace/tree.js';
import { eventSignature } from '../differential/compare.js';
import type { ComparableState } from '../differential/protocol.js';
import { rule } from '../engine/rules.js';
import { failureMessage, ruleMatrix, ruleTitle, summaryLine, type ReportOptions, type Summary } from './summary.js';
import { readReportTrace } from './files.js';
import { heatmapSvg } from './heatmap.js';
import { escapeMarkup as esc, showControls } from './escape.js';

const readTrace = (dir: string, rel: string | undefined) => readReportTrace<TraceRecord>(dir, rel);

function stateTable(s: ComparableState | undefined, other: ComparableState | undefined): string {
  if (!s) return '<p class="muted">(none)</p>';
  const rows: string[] = [`<tr><th colspan="2">result: ${esc(s.result)}</th></tr>`];
  s.players.forEach((p, i) => {
    const o = other?.players[i];
    const mark = (a: unknown, b: unknown) => (o && JSON.stringify(a) !== JSON.stringify(b) ? ' class="diff"' : '');
    rows.push(`<tr><th>player ${i === 0 ? 'A' : 'B'} hero</th><td${mark(p.hero.health, o?.hero.health)}>${p.hero.health} health${p.hero.armor ? `, ${p.hero.armor} armor` : ''}</td></tr>`);
    rows.push(`<tr><th>board</th><td${mark(p.board.map((m) => [m.card, m.attack, m.health]), o?.board.map((m) => [m.card, m.attack, m.health]))}>${p.board.map((m) => `${esc(m.card)} ${m.attack}/${m.health}`).join(', ') || '(empty)'}</td></tr>`);
    rows.push(`<tr><th>hand</th><td${mark([...p.hand].sort(), o ? [...o.hand].sort() : undefined)}>${p.hand.map(esc).join(', ') || '(empty)'}</td></tr>`);
  });
  return `<table class="state">${rows.join('')}</table>`;
}

/** The lines of a unified diff between two texts (the '=====' separator line of the patch left out). */
function diffLines(a: string, b: string, nameA: string, nameB: string): string[] {
  return createTwoFilesPatch(nameA, nameB, a, b, undefined, undefined, { context: 3 }).split('\n').filter((l) => !/^=+$/.test(l));
}

/** JSON inside a <script type="application/json"> block: no '<' can end the block early. */
// JSON.stringify writes C0 controls and lone surrogates as \uXXXX; showControls writes the other characters no report shows raw so too.
const jsonBlock = (v: unknown) => showControls(JSON.stringify(v)).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

/**
 * One failure: its summary line and why it failed stay in the page; the heavy parts (state tables, trace diff, phase
 * and queue trees, scenario, stderr) are a JSON block the page's script parses and draws only when the failure is
 * first expanded, so a report of 10,000 cases stays fast to open.
 */
/** Records of a trace a failure's section shows (its tree and its part of the trace diff). */
export const MAX_RECORDS_SHOWN = 5_000;

function failureSection(dir: string, r: CaseResult, verdict: string): string {
  // A trace of more records than the page shows (a simulator that floods its trace) is shown from its start; the
  // whole trace is in traces/.
  const cut = (t: TraceRecord[] | null, file: string | undefined) => (t && t.length > MAX_RECORDS_SHOWN ? { t: t.slice(0, MAX_RECORDS_SHOWN), note: `(${t.length} records: the first ${MAX_RECORDS_SHOWN} are shown here; the whole trace is ${file ?? 'in traces/'})` } : { t, note: '' });
  const refCut = cut(readTrace(dir, r.traces?.reference), r.traces?.reference);
  const simCut = cut(readTrace(dir, r.traces?.simulator), r.traces?.simulator);
  const ref = refCut.t;
  const sim = simCut.t;
  const fid = r.simulator.fidelity;
  const prof = r.profile === 'host' ? 'host' : 'hearthstone';
  const diff = ref && sim
    ? diffLines(eventSignature(ref, fid, prof).join('\n') + '\n', eventSignature(sim, fid, prof).join('\n') + '\n', `reference engine${refCut.note ? ` ${refCut.note}` : ''}`, `${r.simulator.name}${simCut.note ? ` ${simCut.note}` : ''}`)
    : diffLines(JSON.stringify(r.expected ?? null, null, 1) + '\n', JSON.stringify(r.actual ?? null, null, 1) + '\n', 'reference engine (final state)', `${r.simulator.name} (final state)`);
  const a = r.attribution;
  const why = [
    r.cause ? `<li class="cause" data-cause="${esc(r.cause)}">cause: <b>${esc(r.cause)}</b>${r.causeDetail ? ` (${esc(r.causeDetail)})` : ''}${a ? ` — first divergence: rule <b>${esc(a.rule)}</b> ${esc(ruleTitle(a.rule))} (${esc(a.at)}: ${esc(a.step)})` : ''}</li>` : '',
    r.variant ? `<li>variant: ${esc(r.variant)} of case ${esc(r.group ?? r.case)}</li>` : '',
    r.detail ? `<li>${esc(r.detail)}</li>` : '',
    ...r.divergences.map((d) => `<li><code>${esc(d.path)}</code>: expected <code>${esc(JSON.stringify(d.expected))}</code>, got <code>${esc(JSON.stringify(d.actual))}</code></li>`),
    ...r.violations.map((v) => `<li>invariant <b>${esc(v.invariant)}</b> (rule ${esc(v.rule)}): ${esc(v.message)}</li>`),
    ...r.diagnosis.map((d) => `<li>same result as the reference engine with mutant <b>${esc(d.mutant)}</b>: rule ${esc(d.rule)} — ${esc(d.text)}</li>`),
  ].join('');
  const rules = r.rules.map((id) => `<span class="rule" title="${esc(rule(id)?.text ?? '')}">${esc(id)}</span>`).join(' ');
  const data = {
    sim: r.simulator.name,
    states: [stateTable(r.expected, r.actual), stateTable(r.actual, r.expected)],
    diff,
    ...(ref ? { treeRef: refCut.note + traceTree(ref), treeSim: sim ? simCut.note + traceTree(sim) : `(the simulator reports no trace at fidelity ${fid})` } : {}),
    scenario: r.scenario ?? r.host?.scenario ?? null,
    ...(r.stderr ? { stderr: r.stderr } : {}),
  };
  return `<details class="failure" data-case="${esc(r.case)}" data-verdict="${esc(verdict)}" data-cause="${esc(r.cause ?? r.status)}" data-rule="${esc(a?.rule ?? '')}">
<summary><span class="verdict v-${esc(verdict.replace(/ /g, '-'))}">${esc(verdict)}</span> <b>${esc(r.case)}</b> ${rules} — ${esc(r.title)}<br><span class="first">${esc(failureMessage(r))}</span></summary>
<ul class="why">${why}</ul><div class="lazy"></div><script type="application/json" class="case-data">${jsonBlock(data)}</script>
</details>`;
}

export function renderHtml(dir: string, results: CaseResult[], s: Summary, o: ReportOptions): string {
  const matrix = [...ruleMatrix(results)].map(([id, r]) => {
    const cls = r.fail + r.error > 0 ? 'bad' : r.pass > 0 ? 'good' : 'none';
    return `<tr class="${cls}"><td><b>${esc(id)}</b></td><td>${esc(ruleTitle(id))}</td><td>${r.pass}</td><td>${r.fail}</td><td>${r.unsupported}</td><td>${r.error}</td><td>${r.cases.slice(0, 50).map(esc).join(', ')}${r.cases.length > 50 ? ` … and ${r.cases.length - 50} more` : ''}</td></tr>`;
  }).join('\n');
  const failing = results.filter((r) => ['NEW FAIL', 'KNOWN FAIL', 'ERROR', 'LOST'].includes(s.verdicts[r.case]!));
  const list = failing.map((r) => `<li data-case="${esc(r.case)}"><a href="#${esc(r.case)}">${esc(r.case)}</a> <span class="verdict v-${esc(s.verdicts[r.case]!.replace(/ /g, '-'))}">${esc(s.verdicts[r.case]!)}</span></li>`).join('');
  const options = (values: string[]) => ['<option value="">all</option>', ...[...new Set(values)].sort().map((v) => `<option value="${esc(v)}">${esc(v)}</option>`)].join('');
  const filters = `<div id="filters">search <input id="search" type="search" placeholder="case id, title or what differed">
 verdict <select id="filter-verdict">${options(failing.map((r) => s.verdicts[r.case]!))}</select>
 cause <select id="filter-cause">${options(failing.map((r) => r.cause ?? r.status))}</select>
 rule <select id="filter-rule">${options(failing.map((r) => r.attribution?.rule ?? '').filter(Boolean))}</select>
 <span id="shown"></span></div>`;
  // Filters and search hide failures (and their entries in the list) that do not match; every failure starts
  // collapsed, with what differed first on its summary line.
  const script = `<script>
(function () {
  var q = function (id) { return document.getElementById(id); };
  function apply() {
    var text = q('search').value.toLowerCase(), v = q('filter-verdict').value, c = q('filter-cause').value, r = q('filter-rule').value, n = 0;
    document.querySelectorAll('details.failure').forEach(function (d) {
      var ok = (!v || d.dataset.verdict === v) && (!c || d.dataset.cause === c) && (!r || d.dataset.rule === r) && (!text || d.querySelector('summary').textContent.toLowerCase().indexOf(text) >= 0);
      d.hidden = !ok; if (ok) n++;
      var li = document.querySelector('#failure-list li[data-case="' + CSS.escape(d.dataset.case) + '"]'); if (li) li.hidden = !ok;
    });
    q('shown').textContent = n + ' shown';
  }
  ['search', 'filter-verdict', 'filter-cause', 'filter-rule'].forEach(function (id) { q(id).addEventListener('input', apply); });
  // A heat-map cell filters the failures by its rule (when a failure is charged to it).
  document.querySelectorAll('#heatmap rect.cell').forEach(function (c) {
    c.addEventListener('click', function () {
      var sel = q('filter-rule'), rule = c.getAttribute('data-rule');
      sel.value = Array.prototype.some.call(sel.options, function (o) { return o.value === rule; }) ? rule : '';
      apply();
    });
  });
  // A failure's details are drawn from its JSON block when it is first expanded.
  var esc = function (s) { return String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;'); };
  function draw(d) {
    var block = d.querySelector('script.case-data'); if (!block) return;
    var x = JSON.parse(block.textContent); block.remove();
    var h = '<div class="cols"><div><h4>expected (reference engine)</h4>' + x.states[0] + '</div><div><h4>actual (' + esc(x.sim) + ')</h4>' + x.states[1] + '</div></div>';
    h += '<h4>trace diff</h4><pre class="diff-view" data-testid="trace-diff">' + x.diff.map(function (l) {
      var c = l[0] === '+' ? 'add' : l[0] === '-' ? 'del' : l.slice(0, 2) === '@@' ? 'hunk' : 'ctx';
      return '<span class="' + c + '">' + (esc(l) || ' ') + '</span>';
    }).join('') + '</pre>';
    if (x.treeRef !== undefined) h += '<div class="cols"><div><h4>reference: phases and queues</h4><pre class="tree">' + esc(x.treeRef) + '</pre></div><div><h4>' + esc(x.sim) + ': phases and queues</h4><pre class="tree">' + esc(x.treeSim) + '</pre></div></div>';
    h += '<h4>scenario</h4><pre class="scenario">' + esc(JSON.stringify(x.scenario, null, 2)) + '</pre>';
    if (x.stderr) h += '<h4>simulator stderr</h4><pre>' + esc(x.stderr) + '</pre>';
    d.querySelector('.lazy').innerHTML = h;
  }
  document.querySelectorAll('details.failure').forEach(function (d) {
    d.addEventListener('toggle', function () { if (d.open) draw(d); });
  });
  apply();
})();
</script>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Arbiter report: ${esc(o.simulator.name)}</title>
<style>
body{font:14px/1.4 system-ui,sans-serif;margin:2em;color:#222}h1{font-size:1.5em}code,pre{font:12px/1.35 ui-monospace,monospace}
table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:3px 8px;text-align:left;vertical-align:top}
tr.bad td:first-child{background:#fdd}tr.good td:first-child{background:#dfd}.muted{color:#888}
.verdict{font-weight:bold;padding:0 4px;border-radius:3px}.v-NEW-FAIL,.v-ERROR{background:#c00;color:#fff}.v-KNOWN-FAIL{background:#fc6}.v-NEW-PASS{background:#6c6}
.rule{background:#eef;border:1px solid #99c;border-radius:3px;padding:0 3px;font-size:12px}
details.failure{border:1px solid #ddd;border-radius:4px;margin:1em 0;padding:.5em 1em}.cols{display:flex;gap:1em}.cols>div{flex:1;min-width:0}
pre{background:#f7f7f7;padding:.5em;overflow:auto;max-height:30em}.diff-view span{display:block}.add{background:#dfd}.del{background:#fdd}.hunk{color:#66a}
td.diff{background:#fee}#filters{margin:.5em 0}#filters input{width:22em}.first{color:#555;font-size:12px}
#heatmap rect.cell{cursor:pointer;stroke:#fff}#heatmap rect.cell:hover{stroke:#000}
</style></head><body>
<h1>Arbiter report: ${esc(o.simulator.name)} ${esc(o.simulator.version)}</h1>
<p>Simulator command: <code>${esc(o.command)}</code> · fidelity <b>${esc(o.simulator.fidelity)}</b></p>
<div id="summary-header"><p id="summary"><b>${esc(summaryLine(s))}</b></p>
<h2>Fail share by simulator and rule</h2><p class="muted">Each cell: the share of the rule's results that fail (green none, red all; grey: no result). Hover for the counts; click to filter the failures by the rule.</p>
${heatmapSvg(results)}</div>
<h2>Per rule</h2>
<table id="rule-matrix"><tr><th>rule</th><th>title</th><th>pass</th><th>fail</th><th>unsupported</th><th>error</th><th>failing cases</th></tr>
${matrix}</table>
<h2>Failures (${failing.length})</h2>${filters}<ul id="failure-list">${list}</ul>
${failing.map((r) => `<a id="${esc(r.case)}"></a>${failureSection(dir, r, s.verdicts[r.case]!)}`).join('\n')}
${script}
</body></html>
`;
}
