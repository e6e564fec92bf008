/**
 * The "Expected vs actual" table of an issue report for a Host result: the Host kernel's final facts beside the
 * simulator's, from the final states the result keeps (`host.expected`, `host.actual`: engine/host/run.ts HostFinal):
 * the result, each player's Host (health, damage zone size: 1.1.1), the cards in the slots and the form zone with
 * power/health and damage, the hand, deck and drop zone, resources and action points. Entities are the scenario's
 * labelled cards (and tokens); a row whose two sides differ is marked.
 */
import type { CaseResult } from '../differential/verdict.js';
import type { HostFinal } from '../engine/host/run.js';
import type { HostCardSetup, HostScenario, Side } from '../engine/host/format.js';

const SIDES: Side[] = ['A', 'B'];
const ZONES = ['host', 'deck', 'hand', 'frontrow', 'backrow', 'form', 'markers', 'damage', 'drop'] as const;

/** label → card name, from the scenario's set-up. */
function cardNames(s: HostScenario | undefined): Map<string, string> {
  const out = new Map<string, string>();
  for (const side of SIDES) {
    const p = s?.setup[side] as Record<string, unknown> | undefined;
    if (!p) continue;
    if (typeof p.host === 'string') out.set(`host${side}`, p.host);
    for (const z of ZONES) {
      const v = p[z];
      for (const x of Array.isArray(v) ? v : v && typeof v === 'object' ? [v] : []) {
        const c = x as HostCardSetup;
        if (typeof c === 'object' && c.label) out.set(c.label, c.card);
        if (typeof c === 'object' && z === 'host' && !c.label) out.set(`host${side}`, c.card);
      }
    }
  }
  return out;
}

type Ent = HostFinal['entities'][string];

function facts(f: HostFinal | undefined, names: Map<string, string>): Map<string, string> {
  const out = new Map<string, string>();
  if (!f) return out;
  out.set('result', f.result);
  const name = (l: string) => (names.has(l) ? `${l} (${names.get(l)})` : l);
  const stats = (e: Ent) => `${e.power}/${e.health}${e.damage ? `, ${e.damage} damage` : ''}${e.faceUp ? '' : ', face down'}`;
  const ents = Object.entries(f.entities);
  for (const side of SIDES) {
    const p = f.players[side];
    const mine = (zone: string) => ents.filter(([, e]) => e.zone === zone && e.controller === side).sort(([a, x], [b, y]) => (x.slot ?? 0) - (y.slot ?? 0) || a.localeCompare(b));
    const host = mine('host')[0];
    out.set(`player ${side} Host`, host ? `${name(host[0])}: health ${host[1].health}, damage zone ${p.damage}` : `damage zone ${p.damage}`);
    for (const zone of ['frontrow', 'backrow', 'form'] as const) {
      out.set(`player ${side} ${zone}`, mine(zone).map(([l, e]) => `${e.slot !== undefined ? `[${e.slot}] ` : ''}${name(l)} ${stats(e)}`).join(', ') || '(empty)');
    }
    out.set(`player ${side} hand / deck / drop`, `${p.hand} / ${p.deck} / ${p.drop.length}${p.drop.length ? `: ${p.drop.join(', ')}` : ''}`);
    const res = Object.entries(p.resources).filter(([, n]) => n).map(([t, n]) => `${n} ${t}`).join(', ') || 'none';
    out.set(`player ${side} resources, AP`, `${res}; ${p.ap} AP`);
  }
  const gone = ents.filter(([, e]) => !['host', 'frontrow', 'backrow', 'form'].includes(e.zone));
  if (gone.length) out.set('labelled cards elsewhere', gone.map(([l, e]) => `${name(l)} ${e.zone === 'removed' ? 'removed from the game' : `in ${e.controller}'s ${e.zone}`}`).join(', '));
  return out;
}

const cell = (s: string | undefined) => (s ?? '-').replace(/\|/g, '\\|');

/** The table rows (after its header) for a Host result; every row both sides have, a changed one in bold. */
export function hostFactRows(r: CaseResult): string {
  const names = cardNames(r.host?.scenario);
  const want = facts(r.host?.expected, names);
  const got = facts(r.host?.actual, names);
  const keys = [...new Set([...want.keys(), ...got.keys()])];
  return keys.map((k) => {
    const differs = want.get(k) !== got.get(k) && got.size > 0;
    return `| ${differs ? `**${k}**` : k} | ${cell(want.get(k))} | ${cell(got.get(k))} |`;
  }).join('\n');
}
