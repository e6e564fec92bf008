/**
 * `arbiter repro` for a failing result of `arbiter run --profile host`: the Host scenario shrunk against the simulator
 * (through its adapter, judged as the Host run judges) to the smallest scenario whose result has the same signature
 * (the same rule and first divergence: differential/host-one.ts), with the Host kernel's final values at the
 * divergences as its stated outcome, written as a scenario file and a ready vitest test.
 */
import { existsSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { InputError, ROOT } from '../engine/validation.js';
import type { HostExpect, HostScenario, Side } from '../engine/host/format.js';
import { loadHostScenario, parseHostScenario, type HostCardPool } from '../engine/host/load.js';
import { runHostScenario, type HostFinal } from '../engine/host/run.js';
import { checkHostExpect } from '../engine/host/expect.js';
import { judgeHostScenario } from '../engine/host/judge.js';
import type { CaseResult } from '../differential/verdict.js';
import type { Divergence } from '../differential/compare.js';
import { HostOneCaseRunner, hostSignature } from '../differential/host-one.js';
import { hostSize, shrinkHostAsync } from '../properties/host-shrink.js';
import { checkTrace } from '../properties/invariants/index.js';
import { writeHostRepro, type HostReproFiles } from './write-host.js';

const clone = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;

/** The Host scenario a result was run with: kept in the result, else its case file (a result written without it). */
export function hostScenarioOf(r: CaseResult, cards: HostCardPool): HostScenario {
  if (r.host?.scenario) return clone(r.host.scenario);
  const file = [r.origin, isAbsolute(r.origin) ? '' : join(ROOT, r.origin)].find((f) => f && !f.startsWith('generated:') && existsSync(f));
  if (!file) throw new InputError(r.case, '$', `the result holds no Host scenario and its case file "${r.origin}" is not here (run \`arbiter run --profile host\` again)`);
  return loadHostScenario(file, cards);
}

/** A stated outcome from the Host kernel's final state at the divergences (final-state paths: result, players, entities). */
export function hostExpectAt(ref: HostFinal, parts: readonly Divergence[]): HostExpect {
  const out: HostExpect = {};
  for (const d of parts) {
    if (d.path === 'result') { out.result = ref.result; continue; }
    const p = /^players\.([AB])\.([a-z]+)(?:\.(.+))?$/.exec(d.path);
    if (p) {
      const side = p[1] as Side;
      const want = ((out.players ??= {})[side] ??= {});
      const key = p[2] as keyof HostFinal['players']['A'];
      if (key === 'resources' && p[3]) want.resources = { ...(want.resources ?? {}), [p[3]]: ref.players[side].resources[p[3]] ?? 0 };
      else if (key !== 'resources') (want as Record<string, unknown>)[key] = ref.players[side][key];
      continue;
    }
    const e = /^entities\.([^.]+)\.([a-zA-Z]+)$/.exec(d.path);
    const ent = e ? ref.entities[e[1]!] : undefined;
    if (e && ent) (out.entities ??= {})[e[1]!] = { ...(out.entities?.[e[1]!] ?? {}), [e[2]!]: (ent as Record<string, unknown>)[e[2]!] };
  }
  return out;
}

export interface HostRepro { files?: HostReproFiles; writeError?: { dir: string; error: unknown }; want: string; tries: number; before: { actions: number; cards: number }; after: { actions: number; cards: number }; scenario: HostScenario }

export async function reproHost(r: CaseResult, o: { command: string[]; cards: HostCardPool; timeoutMs: number; outDir: string; hostCards?: readonly string[] }): Promise<HostRepro> {
  const id = r.case;
  const s0 = hostScenarioOf(r, o.cards);
  const runner = new HostOneCaseRunner(o.command, o.cards, o.timeoutMs);
  try {
    const want = hostSignature((await runner.run(id, s0)).result);
    if (!want.startsWith('FAIL') && !want.startsWith('ERROR')) throw new InputError(id, '$', `the case ${want === 'PASS' ? 'passes' : `is ${want}`} on this simulator now: nothing to shrink`);
    // A candidate counts when the Host kernel takes it (a valid scenario and script, its stated outcome holding) and the
    // simulator's result has the same signature; a crash, a hang or another divergence does not count.
    // A candidate the Host kernel refuses (bad input) or stops on does not count; an adapter that cannot be started
    // again stops the command (AdapterStartError: the --sim command is at fault, not the candidate).
    const fails = async (c: HostScenario): Promise<boolean> => {
      let parsed: HostScenario;
      try {
        parsed = parseHostScenario('<repro>', clone(c), o.cards);
        const ref = runHostScenario(parsed, '<repro>', { cards: o.cards });
        if (ref.error || checkHostExpect(parsed.expect, ref).length) return false;
      } catch {
        return false;
      }
      return hostSignature((await runner.run(id, parsed)).result) === want;
    };
    // Without the stated outcome when the divergence does not need it (removing parts would break it).
    const bare = { ...s0, expect: {} };
    const start = (await fails(bare)) ? bare : s0;
    const shrunk = await shrinkHostAsync(start, fails);
    const final = await runner.run(id, shrunk.scenario);
    const stated = hostExpectAt(final.ref.final, (final.result.parts ?? []).filter((d) => d.path !== 'expect'));
    const rules = [...new Set([...(final.result.rule ? [final.result.rule] : []), ...s0.rules])];
    let repro: HostScenario = { ...shrunk.scenario, id: `${id}-repro`.replace(/[^a-z0-9-]/g, '-'), title: `Repro: ${s0.title}`, rules, expect: mergeExpect(shrunk.scenario.expect, stated) };
    // The stated outcome must hold on the Host kernel, with no invariant broken: else the shrunk scenario's own.
    if (judgeHostScenario(clone(repro), '<repro>', o.cards, { invariants: checkTrace }).failures.length) repro = { ...repro, expect: shrunk.scenario.expect };
    const done = { want, tries: shrunk.tries, before: hostSize(s0), after: hostSize(repro), scenario: repro };
    try {
      return { ...done, files: writeHostRepro(o.outDir, repro.id, repro, { command: o.command, rules, divergence: want, hostCards: o.hostCards ?? [] }) };
    } catch (error) {
      // The folder changed while shrinking (or the disk is full): the caller prints the shrunk scenario instead.
      return { ...done, writeError: { dir: o.outDir, error } };
    }
  } finally {
    await runner.close();
  }
}

function mergeExpect(a: HostExpect, b: HostExpect): HostExpect {
  const out: HostExpect = { ...a, ...(b.result !== undefined ? { result: b.result } : {}) };
  if (a.entities || b.entities) {
    out.entities = { ...(a.entities ?? {}) };
    for (const [l, v] of Object.entries(b.entities ?? {})) out.entities[l] = { ...(out.entities[l] ?? {}), ...v };
  }
  if (a.players || b.players) {
    out.players = { ...(a.players ?? {}) };
    for (const [side, v] of Object.entries(b.players ?? {}) as [Side, NonNullable<HostExpect['players']>[Side]][]) out.players[side] = { ...(out.players[side] ?? {}), ...v, ...(v?.resources ? { resources: { ...(out.players[side]?.resources ?? {}), ...v.resources } } : {}) };
  }
  return out;
}
