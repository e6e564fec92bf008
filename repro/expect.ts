/**
 * A repro's stated outcome: what the reference engine has at the first divergence, written as the scenario's
 * `expect`, so the repro file alone says what the simulator gets wrong (`arbiter run-scenario` checks it on the
 * reference engine; `arbiter run --cases` sends it to the simulator).
 */
import type { CardPool } from '../engine/state.js';
import type { Expect, PlayerName } from '../engine/scenario/format.js';
import type { ComparableState } from '../differential/protocol.js';
import type { Divergence } from '../differential/compare.js';
import type { Scenario } from '../engine/scenario/format.js';
import { judgeScenario } from '../engine/scenario/judge.js';

/**
 * The first of the candidate outcomes that states something and holds for the shrunk scenario on the reference
 * engine, else none: shrinking may have taken away what a case's own outcome was about.
 */
export function holdingExpect(s: Scenario, candidates: readonly (Expect | undefined)[], cards: CardPool): Expect {
  return candidates.find((e): e is Expect => !!e && Object.keys(e).length > 0 && judgeScenario({ ...s, expect: e }, 'repro', cards).failures.length === 0) ?? {};
}

export function expectAtDivergence(expected: ComparableState, divergences: readonly Divergence[], pool: CardPool): Expect {
  const name = (id: string) => (pool.has(id) ? pool.get(id).name : id);
  const out: Expect = {};
  const player = (side: PlayerName) => {
    out.players ??= {};
    return (out.players[side] ??= {});
  };
  for (const d of divergences) {
    if (d.path === 'final.result') { out.result = expected.result; continue; }
    const m = /^final\.players\.([AB])\.([a-zA-Z]+)/.exec(d.path);
    if (!m) continue;
    const side = m[1] as PlayerName;
    const p = expected.players[side === 'A' ? 0 : 1];
    switch (m[2]) {
      case 'hero': if (d.path.endsWith('.health')) player(side).health = p.hero.health; else if (d.path.endsWith('.armor')) player(side).armor = p.hero.armor ?? 0; break;
      case 'board': {
        player(side).board = p.board.map((x) => name(x.card));
        const k = /board\[(\d+)\]\.(attack|health)$/.exec(d.path);
        const label = k ? p.board[Number(k[1])]?.label : undefined;
        if (k && label) {
          out.entities ??= {};
          out.entities[label] = { ...(out.entities[label] ?? {}), [k[2]!]: p.board[Number(k[1])]![k[2] as 'attack' | 'health'] };
        }
        break;
      }
      case 'hand': player(side).hand = p.hand.map(name); break;
      case 'deckSize': if (p.deckSize !== undefined) player(side).deckSize = p.deckSize; break;
      case 'secrets': player(side).secrets = (p.secrets ?? []).map(name); break;
      default: break;
    }
  }
  return out;
}
