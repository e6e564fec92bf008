/**
 * Conservation: every entity is in exactly one zone, and it never appears, moves or vanishes without a record.
 * - Every entity id a record names was introduced by an `entity` record, once.
 * - A move starts where the entity is: `zone.from` is its zone; a death, a counter and a replaced hero leave play;
 *   a summon enters play from outside it; a draw or burn takes a card from the deck (or a card just created).
 * - What acts on a character or enchantment acts on one in play: damage, heal, stats (a transform also on a card in
 *   a hand), enchant (also on a card in a hand or deck: rule cost-in-hand), destroy marks,
 *   freeze, control, divine shield; and only entities in play trigger (a deathrattle belongs to the dead minion; a
 *   card whose text acts from the hand triggers there: rule draw-event).
 * - At every block boundary, a side has at most 7 minions in play (board-limit; a stolen minion with no room is
 *   marked for destruction and not counted) and at most 10 cards in hand (hand-limit).
 *
 * Tolerated, because the reference engine records it so: an entity introduced in play whose first move says it
 * came from "setaside" (weapons and heroes created in play, then announced with a zone record).
 * Not checkable from the trace: enchantments set up on a minion (no record says what they are attached to), so
 * they are not followed when their minion leaves play.
 */
import type { TraceRecord } from '../../engine/trace/format.js';
import type { Invariant, InvariantEnv, Violation } from './types.js';
import { checkOf, type WalkPass, IN_PLAY, blockName, type TraceState, type EntityState, type RecordKind } from './walk.js';

export const ID = 'conservation';

/**
 * The limits by the trace's profile (its meta record), stated here from the rules, not read from the engine (the other
 * invariants that judge a limit read them here too): Hearthstone 7 minions (board-limit), 10 cards, overdraw burnt
 * (hand-limit), 10 Mana Crystals (mana-crystals); Hearthtop 5 minions (hearthtop/board-limit), a hand that may pass 10
 * until the Cleanup discards down to it (hearthtop/cleanup-discard), 6 Mana Crystals (hearthtop/mana).
 */
export interface ProfileLimits { board: number; boardRule: string; hand: number; crystals: number; crystalsRule: string }
export const PROFILE_LIMITS: Record<string, ProfileLimits> = {
  hearthstone: { board: 7, boardRule: 'board-limit', hand: 10, crystals: 10, crystalsRule: 'mana-crystals' },
  hearthtop: { board: 5, boardRule: 'hearthtop/board-limit', hand: Number.POSITIVE_INFINITY, crystals: 6, crystalsRule: 'hearthtop/mana' },
};

/** The limits of a profile (Hearthstone's for a profile without its own). */
export const limitsOfProfile = (profile: string | undefined): ProfileLimits => PROFILE_LIMITS[profile ?? 'hearthstone'] ?? PROFILE_LIMITS.hearthstone!;

function limitsOf(trace: readonly TraceRecord[]): ProfileLimits {
  const meta = trace.find((r) => r.t === 'meta');
  return limitsOfProfile(meta?.t === 'meta' ? meta.profile : undefined);
}

const MOVES = new Set(['zone', 'death', 'summon', 'draw', 'add_to_hand', 'shuffle', 'burn', 'control', 'destroy_mark', 'counter', 'hero_replaced', 'discard']);

/** Every entity id record `r` names, handed to `has` in the order the fields are read. */
function namedIds(r: TraceRecord, has: (id: unknown) => void): void {
  switch (r.t) {
    case 'open':
      if (typeof r.subject === 'number') has(r.subject);
      if (typeof r.target === 'number') has(r.target);
      return;
    case 'queue':
      for (const e of r.events) has(e.subject);
      for (const e of r.entries) has(e.source);
      return;
    case 'event': {
      const x = r as { source?: unknown; target?: unknown; entity?: unknown; enchantment?: unknown; spell?: unknown; old?: unknown; hero?: unknown };
      if (typeof x.source === 'number') has(x.source);
      if (typeof x.target === 'number') has(x.target);
      if (typeof x.entity === 'number') has(x.entity);
      if (typeof x.enchantment === 'number') has(x.enchantment);
      if (typeof x.spell === 'number') has(x.spell);
      if (typeof x.old === 'number') has(x.old);
      if (typeof x.hero === 'number') has(x.hero);
      if (r.e === 'redirect' && typeof r.from === 'number') has(r.from);
      return;
    }
    default:
      return;
  }
}

const READS: readonly RecordKind[] = ['entity', 'open', 'close', 'queue', 'event'];

export function pass(trace: readonly TraceRecord[], env?: InvariantEnv): WalkPass {
  const out: Violation[] = [];
  const limits = limitsOf(trace);
  const seen = new Set<number>();
  /** Which board / hand limits are exceeded now (each excess is reported once, when it begins). */
  const over = { board: [false, false], hand: [false, false] };
  // Board and hand sizes change only with zone-moving records: count again only after one (keeps the check linear).
  let dirty = true;
  // the record being visited, its index and the state before it: what the helpers below report against
  let cur!: TraceState;
  let curAt = 0;
  let curRec!: TraceRecord;
  const v = (rule: string, message: string, entities: number[]) => out.push({ invariant: ID, rule, message, path: cur.path(), entities, at: curAt });
  const known = (id: unknown) => { if (!cur.entities.has(id as number)) unknown(id); };
  const unknown = (id: unknown) => v('sequence', `a ${curRec.t === 'event' ? `${curRec.e} event` : `${curRec.t} record`} names entity #${id}, which the trace never introduced`, [id as number]);
  const zoneOf = (id: number) => cur.entities.get(id)?.zone;
  const mustBeInPlay = (id: number, what: string) => {
    const e = cur.entities.get(id);
    if (e && !IN_PLAY.has(e.zone)) v('4a', `${what} ${cur.name(id)}, which is in ${e.zone}, not in play`, [id]);
  };
  return {
    reads: READS,
    visit: (r, s, at) => {
    cur = s;
    curAt = at;
    curRec = r;
    if (r.t === 'entity' || (r.t === 'event' && MOVES.has(r.e))) dirty = true;
    if (r.t === 'entity') {
      if (seen.has(r.id)) v('sequence', `entity #${r.id} (${r.name}) is introduced twice`, [r.id]);
      seen.add(r.id);
      return;
    }
    namedIds(r, known);
    if ((r.t === 'open' || r.t === 'close') && dirty) {
      counts(s, over, v, limits);
      dirty = false;
    }
    if (r.t === 'open' && r.block === 'trigger' && r.subject !== undefined && s.entities.has(r.subject) && r.kind !== 'deathrattle' && !s.inPlay(r.subject) && !actsFromHand(s.entities.get(r.subject)!, r.kind, env)) {
      v('4a', `${s.name(r.subject)} triggers (${blockName({ block: r.block, kind: r.kind, id: r.id })}) while in ${s.entities.get(r.subject)!.zone}: entities removed from play cannot trigger`, [r.subject]);
    }
    if (r.t !== 'event') return;
    switch (r.e) {
      case 'zone': {
        const e = s.entities.get(r.entity);
        if (!e) return;
        if (r.from === 'setup') {
          if (r.to !== e.zone) v('sequence', `${s.name(r.entity)} is set up in ${r.to}, but its entity record put it in ${e.zone}`, [r.entity]);
          return;
        }
        if (r.from === e.zone) return;
        if (r.from === 'setaside' && e.fresh && e.zone === r.to) return;
        v('sequence', `${s.name(r.entity)} moves from ${r.from} to ${r.to}, but it was in ${e.zone}`, [r.entity]);
        return;
      }
      case 'death':
        if (s.entities.has(r.entity) && !s.inPlay(r.entity)) v('4a', `${s.name(r.entity)} dies while in ${zoneOf(r.entity)}, not in play`, [r.entity]);
        return;
      case 'summon': {
        // a force play announces the move (zone hand/deck → play) and then the summon
        const prev = trace[at - 1];
        const announced = prev?.t === 'event' && prev.e === 'zone' && prev.entity === r.entity && prev.to === 'play';
        if (!announced && s.entities.has(r.entity) && s.inPlay(r.entity)) v('summon-sequence', `${s.name(r.entity)} is summoned while already in play`, [r.entity]);
        return;
      }
      case 'draw': {
        if (r.entity === null) return;
        const e = s.entities.get(r.entity);
        if (e && e.zone !== 'deck' && !(e.fresh && e.zone === 'hand')) v('sequence', `${s.name(r.entity)} is drawn from ${e.zone}, not from the deck`, [r.entity]);
        return;
      }
      case 'add_to_hand': {
        // a card an effect creates goes straight into the hand: it never comes from the deck
        const e = s.entities.get(r.entity);
        if (e && !(e.fresh && e.zone === 'hand')) v('sequence', `${s.name(r.entity)} is added to a hand from ${e.zone}, but only a card just created can be`, [r.entity]);
        return;
      }
      case 'shuffle': {
        const e = s.entities.get(r.entity);
        if (e && !(e.fresh && e.zone === 'deck')) v('sequence', `${s.name(r.entity)} is shuffled into a deck from ${e.zone}, but only a card just created can be`, [r.entity]);
        return;
      }
      case 'burn': {
        const e = s.entities.get(r.entity);
        if (e && e.zone !== 'deck' && !e.fresh) v('hand-limit', `${s.name(r.entity)} is burned from ${e.zone}, not on its way from the deck`, [r.entity]);
        return;
      }
      case 'counter':
        if (s.entities.has(r.spell) && zoneOf(r.spell) !== 'play') v('sequence', `${s.name(r.spell)} is countered while in ${zoneOf(r.spell)}`, [r.spell]);
        return;
      case 'hero_replaced':
        mustBeInPlay(r.old, 'the replaced hero is');
        return;
      case 'damage': mustBeInPlay(r.target, 'damage hits'); return;
      case 'heal': mustBeInPlay(r.target, 'healing reaches'); return;
      // a card in a hand can be transformed ("draw a card; if it's a minion, transform it")
      case 'stats': if (!(r.why.startsWith('transform:') && zoneOf(r.entity) === 'hand')) mustBeInPlay(r.entity, 'stats change on'); return;
      case 'enchant': {
        // rule cost-in-hand: a card in a hand or deck can carry an enchantment too (it keeps it when played)
        const z = s.entities.has(r.target) ? zoneOf(r.target) : undefined;
        if (z !== 'hand' && z !== 'deck') mustBeInPlay(r.target, 'an enchantment is attached to');
        return;
      }
      case 'unenchant': mustBeInPlay(r.enchantment, 'an enchantment is removed:'); return;
      case 'destroy_mark': mustBeInPlay(r.target, 'a destroy mark is put on'); return;
      case 'freeze': mustBeInPlay(r.target, 'freeze hits'); return;
      case 'control': mustBeInPlay(r.entity, 'control changes of'); return;
      case 'divine_shield_pop': mustBeInPlay(r.target, 'a Divine Shield pops on'); return;
      default: return;
    }
    },
    finish: () => out,
  };
}

export const check = checkOf(pass);

/**
 * A card in a hand may trigger when its text acts from the hand (rule draw-event: "when you draw this", "while this
 * is in your hand"): with the cards known, only a hand trigger on that event; without them, any card in a hand.
 */
function actsFromHand(e: { zone: string; card: string }, kind: string | undefined, env?: InvariantEnv): boolean {
  if (e.zone !== 'hand') return false;
  const card = env?.card?.(e.card);
  if (!env?.card) return true;
  return !!card?.triggers?.some((t) => t.zone === 'hand' && t.when.on === kind);
}

/** Board and hand sizes; each excess is reported once, when it begins. */
function counts(s: TraceState, over: { board: boolean[]; hand: boolean[] }, v: (rule: string, message: string, entities: number[]) => void, { board: BOARD, hand: HAND }: { board: number; hand: number }): void {
  const board = [0, 0];
  const hand = [0, 0];
  for (const e of s.entities.values()) {
    if (e.controller !== 0 && e.controller !== 1) continue;
    if (e.type === 'minion' && e.zone === 'play' && !e.destroyMarked) board[e.controller]!++;
    if (e.zone === 'hand') hand[e.controller]!++;
  }
  for (const p of [0, 1] as const) {
    if (once(over.board, p, board[p]! > BOARD)) {
      const ids = idsWhere(s, (e) => e.controller === p && e.type === 'minion' && e.zone === 'play' && !e.destroyMarked);
      v('board-limit', `player ${p === 0 ? 'A' : 'B'} has ${ids.length} minions in play (${ids.map((id) => s.name(id)).join(', ')}): at most ${BOARD}`, ids);
    }
    if (once(over.hand, p, hand[p]! > HAND)) {
      const ids = idsWhere(s, (e) => e.controller === p && e.zone === 'hand');
      v('hand-limit', `player ${p === 0 ? 'A' : 'B'} holds ${ids.length} cards: at most ${HAND}`, ids);
    }
  }
}

/** Is this the start of an excess (bad now, not already)? Remembers the excess until it ends. */
function once(flags: boolean[], p: number, bad: boolean): boolean {
  const was = flags[p]!;
  flags[p] = bad;
  return bad && !was;
}

function idsWhere(s: TraceState, keep: (e: EntityState) => boolean): number[] {
  const ids: number[] = [];
  for (const e of s.entities.values()) if (keep(e)) ids.push(e.id);
  return ids;
}

export const invariant: Invariant = {
  id: ID, rules: ['board-limit', 'hand-limit', '4a', 'summon-sequence', 'sequence'], fidelity: 'events', profiles: ['hearthstone', 'hearthtop'], uses: ['cards'],
  description: 'every entity is in one zone and moves only by a record; what is acted on is in play; at most the profile\'s minions a side (7; Hearthtop 5) and 10 cards in hand where overdraw burns',
  check,
  pass,
};
