/**
 * What a Player Action's legality depends on, rebuilt from trace records only (rule `legality`, an assumption of the
 * catalog: the basic game rules). Keywords, Attack, a card's cost and a player's mana come from the producer's
 * `status` / `player_status` / `mana` records. Frozen, summoning sickness and attacks made are taken from the first
 * statement and then follow the game's rules here, from the records that change them:
 * - `freeze` freezes, `silence` thaws (rule silence); when a turn passes (a START_TURN Sequence opens), the characters of the player whose turn ended
 *   thaw if they could attack that turn and made no attack (Freeze: "Frozen characters lose their next attack"; a
 *   minion with summoning sickness and no Charge could not);
 * - a summoned minion is exhausted (summoning sickness) and has made no attack; when its controller's turn starts,
 *   its characters are ready and have made no attack;
 * - a minion whose controller changes (`control`) is exhausted until its new controller's turn starts (rule
 *   control-sickness) and has made no attack for its new controller;
 * - every ATTACK Sequence counts one attack of its attacker.
 * A later statement may only add Frozen (an engine that says a character is frozen must not let it attack): a
 * statement that it thawed early does not thaw it.
 */
import type { TraceRecord } from '../../engine/trace/format.js';
import type { PlayRequirements } from '../../engine/cards/format.js';
import { IN_PLAY, type TraceState } from './walk.js';

export const BOARD_LIMIT = 7;

export interface Standing {
  keywords?: string[];
  attack?: number;
  cost?: number;
  frozen?: boolean;
  exhausted?: boolean;
  attacks?: number;
}

export class LegalityState {
  readonly of = new Map<number, Standing>();
  readonly mana: [number | undefined, number | undefined] = [undefined, undefined];
  active?: number;

  get(id: number): Standing {
    let st = this.of.get(id);
    if (!st) { st = {}; this.of.set(id, st); }
    return st;
  }

  has(id: number, k: string): boolean | undefined {
    const kw = this.of.get(id)?.keywords;
    return kw === undefined ? undefined : kw.includes(k);
  }

  /** Take one record into account; `s` is the walker's state before the record. */
  apply(r: TraceRecord, s: TraceState): void {
    if (r.t === 'open' && r.block === 'sequence' && r.kind === 'START_TURN' && r.player !== undefined) this.turnStarts(r.player, s);
    if (r.t !== 'event') return;
    switch (r.e) {
      case 'status': {
        const st = this.get(r.entity);
        if (r.keywords !== undefined) st.keywords = r.keywords;
        if (r.attack !== undefined) st.attack = r.attack;
        if (r.cost !== undefined) st.cost = r.cost;
        if (r.frozen !== undefined) st.frozen = st.frozen === undefined ? r.frozen : st.frozen || r.frozen;
        if (r.exhausted !== undefined && st.exhausted === undefined) st.exhausted = r.exhausted;
        if (r.attacks !== undefined && st.attacks === undefined) st.attacks = r.attacks;
        return;
      }
      case 'player_status':
        this.mana[r.player as 0 | 1] = r.mana;
        if (r.active) this.active = r.player;
        else if (this.active === undefined) this.active = 1 - r.player;
        return;
      case 'mana':
        this.mana[r.player as 0 | 1] = r.left;
        return;
      case 'freeze':
        this.get(r.target).frozen = true;
        return;
      case 'silence': {
        const st = this.of.get(r.target);
        if (st) st.frozen = false; // rule silence: Silence removes Freeze
        return;
      }
      case 'control': {
        const st = this.get(r.entity);
        st.exhausted = true; // rule control-sickness
        st.attacks = 0; // the attacks it made were its old controller's
        return;
      }
      case 'summon':
        this.of.set(r.entity, { frozen: false, exhausted: true, attacks: 0 });
        return;
      case 'zone':
        if (r.from !== 'setup' && IN_PLAY.has(r.from) !== IN_PLAY.has(r.to)) this.of.delete(r.entity);
        else if (r.from === 'hand' || r.to === 'hand') this.of.delete(r.entity);
        return;
      case 'death':
        this.of.delete(r.entity);
        return;
      case 'draw':
        if (r.entity !== null) this.of.delete(r.entity);
        return;
      default:
        return;
    }
  }

  private turnStarts(player: number, s: TraceState): void {
    for (const e of s.entities.values()) {
      if (!IN_PLAY.has(e.zone) || (e.type !== 'minion' && e.type !== 'hero')) continue;
      const st = this.of.get(e.id);
      if (!st) continue;
      // thaws when it could attack that turn and did not (rule freeze: a summoning-sick minion without Charge stays)
      if (e.controller !== player && st.frozen && st.attacks === 0 && !(st.exhausted && this.has(e.id, 'charge') !== true)) st.frozen = false;
      if (e.controller === player) { st.attacks = 0; st.exhausted = false; }
    }
    this.active = player;
  }

  /** Minions in play on a side, as the trace shows them. */
  boardCount(s: TraceState, side: number): number {
    let n = 0;
    for (const e of s.entities.values()) if (e.type === 'minion' && e.zone === 'play' && e.controller === side) n++;
    return n;
  }

  /** Why the rules forbid `a` attacking (null: nothing known against it). */
  attackerRefusal(s: TraceState, a: number): string | null {
    const e = s.entities.get(a);
    if (!e || e.zone !== 'play' || (e.type !== 'minion' && e.type !== 'hero')) return `${s.name(a)} is not a character in play`;
    if (this.active !== undefined && e.controller !== this.active) return `it is not the turn of ${s.name(a)}'s controller`;
    const st = this.of.get(a) ?? {};
    if (st.frozen) return `${s.name(a)} is Frozen`;
    if (st.attack !== undefined && st.attack <= 0) return `${s.name(a)} has no Attack`;
    if (e.type === 'minion' && st.exhausted && this.has(a, 'charge') === false) return `${s.name(a)} came into play this turn and has no Charge`;
    const most = this.has(a, 'mega_windfury') ? 4 : this.has(a, 'windfury') ? 2 : 1;
    if (st.attacks !== undefined && this.of.get(a)?.keywords !== undefined && st.attacks >= most) return `${s.name(a)} has already attacked ${st.attacks} time(s) this turn`;
    return null;
  }

  /** Why the rules forbid `a` attacking `d` (the attacker's own standing aside). */
  defenderRefusal(s: TraceState, a: number, d: number): string | null {
    const ea = s.entities.get(a);
    const ed = s.entities.get(d);
    if (!ea || !ed || ed.zone !== 'play' || (ed.type !== 'minion' && ed.type !== 'hero') || ed.controller === ea.controller) return `${s.name(d)} is not an enemy character in play`;
    if (ed.type === 'minion' && this.has(d, 'stealth')) return `${s.name(d)} is in Stealth`;
    const taunts = [...s.entities.values()].filter((m) => m.type === 'minion' && m.zone === 'play' && m.controller === ed.controller && this.has(m.id, 'taunt') && !this.has(m.id, 'stealth'));
    if (taunts.length && !taunts.some((m) => m.id === d)) return `a Taunt minion (${s.name(taunts[0]!.id)}) stands in the way of ${s.name(d)}`;
    return null;
  }

  /**
   * Why the rules forbid playing card `c` with `paid` mana paid from `before` (null: nothing known against it).
   * `requires`: the card's play requirements that name no target, when its definition is known (InvariantEnv).
   */
  playRefusal(s: TraceState, c: number, before: number | undefined, requires?: PlayRequirements): string | null {
    const e = s.entities.get(c);
    if (!e || e.zone !== 'hand') return `${s.name(c)} is not in a hand`;
    if (this.active !== undefined && e.controller !== this.active) return `${s.name(c)} is not in the active player's hand`;
    const cost = this.of.get(c)?.cost;
    if (cost !== undefined && before !== undefined && cost > before) return `${s.name(c)} costs ${cost} mana and its player had ${before}`;
    if (e.type === 'minion' && this.boardCount(s, e.controller) >= BOARD_LIMIT) return `the board is full (${BOARD_LIMIT} minions)`;
    return requires ? this.unmet(s, e.controller, requires, s.name(c)) : null;
  }

  /**
   * Why a play requirement that names no target does not hold for `side` now (rule legality), or null: the ones the
   * boards decide (free slots, minions in play; a trace states every minion). An equipped weapon is not judged: a
   * trace need not state weapons, and what it does not state is not judged; nor are free slots while the text has a
   * legal target (Cabal Shadow Priest): the oracle does not know a text's targets.
   */
  unmet(s: TraceState, side: number, r: PlayRequirements, name: string): string | null {
    const mine = this.boardCount(s, side);
    const theirs = this.boardCount(s, 1 - side);
    if (r.freeSlots !== undefined && BOARD_LIMIT - mine < r.freeSlots) return `${name} needs ${r.freeSlots} free minion slot(s) and its player's board holds ${mine} minions`;
    if (r.enemyMinions !== undefined && theirs < r.enemyMinions) return `${name} needs ${r.enemyMinions} enemy minion(s) in play and there are ${theirs}`;
    if (r.minions !== undefined && mine + theirs < r.minions) return `${name} needs ${r.minions} minion(s) in play and there are ${mine + theirs}`;
    return null;
  }

  /** Why the rules forbid aiming a card's effect at `t` (an enemy minion in Stealth). */
  targetRefusal(s: TraceState, player: number, t: number): string | null {
    const e = s.entities.get(t);
    if (e && e.type === 'minion' && e.controller !== player && this.has(t, 'stealth')) return `${s.name(t)} is an enemy minion in Stealth`;
    return null;
  }
}
