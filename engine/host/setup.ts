/** Build a Host game from a scenario's set-up: every card an entity, recorded in the trace before the first action. */
import { Recorder } from '../trace/recorder.js';
import { Random } from '../random.js';
import { TRACE_FORMAT } from '../trace/format.js';
import type { HostCardSetup, HostPlayerSetup, HostScenario } from './format.js';
import type { HostCardPool } from './load.js';
import type { HostMutant } from './mutants.js';
import { beginGame } from './start.js';
import type { HEntity, HostGame, HPlayer, PlayerIndex, Zone } from './state.js';

export function buildHostGame(s: HostScenario, cards: HostCardPool, mutants: readonly HostMutant[] = []): { g: HostGame; labels: Map<string, number> } {
  const trace = new Recorder();
  trace.meta({ format: TRACE_FORMAT, producer: 'arbiter-host-reference', profile: 'host', fidelity: 'phases', scenario: s.id, seed: s.seed ?? s.id, ...(mutants.length ? { mutants: [...mutants] } : {}) });
  const labels = new Map<string, number>();
  const entities: HEntity[] = [];
  const players: HPlayer[] = [];
  let seq = 0;
  const make = (owner: PlayerIndex, x: string | HostCardSetup, zone: Zone): HEntity[] => {
    const c = typeof x === 'string' ? { card: x } : x;
    const out: HEntity[] = [];
    for (let k = 0; k < (c.copies ?? 1); k++) {
      const e: HEntity = {
        id: entities.length, card: cards.get(c.card), owner, controller: owner, zone, version: 0, damage: c.damage ?? 0,
        sick: c.sick ?? false, faceUp: c.faceUp ?? (!(zone === 'host' && s.setup.start === 'game') && zone !== 'deck' && zone !== 'damage' && !(zone === 'backrow' && cards.get(c.card).type === 'ambush')),
        attacked: false, mods: [], enteredAt: ++seq, usedThisTurn: [], lastDamage: null, ...(cards.get(c.card).token ? { token: true } : {}),
        ...(c.label ? { label: c.label } : {}), ...(c.slot !== undefined ? { slot: c.slot } : {}),
      };
      entities.push(e);
      if (c.label) labels.set(c.label, e.id);
      out.push(e);
    }
    return out;
  };
  (['A', 'B'] as const).forEach((side, i) => {
    const owner = i as PlayerIndex;
    const ps: HostPlayerSetup = s.setup[side];
    // A Host without a label is labelled hostA / hostB.
    const host = make(owner, typeof ps.host === 'string' || !ps.host.label ? { ...(typeof ps.host === 'string' ? { card: ps.host } : ps.host), label: `host${side}` } : ps.host, 'host')[0]!;
    const ids = (z: (string | HostCardSetup)[] | undefined, zone: Zone) => (z ?? []).flatMap((x) => make(owner, x, zone)).map((e) => e.id);
    const p: HPlayer = {
      name: ps.name ?? side, host: host.id, deck: ids(ps.deck, 'deck'), hand: ids(ps.hand, 'hand'), damage: ids(ps.damage, 'damage'), drop: ids(ps.drop, 'drop'),
      resources: { authority: 0, strife: 0, emotion: 0, amity: 0, generic: 0, ...ps.resources }, ap: ps.ap ?? 4,
    };
    ids(ps.frontrow, 'frontrow');
    ids(ps.backrow, 'backrow');
    ids(ps.form, 'form');
    players.push(p);
  });
  (['A', 'B'] as const).forEach((side, i) => {
    for (const m of s.setup[side].markers ?? []) {
      const [e] = make(i as PlayerIndex, m, 'marker');
      e!.attachedTo = labels.get(m.attachedTo!);
    }
  });
  for (const e of entities) trace.entity({ id: e.id, card: e.card.id, name: e.card.name, type: e.card.type, controller: e.controller, zone: e.zone, ...(e.label ? { label: e.label } : {}), ...(e.slot !== undefined ? { slot: e.slot } : {}) });
  const active: PlayerIndex = s.setup.active === 'B' ? 1 : 0;
  const g: HostGame = {
    s: {
      entities, players: players as [HPlayer, HPlayer], active, first: s.setup.first === 'B' ? 1 : s.setup.first === 'A' ? 0 : active,
      turn: s.setup.start === 'game' ? 0 : s.setup.turn ?? 2, phase: s.setup.phase ?? 'action1', battle: null, stack: [], pending: [], priority: { holder: active, passes: 0 },
      windows: [], resolving: 0, result: 'ongoing', nextId: entities.length, nextItem: 0, seq, unbroken: 0,
    },
    trace, random: new Random(s.seed ?? s.id, [], (l) => labels.get(l)), mutants: new Set(mutants), lookahead: true, blocks: [], cardOf: (k) => cards.get(k),
  };
  // 9.1: a game set up by the rules shuffles and rolls now; the script then makes the set-up choices.
  if (s.setup.start === 'game') beginGame(g);
  return { g, labels };
}
