/** Check a scenario's stated outcome against a run; every failure is a readable line. */
import type { TraceRecord } from '../trace/format.js';
import { entity, attack, health, maxHealth, sideName, hasKeyword, cost, durability, type Entity, type Game } from '../state.js';
import type { Keyword } from '../cards/format.js';
import type { RunResult } from './run.js';
import type { Expect, Pattern, PlayerName } from './format.js';
import { resolvePattern } from './patterns.js';

export { resolvePattern } from './patterns.js';

const KEYWORDS: Keyword[] = ['taunt', 'divine_shield', 'charge', 'stealth', 'windfury', 'poisonous', 'immune'];

/** The keywords an entity has now (Divine Shield only while it is up). */
function keywordsOf(g: Game, e: Entity): string[] {
  return KEYWORDS.filter((k) => (k === 'divine_shield' ? e.divineShield : hasKeyword(g, e, k))).sort();
}

/**
 * The ids of `expect.created` labels: entities created during the run (ids above those of the set-up), of the named
 * card (id or name), the nth oldest (optionally of those a player controls at the end). A name shared by a minion and an
 * enchantment (Echoing Ooze) means the card that is not an enchantment, unless only enchantments of it were created.
 */
export function createdLabels(x: Expect, run: RunResult, setupMaxId: number): { labels: Map<string, number>; missing: string[] } {
  const labels = new Map(run.labels);
  const missing: string[] = [];
  for (const [label, sel] of Object.entries(x.created ?? {})) {
    const named = [...run.g.entities.values()]
      .filter((e) => e.id > setupMaxId && (e.card.id === sel.card || e.card.name.toLowerCase() === sel.card.toLowerCase()))
      .filter((e) => !sel.controller || sideName(e.controller) === sel.controller)
      .sort((a, b) => a.id - b.id);
    const cards = named.filter((e) => e.card.type !== 'enchantment');
    const made = named.some((e) => e.card.id === sel.card) || !cards.length ? named : cards;
    const e = made[(sel.nth ?? 1) - 1];
    if (e) labels.set(label, e.id);
    else missing.push(`created entity "${label}" (${JSON.stringify(sel)}): only ${made.length} such entit${made.length === 1 ? 'y was' : 'ies were'} created`);
  }
  return { labels, missing };
}

/**
 * A pattern as a test of a record, its fields listed once: a JSON primitive equals a value exactly when its text does;
 * an object or an array compares as text. A pattern without `t` matches event records only.
 */
function matcher(p: Pattern): (r: TraceRecord) => boolean {
  const eventOnly = !('t' in p);
  const keys = Object.keys(p);
  const values = keys.map((k) => (p as Record<string, unknown>)[k]);
  const texts = values.map((v) => (v === null || typeof v !== 'object' ? undefined : JSON.stringify(v)));
  return (r) => {
    if (eventOnly && r.t !== 'event') return false;
    const rec = r as unknown as Record<string, unknown>;
    for (let i = 0; i < keys.length; i++) {
      const text = texts[i];
      if (text === undefined ? rec[keys[i]!] !== values[i] : JSON.stringify(rec[keys[i]!]) !== text) return false;
    }
    return true;
  };
}

function show(p: Pattern): string {
  return JSON.stringify(p);
}

export function checkExpectations(x: Expect, run: RunResult): string[] {
  const out: string[] = [];
  const { g, trace } = run;
  if (run.error) out.push(`run stopped: ${run.error}`);
  const { labels, missing } = createdLabels(x, run, run.setupMaxId);
  out.push(...missing);
  for (const [label, want] of Object.entries(x.entities ?? {})) {
    const id = labels.get(label);
    if (id === undefined) { if (!x.created?.[label]) out.push(`entity "${label}": no such label`); continue; }
    const e = entity(g, id);
    const zone = e.zone === 'secret' ? 'secret' : e.zone;
    const weapon = e.card.type === 'weapon';
    const got: Record<string, unknown> = {
      zone, attack: attack(g, e), health: weapon ? durability(g, e) : health(g, e), maxHealth: maxHealth(g, e), controller: sideName(e.controller), damage: e.damage,
      keywords: keywordsOf(g, e), frozen: e.frozen, cost: cost(g, e), durability: weapon ? durability(g, e) : undefined,
      enchantments: e.enchantments.map((en) => entity(g, en).card.name).sort(),
    };
    for (const [k, v] of Object.entries(want)) {
      const wv = k === 'keywords' || k === 'enchantments' ? [...(v as string[])].sort() : v;
      if (JSON.stringify(got[k]) !== JSON.stringify(wv)) out.push(`entity "${label}" (${e.card.name}): expected ${k} ${JSON.stringify(wv)}, got ${JSON.stringify(got[k])}`);
    }
  }
  for (const [name, want] of Object.entries(x.players ?? {}) as [PlayerName, NonNullable<Expect['players']>[PlayerName]][]) {
    if (!want) continue;
    const side = name === 'A' ? 0 : 1;
    const st = run.final.players[side];
    const drawn = trace.filter((r) => r.t === 'event' && r.e === 'draw' && r.player === side).length;
    const manaSpent = trace.reduce((n, r) => n + (r.t === 'event' && r.e === 'mana' && r.player === side ? r.spent : 0), 0);
    const p = g.players[side];
    const got: Record<string, unknown> = {
      health: st.hero.health, armor: st.hero.armor, handSize: st.hand.length, hand: st.hand, deckSize: st.deckSize,
      board: st.board.map((m) => m.name), secrets: st.secrets, drawn, mana: p.mana, manaSpent,
      heroPowerUsed: p.heroPower !== null && entity(g, p.heroPower).attacks > 0,
    };
    for (const [k, v] of Object.entries(want)) {
      // a hand is stated in any order (format.ts PlayerExpectation.hand): compared as the cards it holds
      const text = (x: unknown) => (k === 'hand' && Array.isArray(x) ? JSON.stringify([...(x as string[])].sort()) : JSON.stringify(x));
      if (text(got[k]) !== text(v)) out.push(`player ${name}: expected ${k} ${JSON.stringify(v)}, got ${JSON.stringify(got[k])}`);
    }
  }
  if (x.result && x.result !== run.final.result) out.push(`expected result ${x.result}, got ${run.final.result}`);
  if (x.events) {
    let i = 0;
    for (const [k, raw] of x.events.entries()) {
      const m = matcher(resolvePattern(raw, labels));
      while (i < trace.length && !m(trace[i]!)) i++;
      if (i >= trace.length) {
        const anywhere = trace.some(m);
        out.push(`expected event #${k + 1} ${show(raw)} ${anywhere ? 'appears, but not after the events before it' : 'never happens'}`);
        break;
      }
      i++;
    }
  }
  for (const c of x.count ?? []) {
    const m = matcher(resolvePattern(c.match, labels));
    let n = 0;
    for (const r of trace) if (m(r)) n++;
    if (c.n !== undefined && n !== c.n) out.push(`expected ${c.n} × ${show(c.match)}, got ${n}`);
    if (c.min !== undefined && n < c.min) out.push(`expected at least ${c.min} × ${show(c.match)}, got ${n}`);
    if (c.max !== undefined && n > c.max) out.push(`expected at most ${c.max} × ${show(c.match)}, got ${n}`);
  }
  return out;
}
