/** report.html stays small with many cases: each failure's heavy parts are a JSON block drawn only on expand. */
import { describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MAX_RECORDS_SHOWN, renderHtml } from './html.js';
import { summarize } from './summary.js';
import { heatCells, shareColour } from './heatmap.js';
import type { CaseResult } from '../differential/runner.js';
import type { Verdict } from './expectations.js';

const sim = { name: 'sim', version: '1', fidelity: 'final_state' as const };
const base = { origin: 'x', title: 't', simulator: sim, divergences: [], violations: [], diagnosis: [] };

describe('report.html', () => {
  it('10,000 failures: no drawn detail in the page, a JSON block per case, a few hundred bytes each', () => {
    const results: CaseResult[] = Array.from({ length: 10_000 }, (_, i) => ({
      ...base, case: `generated-${String(i).padStart(5, '0')}`, status: 'FAIL' as const, rules: ['7'], cause: 'rule' as const,
      attribution: { rule: '7', at: 'final', step: 's', basis: 'final' as const },
      divergences: [{ path: 'final.result', expected: 'ongoing', actual: 'A_wins' }] as never,
      scenario: { title: '</script><script>alert(1)</script>', rules: ['7'] } as never,
    }));
    const verdicts = Object.fromEntries(results.map((r) => [r.case, 'NEW FAIL' as Verdict]));
    const html = renderHtml('.', results, summarize(results, verdicts, 'sim 1'), { simulator: sim, command: 'x' });
    expect(html.match(/<script type="application\/json" class="case-data">/g)).toHaveLength(10_000);
    // nothing heavy is drawn before a failure is expanded
    const page = html.replace(/<script type="application\/json" class="case-data">[^<]*<\/script>/g, '').replace(/<script>[\s\S]*?<\/script>/g, '');
    expect(/<pre|<table class="state"|data-testid="trace-diff"/.test(page)).toBe(false);
    // the per-rule matrix names a rule's first failing cases, not all 10,000
    expect(/generated-09999<\/td>/.test(page)).toBe(false);
    expect(page).toContain('… and 9950 more');
    // a case's text cannot end its block early: '<' is written \\u003c inside the JSON
    expect(html).not.toContain('</script><script>alert(1)');
    const block = /<script type="application\/json" class="case-data">([^<]*)<\/script>/.exec(html)![1]!;
    expect(JSON.parse(block).scenario.title).toBe('</script><script>alert(1)</script>');
    expect(html.length / 10_000).toBeLessThan(2_500);
  });

  it('a simulator trace of more records than a section shows is shown from its start, with a note naming the whole trace', () => {
    const dir = mkdtempSync(join(tmpdir(), 'arbiter-bigtrace-'));
    try {
      mkdirSync(join(dir, 'traces'));
      const rec = (k: number) => JSON.stringify({ t: 'event', e: 'heal', source: 1, target: 1, amount: k });
      const ref = [JSON.stringify({ t: 'entity', id: 1, card: 'HERO_08', name: 'Jaina', type: 'hero', controller: 0, zone: 'play' }), rec(0)];
      const flood = [...ref, ...Array.from({ length: MAX_RECORDS_SHOWN + 500 }, (_, k) => rec(k + 1))];
      writeFileSync(join(dir, 'traces', 'c.reference.jsonl'), ref.join('\n') + '\n');
      writeFileSync(join(dir, 'traces', 'c.simulator.jsonl'), flood.join('\n') + '\n');
      const r: CaseResult = { ...base, case: 'c', status: 'FAIL', rules: ['health'], simulator: { ...sim, fidelity: 'events' }, traces: { reference: 'traces/c.reference.jsonl', simulator: 'traces/c.simulator.jsonl' } } as CaseResult;
      const html = renderHtml(dir, [r], summarize([r], { c: 'NEW FAIL' }, 'sim 1'), { simulator: sim, command: 'x' });
      const data = JSON.parse(/<script type="application\/json" class="case-data">([^<]*)<\/script>/.exec(html)![1]!) as { treeSim: string; diff: string[] };
      expect(data.treeSim.startsWith(`(${flood.length} records: the first ${MAX_RECORDS_SHOWN} are shown here; the whole trace is traces/c.simulator.jsonl)`)).toBe(true);
      expect(data.treeSim).not.toContain(`amount=${MAX_RECORDS_SHOWN + 10}`);
      expect(html.length).toBeLessThan(2_000_000);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the heat map: a row per simulator, a cell per rule, coloured by fail share', () => {
    const other = { ...sim, name: 'other' };
    const results: CaseResult[] = [
      { ...base, case: 'a', status: 'FAIL', rules: ['7'], cause: 'rule', attribution: { rule: '7', at: 'x', step: 's', basis: 'final' } },
      { ...base, case: 'b', status: 'PASS', rules: ['7'] },
      { ...base, case: 'c', status: 'PASS', rules: ['3'] },
      { ...base, simulator: other, case: 'a', status: 'FAIL', rules: ['7'], cause: 'rule', attribution: { rule: '7', at: 'x', step: 's', basis: 'final' } },
    ];
    const { sims, rules, cells } = heatCells(results);
    expect(sims).toEqual(['other 1', 'sim 1']);
    expect(rules).toEqual(['3', '7']);
    expect(cells.map((c) => [c.sim, c.rule, c.share])).toEqual([['other 1', '3', null], ['other 1', '7', 1], ['sim 1', '3', 0], ['sim 1', '7', 0.5]]);
    expect([shareColour(0), shareColour(0.5), shareColour(1)]).toEqual(['hsl(120,70%,50%)', 'hsl(60,70%,50%)', 'hsl(0,70%,50%)']);
    const verdicts = { a: 'NEW FAIL', b: 'PASS', c: 'PASS' } as Record<string, Verdict>;
    const html = renderHtml('.', results, summarize(results, verdicts, 'sim 1'), { simulator: sim, command: 'x' });
    expect(html.match(/<rect class="cell"/g)).toHaveLength(4);
    expect(html).toContain('fill="hsl(60,70%,50%)" data-rule="7" data-sim="sim 1" data-share="0.500"');
  });
});
