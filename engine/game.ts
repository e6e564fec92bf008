/** A new, empty game: two players, the seeded random stream, the trace recorder. */
import { HEARTHSTONE, type Profile } from './profiles/hearthstone.js';
import { EntityTable, type CardPool, type Game, type Player, type Side } from './state.js';
import { Random, type Forced } from './random.js';
import { Recorder } from './trace/recorder.js';
import { AskedMutants, type MutantName } from './mutants.js';
import type { EffectPort } from './kernel/context.js';
import { runActions } from './effects/actions.js';
import { evalAmount, evalCondition, passes, select } from './effects/select.js';
import { runAbility } from './effects/ability.js';
import { settleMarks } from './hearthtop/table.js';

/** The effects layer handed to the kernel (engine/kernel imports nothing from engine/effects). */
const EFFECTS: EffectPort = { runActions, evalCondition, evalAmount, passes, select, runAbility };

export interface GameOptions {
  cards: CardPool;
  seed?: string;
  forced?: Forced[];
  mutants?: Iterable<MutantName>;
  stepBudget?: number;
  resolveLabel?: (label: string) => number | undefined;
  /** How an entity id is shown in an error (a scenario's label). */
  describeEntity?: (id: number) => string;
  /** The rule profile (default Hearthstone). */
  profile?: Profile;
}

function emptyPlayer(side: Side, profile: Profile): Player {
  return { side, hero: 0, heroPower: null, weapon: null, replaced: [], board: [], hand: [], deck: [], secrets: [], graveyard: [], mana: profile.limits.mana, maxMana: profile.limits.mana, fatigue: 0, overloaded: 0, overloadNext: 0, played: [] };
}

export function newGame(o: GameOptions): Game {
  // An AskedMutants set is kept as given (it notes what the engine asks of it); any other is copied.
  const mutants = o.mutants instanceof AskedMutants ? o.mutants : new Set(o.mutants ?? []);
  const profile = o.profile ?? HEARTHSTONE;
  return {
    entities: new EntityTable(),
    players: [emptyPlayer(0, profile), emptyPlayer(1, profile)],
    active: 0,
    turn: 1,
    nextId: 1,
    nextOrder: 1,
    oldestOrder: 0,
    depth: 0,
    otherAuras: [],
    result: 'ongoing',
    cards: o.cards,
    random: new Random(mutants.has('unseeded-random') ? `${o.seed ?? '0'}:${Math.random()}` : (o.seed ?? '0'), o.forced ?? [], o.resolveLabel, o.describeEntity),
    trace: new Recorder(),
    mutants,
    steps: 0,
    stepBudget: o.stepBudget ?? 10_000,
    queueDepth: 0,
    collecting: null,
    pending: [],
    effects: profile.rules.marking ? { ...EFFECTS, settle: settleMarks } : EFFECTS,
    profile,
    table: profile.rules.deck === 'shared' ? { deck: [], markers: new Map(), external: new Map(), dryTurn: null, last: null } : null,
    stated: null,
  };
}
