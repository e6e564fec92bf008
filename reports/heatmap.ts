/**
 * The simulator x rule heat map of report.html's summary header: an inline SVG, one row per simulator (a merged or
 * combined report may hold several), one column per rule, each cell coloured by the share of that rule's results
 * that fail (FAIL charged to the rule, or ERROR): green at none, through yellow, to red at all; grey when the rule has
 * no pass, fail or error for that simulator. Each cell carries its counts in a tooltip and in data attributes, and a
 * click on it filters the failures by its rule (report.html's script).
 */
import type { CaseResult } from '../differential/runner.js';
import { ruleMatrix, ruleTitle } from './summary.js';
import { escapeMarkup as esc } from './escape.js';

/** Fill colour of a fail share in [0, 1]: hue 120 (green) down to 0 (red). */
export function shareColour(share: number): string {
  return `hsl(${Math.round(120 * (1 - Math.min(1, Math.max(0, share))))},70%,50%)`;
}

export interface HeatCell { sim: string; rule: string; pass: number; fail: number; error: number; share: number | null }

/** The cells: every simulator of the results against every rule any of them has. */
export function heatCells(results: CaseResult[]): { sims: string[]; rules: string[]; cells: HeatCell[] } {
  const bySim = new Map<string, CaseResult[]>();
  for (const r of results) {
    const k = `${r.simulator.name} ${r.simulator.version}`.trim();
    const list = bySim.get(k) ?? [];
    list.push(r);
    bySim.set(k, list);
  }
  const sims = [...bySim.keys()].sort();
  const matrices = new Map(sims.map((s) => [s, ruleMatrix(bySim.get(s)!)]));
  const rules = [...new Set(sims.flatMap((s) => [...matrices.get(s)!.keys()]))].sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  const cells: HeatCell[] = [];
  for (const sim of sims) {
    for (const rule of rules) {
      const x = matrices.get(sim)!.get(rule);
      const pass = x?.pass ?? 0;
      const fail = x?.fail ?? 0;
      const error = x?.error ?? 0;
      const n = pass + fail + error;
      cells.push({ sim, rule, pass, fail, error, share: n ? (fail + error) / n : null });
    }
  }
  return { sims, rules, cells };
}

/** The heat map as an inline SVG (no external assets). */
export function heatmapSvg(results: CaseResult[]): string {
  const { sims, rules, cells } = heatCells(results);
  if (!rules.length) return '<p class="muted">(no rule results)</p>';
  const cell = 18;
  const left = Math.min(260, 12 + 7 * Math.max(...sims.map((s) => s.length)));
  const top = 12 + 6 * Math.max(...rules.map((r) => r.length));
  // the rotated column labels reach right by about half their height
  const width = left + rules.length * cell + Math.ceil(top / 2) + 10;
  const height = top + sims.length * cell + 10;
  const out: string[] = [`<svg id="heatmap" xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="fail share per simulator and rule">`];
  rules.forEach((r, i) => {
    const x = left + i * cell + cell / 2 + 4;
    out.push(`<text x="${x}" y="${top - 4}" transform="rotate(-60 ${x} ${top - 4})" font-size="11">${esc(r)}</text>`);
  });
  sims.forEach((s, j) => out.push(`<text x="${left - 6}" y="${top + j * cell + cell - 5}" font-size="11" text-anchor="end">${esc(s.length > 36 ? s.slice(0, 35) + '…' : s)}</text>`));
  for (const c of cells) {
    const i = rules.indexOf(c.rule);
    const j = sims.indexOf(c.sim);
    const fill = c.share === null ? '#e4e4e4' : shareColour(c.share);
    const tip = `${c.sim} · rule ${c.rule} ${ruleTitle(c.rule)}: ${c.share === null ? 'no pass, fail or error' : `${c.fail} fail, ${c.error} error, ${c.pass} pass (${Math.round(c.share * 100)}% failing)`}`;
    out.push(`<rect class="cell" x="${left + i * cell}" y="${top + j * cell}" width="${cell - 1}" height="${cell - 1}" fill="${fill}" data-rule="${esc(c.rule)}" data-sim="${esc(c.sim)}" data-share="${c.share === null ? '' : c.share.toFixed(3)}"><title>${esc(tip)}</title></rect>`);
  }
  out.push('</svg>');
  return out.join('');
}
