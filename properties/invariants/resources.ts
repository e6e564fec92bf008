/**
 * Mana Crystals, Overload and fatigue add up (rules `mana-crystals`, `overload`, `fatigue`), judged on the values the
 * trace states: `player_status` (mana, crystals), `mana` (a payment: spent and left), `crystals` (the crystals after a
 * change, with why) and `fatigue`.
 * - A player never has more Mana Crystals than the profile's limit (Hearthstone 10, rule mana-crystals; Hearthtop 6,
 *   rule hearthtop/mana), nor locked crystals
 *   beyond the crystals, nor less than 0 mana.
 * - A payment leaves the mana it had less what it spent.
 * - A crystals change does what its kind says to the mana stated before it in the same turn: a full crystal gained
 *   also gives a mana to spend now (up to the limit), an empty one none; mana for this turn only adds no crystal; a
 *   destroyed crystal takes its mana with it only when no empty crystal was left to take; Overload owed locks nothing
 *   this turn; unlocking (Lava Shock) gives the locked mana back and clears what was owed; at the start of a turn the
 *   owed crystals are locked and the rest refilled, and nothing stays owed.
 * - Fatigue grows by 1 with each draw from an empty deck: a player's fatigue damage is 1 more than the last (it is
 *   never reset by a card drawn in between).
 *
 * What a turn's start changes without a record (the refill, a lock released) is not judged: the values known are
 * forgotten when an END_TURN Sequence opens, and the next statement of each is taken as it stands.
 */
import type { TraceRecord } from '../../engine/trace/format.js';
import type { Invariant, Violation } from './types.js';
import { checkOf, type WalkPass, type RecordKind } from './walk.js';
import { limitsOfProfile } from './conservation.js';

export const ID = 'resources';


interface Known { mana?: number; maxMana?: number; overloaded?: number; overloadNext?: number; fatigue?: number }

const READS: readonly RecordKind[] = ['open', 'player_status', 'mana', 'crystals', 'fatigue'];

const sideName = (p: number) => (p === 0 ? 'A' : 'B');

export function pass(trace: readonly TraceRecord[]): WalkPass {
  const out: Violation[] = [];
  const known: [Known, Known] = [{}, {}];
  return {
    reads: READS,
    visit: (r, st, at) => {
      const { crystals: limit, crystalsRule } = limitsOfProfile(st.profile);
      const fail = (rule: string, message: string) => out.push({ invariant: ID, rule, at, path: st.path(), entities: [], message });
      if (r.t === 'open') {
        // A turn passes: what its start changes is not recorded (fatigue stays known: nothing resets it).
        if (r.block === 'sequence' && r.kind === 'END_TURN') for (const k of known) { delete k.mana; delete k.maxMana; delete k.overloaded; delete k.overloadNext; }
        return;
      }
      if (r.t !== 'event') return;
      if (r.e === 'player_status') {
        const k = known[r.player]!;
        if (r.maxMana > limit) fail(crystalsRule, `player ${sideName(r.player)} has ${r.maxMana} Mana Crystals: the limit is ${limit}`);
        if (r.mana < 0) fail('mana-crystals', `player ${sideName(r.player)} has ${r.mana} mana`);
        k.mana = r.mana;
        k.maxMana = r.maxMana;
        return;
      }
      if (r.e === 'mana') {
        const k = known[r.player]!;
        if (k.mana !== undefined && r.left !== k.mana - r.spent) fail('mana', `player ${sideName(r.player)} had ${k.mana} mana and spent ${r.spent}, but ${r.left} is left`);
        k.mana = r.left;
        return;
      }
      if (r.e === 'fatigue') {
        const k = known[r.player]!;
        const want = k.fatigue === undefined ? undefined : k.fatigue + 1;
        if (want !== undefined ? r.amount !== want : r.amount < 1) fail('fatigue', `player ${sideName(r.player)} took ${r.amount} fatigue damage${want !== undefined ? ` after ${k.fatigue}: fatigue grows by 1 with each draw from an empty deck (${want})` : ': fatigue deals at least 1'}`);
        k.fatigue = r.amount;
        return;
      }
      if (r.e !== 'crystals') return;
      const k = known[r.player]!;
      const who = `player ${sideName(r.player)}`;
      const after = `(${r.mana} mana, ${r.maxMana} crystals, ${r.overloaded} locked, ${r.overloadNext} owed after it)`;
      if (r.maxMana > limit) fail(crystalsRule, `${who} has ${r.maxMana} Mana Crystals after ${r.why}: the limit is ${limit}`);
      if (r.mana < 0 || r.overloaded < 0 || r.overloadNext < 0 || r.overloaded > r.maxMana) fail('mana-crystals', `${who}'s crystals after ${r.why} do not add up ${after}`);
      const gained = k.maxMana === undefined ? undefined : r.maxMana - k.maxMana;
      switch (r.why) {
        case 'gain_full':
        case 'gain_empty':
          if (gained !== undefined && gained < 0) fail('mana-crystals', `${who} lost Mana Crystals in a gain ${after}`);
          if (gained !== undefined && k.mana !== undefined) {
            const want = r.why === 'gain_empty' ? k.mana : k.mana + gained;
            if (want <= limit && r.mana !== want) fail('mana-crystals', `${who} had ${k.mana} mana and gained ${gained} ${r.why === 'gain_full' ? 'full' : 'empty'} Mana Crystal(s): ${want} mana expected, ${r.mana} stated ${after}${r.why === 'gain_full' ? ' (a full crystal is also mana to spend now)' : ''}`);
          }
          break;
        case 'gain_this_turn':
          if (gained !== undefined && gained !== 0) fail('mana-crystals', `${who}'s mana for this turn only changed the Mana Crystals by ${gained} ${after}`);
          if (k.mana !== undefined && r.mana < k.mana) fail('mana-crystals', `${who} gained mana for this turn and has less than before (${k.mana}) ${after}`);
          break;
        case 'destroy':
          if (gained !== undefined && gained > 0) fail('mana-crystals', `${who} gained Mana Crystals in a destroy ${after}`);
          if (k.mana !== undefined && r.mana !== Math.min(k.mana, r.maxMana)) fail('mana-crystals', `${who} had ${k.mana} mana before crystals were destroyed: ${Math.min(k.mana, r.maxMana)} expected (empty crystals go first) ${after}`);
          break;
        case 'overload':
          if (k.overloadNext !== undefined && r.overloadNext <= k.overloadNext) fail('overload', `${who} played a card with Overload and owes ${r.overloadNext} crystal(s), not more than the ${k.overloadNext} owed before ${after}`);
          if ((k.mana !== undefined && r.mana !== k.mana) || (gained !== undefined && gained !== 0) || (k.overloaded !== undefined && r.overloaded !== k.overloaded)) fail('overload', `${who}'s Overload changed this turn's mana or crystals: Overload locks crystals next turn ${after}`);
          break;
        case 'unlock':
          if (r.overloaded !== 0 || r.overloadNext !== 0) fail('overload', `${who}'s Overload was unlocked and crystals are still locked or owed ${after}`);
          if (k.mana !== undefined && k.overloaded !== undefined && r.mana !== Math.min(limit, k.mana + k.overloaded)) fail('overload', `${who} had ${k.mana} mana and ${k.overloaded} locked crystal(s) unlocked: ${Math.min(limit, k.mana + k.overloaded)} mana expected ${after}`);
          break;
        case 'overload_locked':
          if (r.overloadNext !== 0 || r.mana !== r.maxMana - r.overloaded) fail('overload', `${who}'s turn started with Overload: the owed crystals are locked, the rest refilled and nothing stays owed ${after}`);
          break;
        default:
          break;
      }
      k.mana = r.mana;
      k.maxMana = r.maxMana;
      k.overloaded = r.overloaded;
      k.overloadNext = r.overloadNext;
    },
    finish: () => out,
  };
}

export const check = checkOf(pass);

export const invariant: Invariant = {
  id: ID, rules: ['mana-crystals', 'overload', 'fatigue', 'mana', 'hearthtop/mana'], fidelity: 'phases', profiles: ['hearthstone', 'hearthtop'],
  description: 'Mana Crystals, mana, Overload and fatigue add up: the crystal limit, payments, what each crystals change does, fatigue growing by 1',
  check,
  pass,
};
