/** Check a scenario's stated outcome against a run; every failure is a readable line. */
import type { TraceRecord } from '../trace/format.js';
import { entity, attack, health, maxHealth, sideName } from '../state.js';
import type { RunResult } from './run.js';
import type { Expect, Pattern, PlayerName } from './format.js';

const ENTITY_FIELDS = new Set(['entity', 'source', 'target', 'subject', 'spell', 'old', 'hero', 'enchantment', 'to', 'from']);
const PLAYER_FIELDS = new Set(['player', 'controller', 'winner']);

/** Turn a pattern's labels and player names into ids. Unknown labels stay as strings (and so never match). */
export function resolvePattern(p: Pattern, labels: Map<string, number>): Pattern {
  const out: Pattern = {};
  for (const [k, v] of Object.entries(p)) {
    if (typeof v === 'string' && ENTITY_FIELDS.has(k) && labels.has(v)) out[k] = labels.get(v);
    else if ((v === 'A' || v === 'B') && PLAYER_FIELDS.has(k)) out[k] = v === 'A' ? 0 : 1;
    else out[k] = v;
  }
  return out;
}

export function matches(r: TraceRecord, p: Pattern): boolean {
  const rec = r as unknown as Record<string, unknown>;
  for (const [k, v] of Object.entries(p)) {
    if (JSON.stringify(rec[k]) !== JSON.stringify(v)) return false;
  }
  // An event pattern without `t` means an event record.
  if (!('t' in p) && r.t !== 'event') return false;
  return true;
}

function show(p: Pattern): string {
  return JSON.stringify(p);
}

export function checkExpectations(x: Expect, run: RunResult): string[] {
  const out: string[] = [];
  const { g, labels, trace } = run;
  if (run.error) out.push(`run stopped: ${run.error}`);
  for (const [label, want] of Object.entries(x.entities ?? {})) {
    const id = labels.get(label);
    if (id === undefined) { out.push(`entity "${label}": no such label`); continue; }
    const e = entity(g, id);
    const zone = e.zone === 'secret' ? 'secret' : e.zone;
    const got = { zone, attack: attack(g, e), health: health(g, e), maxHealth: maxHealth(g, e), controller: sideName(e.controller), damage: e.damage };
    for (const [k, v] of Object.entries(want)) {
      const gv = got[k as keyof typeof got];
      if (gv !== v) out.push(`entity "${label}" (${e.card.name}): expected ${k} ${JSON.stringify(v)}, got ${JSON.stringify(gv)}`);
    }
  }
  for (const [name, want] of Object.entries(x.players ?? {}) as [PlayerName, NonNullable<Expect['players']>[PlayerName]][]) {
    if (!want) continue;
    const side = name === 'A' ? 0 : 1;
    const st = run.final.players[side];
    const drawn = trace.filter((r) => r.t === 'event' && r.e === 'draw' && r.player === side).length;
    const got: Record<string, unknown> = {
      health: st.hero.health, armor: st.hero.armor, handSize: st.hand.length, hand: st.hand, deckSize: st.deckSize,
      board: st.board.map((m) => m.name), secrets: st.secrets, drawn,
    };
    for (const [k, v] of Object.entries(want)) {
      if (JSON.stringify(got[k]) !== JSON.stringify(v)) out.push(`player ${name}: expected ${k} ${JSON.stringify(v)}, got ${JSON.stringify(got[k])}`);
    }
  }
  if (x.result && x.result !== run.final.result) out.push(`expected result ${x.result}, got ${run.final.result}`);
  if (x.events) {
    let i = 0;
    for (const [k, raw] of x.events.entries()) {
      const p = resolvePattern(raw, labels);
      while (i < trace.length && !matches(trace[i]!, p)) i++;
      if (i >= trace.length) {
        const anywhere = trace.some((r) => matches(r, p));
        out.push(`expected event #${k + 1} ${show(raw)} ${anywhere ? 'appears, but not after the events before it' : 'never happens'}`);
        break;
      }
      i++;
    }
  }
  for (const c of x.count ?? []) {
    const p = resolvePattern(c.match, labels);
    const n = trace.filter((r) => matches(r, p)).length;
    if (n !== c.n) out.push(`expected ${c.n} × ${show(c.match)}, got ${n}`);
  }
  return out;
}
