/**
 * Mutants written outside the engine's own list (engine/mutants.ts): plausible simulator bugs of the classes the
 * invariants must judge on the board (trigger filters, enchantment and aura order, positions, Freeze, Stealth, Taunt,
 * "if it survives", lost aura Health, the board limit, queue order, keywords, hand limit, fatigue). Each is a text
 * patch applied to a temporary copy of the compiled engine (never shipped): the copy runs `arbiter golden verify` and,
 * if that passes, `arbiter fuzz --runs 3000` (seed 1 unless the mutant names another); the mutant is killed when either
 * fails.
 */
import { copyFileSync, cpSync, linkSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from '../../engine/validation.js';
import { run } from '../run-cli.js';

export interface ExternalMutant {
  name: string;
  /** The class of simulator bug it stands for. */
  kind: string;
  /** The rule id (spec/rules.json) it breaks. */
  rule: string;
  /** File under dist/ to patch, the text to find (exactly once unless `all`) and its replacement. */
  file: string;
  find: string;
  replace: string;
  all?: boolean;
  /**
   * Golden scenario ids known to kill it (found by the full judgement, `npx tsx scripts/external-mutants.ts`): a quick
   * judgement runs `golden verify` on these alone, and the whole judgement only when they no longer kill it.
   */
  killers?: readonly string[];
  /** The fuzzer's seed (default 1): one whose search reaches the mutant's bug in few cases. */
  fuzzSeed?: number;
}

export const EXTERNAL_MUTANTS: readonly ExternalMutant[] = [
  { name: 'other-filter-ignored', kind: 'trigger subject filter ("another minion") ignored', rule: '10', file: 'engine/effects/select.js', find: "checks.push((ctx, e) => e.id !== ctx.self.id);", replace: 'checks.push(() => true);', killers: ['abomination-malganis-hellfire-immune-ends'] },
  { name: 'auras-before-enchantments', kind: 'auras applied before enchantments (Attack)', rule: '4d', file: 'engine/state.js', find: 'let v = e.card.attack ?? 0;', replace: 'layers.reverse(); let v = e.card.attack ?? 0;', killers: ['lightspawn-aura-last'] },
  { name: 'cost-aura-priority-reversed', kind: 'mana cost auras in the wrong priority order', rule: '4-aura-priority', file: 'engine/state.js', find: 'mods.sort((a, b) => a.priority - b.priority || a.order - b.order);', replace: 'mods.sort((a, b) => b.priority - a.priority || a.order - b.order);', killers: ['summoning-portal-mechwarper-harvest-golem'] },
  { name: 'deathrattle-summon-right-end', kind: 'a Deathrattle summon placed at the right end, not in the dead minion\'s slot', rule: 'summon-sequence', file: 'engine/effects/summon.js', find: 'return before >= 0 ? before + 1 : Math.min(self.lastPosition, board.length);', replace: 'return board.length;', killers: ['force-play-minion-is-oldest'] },
  { name: 'thaw-wrong-side', kind: 'Freeze thaws the opponent\'s characters at the end of a turn', rule: 'legality', file: 'engine/sequences.js', find: 'for (const id of [g.players[side].hero, ...g.players[side].board]) {', replace: 'for (const id of [g.players[opponent(side)].hero, ...g.players[opponent(side)].board]) {', killers: ['legality-freeze-lasts-the-next-turn-then-thaws'] },
  { name: 'frozen-can-attack', kind: 'a frozen character can attack', rule: 'legality', file: 'engine/sequences.js', find: 'attacker.frozen || attacker.enchantments.some(', replace: 'false && attacker.enchantments.some(', killers: ['legality-frozen-minion-cannot-attack'] },
  { name: 'stealth-targetable', kind: 'an enemy minion in Stealth can be targeted', rule: 'legality', file: 'engine/sequences.js', find: "hasKeyword(g, entity(g, id), 'stealth') && entity(g, id).controller !== card.controller", replace: 'false', killers: ['legality-stealth-minion-cannot-be-attacked-or-targeted'] },
  { name: 'stealth-attackable', kind: 'a minion in Stealth can be attacked', rule: 'legality', file: 'engine/sequences.js', find: "if (d.card.type === 'minion' && hasKeyword(g, d, 'stealth'))", replace: 'if (false)', killers: ['legality-stealth-minion-cannot-be-attacked-or-targeted'] },
  { name: 'taunt-ignored', kind: 'an attack may go past a Taunt minion', rule: 'legality', file: 'engine/sequences.js', find: "if (taunts.length && !taunts.includes(d.id) && !g.mutants.has('attack-past-taunt'))", replace: 'if (false)', killers: ['legality-taunt-must-be-attacked-first'] },
  { name: 'summoning-sickness-ignored', kind: 'a minion played this turn can attack', rule: 'legality', file: 'engine/sequences.js', find: "attacker.card.type === 'minion' && attacker.exhausted", replace: 'false', killers: ['legality-summoning-sickness-and-one-attack'] },
  { name: 'survives-reads-printed-health', kind: '"if it survives" reads printed Health minus damage', rule: '5b', file: 'engine/effects/select.js', find: "const dead = g.mutants.has('survives-reads-health') ? isCharacter(e) && health(g, e) <= 0 : mortallyWoundedOrPendingDestroy(g, e);", replace: 'const dead = isCharacter(e) && (e.card.health ?? 0) - e.damage <= 0;', killers: ['bane-of-doom-acidmaw-summons-demon'] },
  { name: 'lost-aura-health-removed', kind: 'Health from a lost aura taken away in full (damage kept)', rule: '4b', file: 'engine/kernel/auras.js', find: "if (newMax < oldMax && !g.mutants.has('aura-loss-takes-health'))", replace: 'if (false)', killers: ['cone-of-cold-champion-sheep-mana-wyrm'] },
  { name: 'summon-refused-with-room', kind: 'a summon refused with one slot still free', rule: 'board-limit', file: 'engine/effects/summon.js', find: "if (p.board.length >= BOARD_LIMIT && !g.mutants.has('no-board-limit'))", replace: "if (p.board.length >= BOARD_LIMIT - 1 && !g.mutants.has('no-board-limit'))", killers: ['arcane-explosion-grim-patrons-frothing-berserker'] },
  { name: 'inactive-player-first', kind: 'the Dominant-player order: the inactive player\'s triggers queue first', rule: '2a', file: 'engine/kernel/queue.js', find: 'return rank(a) - rank(b) || a.eventIndex - b.eventIndex || a.order - b.order;', replace: 'return rank(a) - rank(b) || a.eventIndex - b.eventIndex || ((carrierOf(g, a.source).controller === g.active ? 1 : 0) - (carrierOf(g, b.source).controller === g.active ? 1 : 0)) || a.order - b.order;', killers: ['dominant-player-b-active-patron-older'] },
  { name: 'events-newest-first', kind: 'simultaneous events queued newest first', rule: '2b', file: 'engine/kernel/queue.js', find: 'return ea.order - eb.order;', replace: 'return eb.order - ea.order;', killers: ['abomination-malganis-hellfire-immune-ends'] },
  { name: 'windfury-for-all', kind: 'every minion may attack twice a turn', rule: 'legality', file: 'engine/sequences.js', find: 'if (attacker.attacks >= max)', replace: 'if (attacker.attacks > max)', killers: ['legality-summoning-sickness-and-one-attack'] },
  { name: 'armor-ignored', kind: 'Armor does not absorb damage', rule: 'health', file: 'engine/effects/damage.js', find: "if (t.armor > 0 && !g.mutants.has('armor-ignored'))", replace: 'if (false)', killers: ['armor-absorbs-damage-first'] },
  { name: 'divine-shield-ignored', kind: 'Divine Shield does not stop damage', rule: 'health', file: 'engine/effects/damage.js', find: 'if (t.divineShield) {', replace: 'if (false) {', killers: ['divine-shield-stops-the-first-damage'] },
  { name: 'hand-limit-eleven', kind: 'the hand holds 11 cards before overdraw burns', rule: 'hand-limit', file: 'engine/effects/zones.js', find: 'if (p.hand.length >= HAND_LIMIT) {', replace: 'if (p.hand.length > HAND_LIMIT) {', all: true, killers: ['overdraw-burns-the-eleventh-card'] },
  { name: 'deathrattle-summon-left-of-slot', kind: 'a Deathrattle summon placed one slot left of the dead minion\'s place', rule: 'board-position', file: 'engine/effects/summon.js', find: 'return before >= 0 ? before + 1 : Math.min(self.lastPosition, board.length);', replace: 'return before >= 0 ? before + 1 : Math.max(0, Math.min(self.lastPosition, board.length) - 1);', killers: ['knife-juggler-haunted-creeper-malganis-imp'] },
  { name: 'summons-at-left-end', kind: 'summons the card does not place go to the left end of the board', rule: 'board-position', file: 'engine/effects/summon.js', find: "if (atRightEnd(ctx, side, pos))\n        return board.length;", replace: "if (atRightEnd(ctx, side, pos))\n        return pos === undefined && self.controller === side ? 0 : board.length;", fuzzSeed: 1 },
  { name: 'enchantments-newest-first', kind: 'enchantments applied newest first, not in the order they were played', rule: '4d', file: 'engine/state.js', find: 'ench.push({ source: en.id', replace: 'ench.unshift({ source: en.id', fuzzSeed: 1 },
  { name: 'mana-unchecked', kind: 'a card that costs more than the player\'s mana can be played', rule: 'legality', file: 'engine/sequences.js', find: 'if (c > p.mana)\n        throw', replace: 'if (false)\n        throw', killers: ['legality-full-board-and-mana'] },
  { name: 'cost-enchantments-before-auras', kind: 'mana cost enchantments applied before mana cost auras (Rule 4d: no special priority between them)', rule: '4d', file: 'engine/state.js', find: 'mods.sort((a, b) => a.priority - b.priority || a.order - b.order);', replace: "mods.sort((a, b) => (a.kind === 'aura' ? 1 : 0) - (b.kind === 'aura' ? 1 : 0) || a.priority - b.priority || a.order - b.order);", fuzzSeed: 16 },
  { name: 'overload-never-cleared', kind: 'an Overload stays owed after the turn it locked', rule: 'overload', file: 'engine/effects/resources.js', find: "p.overloaded = Math.min(p.overloadNext, p.maxMana);\n    p.overloadNext = 0;", replace: 'p.overloaded = Math.min(p.overloadNext, p.maxMana);', killers: ['overload-locks-one-turn-and-crystals-refill'] },
  { name: 'mana-not-refilled', kind: 'Mana Crystals gain one mana a turn instead of refilling', rule: 'mana-crystals', file: 'engine/effects/resources.js', find: 'p.mana = p.maxMana - p.overloaded;', replace: 'p.mana = Math.min(p.maxMana, p.mana + 1) - p.overloaded;', killers: ['overload-locks-one-turn-and-crystals-refill'] },
  { name: 'spell-damage-boosts-heals', kind: 'Spell Damage adds to a spell\'s healing', rule: 'spell-damage', file: 'engine/effects/actions.js', find: 'evalAmount(ctx, a.amount) * doubling(ctx)),', replace: 'damageAmount(ctx, evalAmount(ctx, a.amount), ctx.source.card.type === "spell")),', killers: ['spell-damage-spells-only'] },
  { name: 'spell-damage-on-all-damage', kind: 'Spell Damage adds to every damage its player deals', rule: 'spell-damage', file: 'engine/effects/damage.js', find: 'const bonus = spell ? spellDamage(ctx.g, ctx.controller) : 0;', replace: 'const bonus = spellDamage(ctx.g, ctx.controller);', killers: ['spell-damage-spells-only'] },
  { name: 'zero-damage-pops-shield', kind: 'a hit of 0 damage pops a Divine Shield', rule: 'divine-shield', file: 'engine/effects/damage.js', find: 'if (!onBoard(g, id) || amountHere <= 0)', replace: 'if (!onBoard(g, id) || amountHere < 0)', killers: ['divine-shield-not-popped-by-zero-damage'] },
  { name: 'silenced-aura-persists', kind: 'a Silenced minion keeps granting its aura', rule: 'silence', file: 'engine/kernel/auras.js', find: "if (e.zone !== 'play' || (e.silenced && !g.mutants.has('silence-keeps-auras')))", replace: "if (e.zone !== 'play')", killers: ['silence-removes-aura-it-grants'] },
  { name: 'thaw-even-after-attacking', kind: 'a character Frozen after it attacked thaws at the end of that turn', rule: 'freeze', file: 'engine/sequences.js', find: "if (e.frozen && ((e.attacks === 0 && couldAttack) || g.mutants.has('freeze-thaws-after-attack')))", replace: 'if (e.frozen)', killers: ['freeze-after-attacking-lasts-next-turn'] },
  { name: 'secrets-on-own-turn', kind: 'a Secret acts on its owner\'s turn too', rule: 'secrets', file: 'engine/kernel/queue.js', find: "if (t.secret && g.active === src.controller && !g.mutants.has('secret-on-own-turn'))", replace: 'if (false)', killers: ['secret-does-not-act-on-its-owners-turn'] },
  { name: 'windfury-three-attacks', kind: 'Windfury allows three attacks a turn', rule: 'legality', file: 'engine/sequences.js', find: "windfury && !g.mutants.has('windfury-ignored') ? 2 : 1;", replace: "windfury && !g.mutants.has('windfury-ignored') ? 3 : 1;", killers: ['charge-and-windfury-attacks'] },
  { name: 'printed-stealth-kept', kind: 'a minion keeps its printed Stealth after it attacks', rule: 'stealth', file: 'engine/sequences.js', find: "a.lostKeywords = [...(a.lostKeywords ?? []), 'stealth'];", replace: '{}', killers: ['stealth-printed-lost-when-minion-attacks'] },
  { name: 'replaced-weapon-no-deathrattle', kind: 'a weapon replaced by a new one goes to the graveyard without its Deathrattle', rule: 'weapon-replace', file: 'engine/effects/zones.js', find: 'p.replaced.push(old.id);', replace: 'removeFromPlay(g, old, "equip"); if (false)', killers: ['deaths-bite-replaced-deathrattle-resolves'] },
  { name: 'hero-keeps-hero-power', kind: 'a hero replaced by another keeps the old Hero Power', rule: 'hero-power-replaced', file: 'engine/effects/actions.js', find: 'if (hero.card.heroPower)', replace: 'if (false)', killers: ['lord-jaraxxus-inferno-hero-power'] },
  { name: 'hero-power-without-target', kind: 'a Hero Power that takes a target can be used without one', rule: 'legality', file: 'engine/sequences.js', find: "(card.card.type === 'spell' || card.card.type === 'hero_power'))", replace: "card.card.type === 'spell')", killers: ['legality-hero-power-needs-its-target'] },
  { name: 'copy-base-card-only', kind: 'a copy (Faceless Manipulator) takes only the original\'s card, not its enchantments, Silence or damage', rule: 'copy', file: 'engine/effects/actions.js', find: 'if (original && original.id !== e.id)', replace: 'if (false)', killers: ['faceless-manipulator-copies-enchantments-and-damage'] },
  { name: 'fatigue-flat', kind: 'fatigue always deals 1', rule: 'fatigue', file: 'engine/effects/zones.js', find: 'dealDamage(ctx, hero.id, [hero.id], p.fatigue);', replace: 'dealDamage(ctx, hero.id, [hero.id], 1);', killers: ['fatigue-grows-with-each-empty-draw'] },
  { name: 'damaged-reads-printed-health', kind: 'a minion counts as damaged when its Health is below its printed Health, not its maximum (Enrage)', rule: 'enrage', file: 'engine/effects/select.js', find: 'checks.push((_ctx, e) => (e.damage > 0) === damaged);', replace: 'checks.push((ctx, e) => (health(ctx.g, e) < (e.card.health ?? 0)) === damaged);', killers: ['enrage-buffed-minion-damaged-below-its-maximum'] },
  { name: 'combo-counts-itself', kind: 'Combo counts the card itself, so it is always on', rule: 'combo', file: 'engine/effects/select.js', find: 'return (i >= 0 ? i : p.played.length) + self;', replace: 'return (i >= 0 ? i + 1 : p.played.length + 1) + self;', killers: ['cold-blood-first-card-no-combo'] },
  { name: 'silenced-windfury-attacks-twice', kind: 'a Silenced minion keeps its printed Windfury', rule: 'silence', file: 'engine/sequences.js', find: "const windfury = hasKeyword(g, attacker, 'windfury') ||", replace: "const windfury = hasKeyword(g, attacker, 'windfury') || !!attacker.card.keywords?.includes('windfury') ||", killers: ['silenced-windfury-harpy-attacks-once'] },
  { name: 'stealthed-taunt-blocks', kind: 'a Taunt minion in Stealth still stops attacks on the others', rule: 'legality', file: 'engine/sequences.js', find: "hasKeyword(g, entity(g, id), 'taunt') && !hasKeyword(g, entity(g, id), 'stealth')", replace: "hasKeyword(g, entity(g, id), 'taunt')", killers: ['stealthed-taunt-does-not-block-attacks'] },
  { name: 'poison-through-divine-shield', kind: 'Poisonous destroys a minion whose Divine Shield took the hit', rule: 'divine-shield', file: 'engine/effects/damage.js', find: "g.trace.event({ e: 'divine_shield_pop', target: id });", replace: "g.trace.event({ e: 'divine_shield_pop', target: id }); if (t.card.type === 'minion' && hasKeyword(g, source, 'poisonous') && !t.pendingDestroy) { t.pendingDestroy = true; g.trace.event({ e: 'destroy_mark', target: id, rule: 'poisonous' }); }", killers: ['poisonous-stopped-by-divine-shield'] },
  { name: 'divine-shield-stops-destroy', kind: 'a destroy effect pops a Divine Shield instead of destroying the minion', rule: 'divine-shield', file: 'engine/effects/actions.js', find: 'if (!inPlay(e) || e.pendingDestroy)\n                continue;', replace: "if (!inPlay(e) || e.pendingDestroy)\n                continue;\n            if (e.divineShield) { e.divineShield = false; ctx.g.trace.event({ e: 'divine_shield_pop', target: id }); continue; }", killers: ['destroy-ignores-divine-shield'] },
  { name: 'bounce-into-full-hand', kind: 'a minion returned to a full hand makes an eleventh card', rule: 'hand-limit', file: 'engine/effects/actions.js', find: "if (p.hand.length >= g.profile.limits.hand && !g.mutants.has('returned-into-full-hand')) {", replace: 'if (false) {', killers: ['sap-into-full-hand-destroys-the-minion'] },
  { name: 'returned-minion-keeps-attacks', kind: 'a minion returned to hand and played again keeps the attacks it made', rule: 'legality', file: 'engine/entities.js', find: 'e.attacks = 0;', replace: '', killers: ['leeroy-shadowstep-replayed-minion-attacks-again'] },
  { name: 'rivendare-skips-triggered-deathrattles', kind: 'Baron Rivendare does not double a Deathrattle a card triggers (Feign Death)', rule: 'deathrattles-twice', file: 'engine/effects/actions.js', find: "const times = m.card.type === 'minion' && playerHasAuraEffect(ctx.g, m.controller, 'deathrattlesTwice') ? 2 : 1;", replace: 'const times = 1;', killers: ['feign-death-baron-rivendare-deathrattles-twice'] },
  { name: 'rivendare-doubles-weapons', kind: 'Baron Rivendare doubles a weapon\'s Deathrattle too', rule: 'deathrattles-twice', file: 'engine/kernel/deaths.js', find: "(dead.card.type === 'minion' || g.mutants.has('rivendare-doubles-weapons'))", replace: 'true', killers: ['baron-rivendare-does-not-double-a-weapon-deathrattle'] },
  { name: 'duplicate-secret-playable', kind: 'a Secret its player already has in play can be played again', rule: 'secrets', file: 'engine/sequences.js', find: 'if (p.secrets.some((s) => entity(g, s).card.id === card.card.id))', replace: 'if (false)', killers: ['secret-already-in-play-or-sixth-cannot-be-played'] },
  { name: 'coin-capped-at-crystal-limit', kind: 'mana for this turn only stops at the crystal limit (Hearthtop\'s Coin at 6 crystals)', rule: 'hearthtop/coin', file: 'engine/effects/resources.js', find: 'p.mana = cap === null ? p.mana + n : Math.min(cap, p.mana + n);', replace: 'p.mana = Math.min(MAX, p.mana + n);', killers: ['hearthtop-coin-above-six-crystals'] },
  { name: 'choose-one-always-first', kind: 'a Choose One card always resolves its first text', rule: 'choose-one', file: 'engine/sequences.js', find: 'const c = opts[(choose ?? 1) - 1];', replace: 'const c = opts[0];', killers: ['wrath-choose-one-only-the-chosen-text'] },
  { name: "hero-power-targets-untargetable", kind: "a Hero Power may be aimed at a minion that \"can't be targeted by spells or Hero Powers\" (Faerie Dragon)", rule: "legality", file: "engine/sequences.js", find: "const bySpell = card.card.type === 'spell' || card.card.type === 'hero_power';", replace: "const bySpell = card.card.type === 'spell';", killers: ["hero-power-cannot-target-faerie-dragon"] },
  { name: "spell-damage-largest-not-sum", kind: "Spell Damage from several minions is the largest, not the sum", rule: "spell-damage", file: "engine/state.js", find: "n += a.mods.spellDamage;", replace: "n = Math.max(n, a.mods.spellDamage);", killers: ["spell-damage-from-two-minions-adds-up"] },
  { name: "transform-keeps-enchantments", kind: "a transformed minion keeps the enchantments of the old one (a buffed Sheep)", rule: "transform", file: "engine/effects/actions.js", find: "for (const en of e.enchantments)\n                moveTo(g, entity(g, en), 'graveyard');\n            e.enchantments = [];\n            e.damage = 0;\n            e.card = into;", replace: "e.damage = 0;\n            e.card = into;", killers: ["polymorph-sheep-is-the-new-card-only"] },
  { name: "choose-one-minion-target-ignored", kind: "a Choose One minion's chosen text cannot take a target (Keeper of the Grove)", rule: "choose-one", file: "engine/sequences.js", find: "is full`);\n        checkTarget(g, card, target, choice);", replace: "is full`);\n        checkTarget(g, card, target);", killers: ["keeper-of-the-grove-chosen-damage-takes-a-target"] },
  { name: "overloads-do-not-add-up", kind: "several Overloads in a turn lock only the largest, not their sum", rule: "overload", file: "engine/effects/resources.js", find: "g.players[side].overloadNext += n;", replace: "g.players[side].overloadNext = Math.max(g.players[side].overloadNext, n);", killers: ["two-overloads-add-up"] },
  { name: "combo-ignores-spells", kind: "a spell played earlier in the turn does not count for Combo", rule: "combo", file: "engine/sequences.js", find: "p.played.push(id);", replace: "if (card.card.type !== 'spell') p.played.push(id);", killers: ["spell-played-earlier-turns-combo-on"] },
  { name: "until-played-cost-stays", kind: "a cost change that lasts until a card is played stays after it (Kirin Tor Mage: every Secret that turn costs 0)", rule: "cost-until-played", file: "engine/kernel/queue.js", find: "if (t.expires && src.attachedTo !== undefined && src.zone === 'play')\n        detachEnchantment(g, src);", replace: "", killers: ["kirin-tor-mage-only-the-next-secret-costs-zero"] },
  { name: "put-into-play-full-board-card-lost", kind: "a minion put into play from a deck onto a full board is destroyed instead of staying in the deck (Deathlord)", rule: "board-limit", file: "engine/effects/actions.js", find: "(a.from === 'deck' ? p.deck : p.hand).push(id);", replace: "moveTo(g, e, 'graveyard'); p.graveyard.push(id);", killers: ["deathlord-into-a-full-board-leaves-the-minion-in-the-deck"] },
  { name: "lost-buff-keeps-damage", kind: "a minion that loses a Health enchantment (Silence) keeps all its damage, so a damaged one may die", rule: "health", file: "engine/kernel/queue.js", find: "host.damage = Math.max(0, host.damage - (oldMax - newMax));", replace: "void 0;", killers: ["silence-of-a-buffed-damaged-minion-keeps-its-health"] },
  { name: "health-set-keeps-damage", kind: "\"change Health to N\" (Hunter's Mark) keeps the minion's damage, so a damaged one dies", rule: "health-set", file: "engine/effects/actions.js", find: "if (hp !== undefined)\n                e.damage = 0;", replace: "", killers: ["hunters-mark-on-a-damaged-minion-sets-health-to-one"] },
  { name: "full-crystal-gives-no-mana", kind: "a full Mana Crystal gained (Nourish, Grove Tender) arrives empty: no mana to spend this turn", rule: "mana-crystals", file: "engine/effects/resources.js", find: "        if (crystals === 'full')\n            p.mana = Math.min(MAX, p.mana + gained);", replace: "        if (false)\n            p.mana = Math.min(MAX, p.mana + gained);", killers: ["nourish-full-crystals-give-mana-at-once"] },
  { name: "crystal-gain-past-ten", kind: "gaining Mana Crystals ignores the 10-crystal cap", rule: "mana-crystals", file: "engine/effects/resources.js", find: "const gained = Math.min(n, MAX - p.maxMana);", replace: "const gained = n;", killers: ["nourish-at-ten-crystals-gains-none"] },
  { name: "unlock-keeps-owed-overload", kind: "unlocking Overload (Lava Shock) frees the locked crystals but leaves this turn's owed Overload", rule: "overload", file: "engine/effects/resources.js", find: "    p.overloaded = 0;\n    p.overloadNext = 0;\n    recordCrystals(g, side, 'unlock');", replace: "    p.overloaded = 0;\n    recordCrystals(g, side, 'unlock');", killers: ["lava-shock-clears-the-overload-owed-for-next-turn"] },
  { name: "added-card-burned-at-nine", kind: "a card an effect adds to a hand of 9 is burnt (off by one on the add-to-hand path)", rule: "hand-limit", file: "engine/effects/zones.js", find: "    const HAND_LIMIT = g.profile.rules.overdraw === 'burn' ? g.profile.limits.hand : Number.POSITIVE_INFINITY;\n    if (p.hand.length >= HAND_LIMIT) {", replace: "    const HAND_LIMIT = g.profile.rules.overdraw === 'burn' ? g.profile.limits.hand : Number.POSITIVE_INFINITY;\n    if (p.hand.length >= HAND_LIMIT - 1) {", killers: ["king-mukla-into-a-hand-of-nine-keeps-one-banana"] },
  { name: "granted-divine-shield-not-raised", kind: "Divine Shield given by an enchantment (Argent Protector, Hand of Protection) is recorded but no shield is raised", rule: "keywords-granted", file: "engine/effects/enchant.js", find: "        t.divineShield = true;", replace: "        void 0;", killers: ["argent-protector-divine-shield-stops-the-next-damage"] },
  { name: "weapon-windfury-ignored", kind: "a hero with a Windfury weapon (Doomhammer) may attack only once", rule: "legality", file: "engine/sequences.js", find: "(weapon !== null && hasKeyword(g, entity(g, weapon), 'windfury'))", replace: "false", killers: ["doomhammer-hero-attacks-twice-a-turn"] },
  { name: "immune-protects-heroes-only", kind: "Immune stops damage to heroes only, not to minions (Bestial Wrath)", rule: "keywords-granted", file: "engine/effects/damage.js", find: "        const t = entity(g, id);\n        if (hasKeyword(g, t, 'immune'))\n            continue;", replace: "        const t = entity(g, id);\n        if (t.card.type === 'hero' && hasKeyword(g, t, 'immune'))\n            continue;", killers: ["bestial-wrath-immune-beast-takes-no-combat-damage"] },
  { name: "poisonous-destroys-heroes", kind: "Poisonous damage to a hero destroys it", rule: "health", file: "engine/effects/damage.js", find: "if (t.card.type === 'minion' && hasKeyword(g, source, 'poisonous') && !t.pendingDestroy) {", replace: "if (hasKeyword(g, source, 'poisonous') && !t.pendingDestroy) {", killers: ["emperor-cobra-damages-a-hero-without-destroying-it"] },
  { name: "next-turn-effect-ends-this-turn", kind: "an effect that lasts until the end of next turn ends at the end of this turn", rule: "delayed-effects", file: "engine/sequences.js", find: "(e.attachedTurn ?? g.turn) < g.turn", replace: "(e.attachedTurn ?? g.turn) <= g.turn", killers: ["loatheb-enemy-spells-cost-more-on-their-next-turn"] },
  { name: "aura-condition-ignored", kind: "an aura's condition is never checked: conditional auras are always on (Southsea Deckhand, Spiteful Smith, Pint-Sized Summoner)", rule: "enrage", file: "engine/kernel/auras.js", find: "if (aura.condition && !ctx.g.effects.evalCondition(ctx, aura.condition))", replace: "if (false && aura.condition)", killers: ["spiteful-smith-undamaged-gives-no-weapon-attack"] },
  { name: "steal-destroyed-with-room", kind: "a minion taken onto a board of 6 is destroyed as if the board were full", rule: "board-limit", file: "engine/effects/enchant.js", find: "if (g.players[to].board.length >= g.profile.limits.board) {", replace: "if (g.players[to].board.length >= g.profile.limits.board - 1) {", killers: ["mind-control-onto-a-board-of-six-keeps-the-minion"] },
  { name: "silenced-deathrattle-resolves", kind: "a Silenced minion's printed Deathrattle still resolves when it dies", rule: "silence", file: "engine/kernel/deaths.js", find: "const own = !m.silenced && m.card.deathrattle ? [m] : [];", replace: "const own = m.card.deathrattle ? [m] : [];", killers: ["silenced-harvest-golem-dies-without-its-deathrattle"] },
  { name: "velen-doubles-minion-effects", kind: "Prophet Velen doubles the damage and healing of his player's minions' effects too, not only spells and Hero Power", rule: "doubled", file: "engine/effects/damage.js", find: "if (t !== 'spell' && t !== 'hero_power')", replace: "if (t !== 'spell' && t !== 'hero_power' && t !== 'minion')", killers: ["prophet-velen-does-not-double-a-battlecry"] },
  { name: "weapon-health-buff-no-durability", kind: "a +1/+1 on a weapon (Upgrade!) adds Attack but no Durability", rule: "weapon-wear", file: "engine/state.js", find: "extra += (m.durability ?? 0) + (m.health ?? 0);", replace: "extra += (m.durability ?? 0);", killers: ["upgrade-gives-a-weapon-attack-and-durability"] },
  { name: "triggered-deathrattles-printed-only", kind: "a card that triggers a minion's Deathrattles (Feign Death) skips Deathrattles added by enchantments", rule: "7", file: "engine/effects/actions.js", find: "for (const src of deathrattleSources(ctx.g, m)) {", replace: "for (const src of deathrattleSources(ctx.g, m).filter((s) => s === m)) {", killers: ["feign-death-triggers-a-deathrattle-an-enchantment-added"] },
  { name: "minions-played-counts-all-cards", kind: "'minions played this turn' counts every card played (Pint-Sized Summoner's discount gone after a spell)", rule: "cost-in-hand", file: "engine/effects/select.js", find: "case 'minions_played_this_turn': return p.played.filter((id) => entity(g, id).card.type === 'minion').length;", replace: "case 'minions_played_this_turn': return p.played.length;", killers: ["pint-sized-summoner-discount-stays-after-a-spell"] },
  { name: "played-cards-not-reset", kind: "the cards-played-this-turn list is never cleared at turn end: Combo is on from earlier turns' cards", rule: "combo", file: "engine/sequences.js", find: "    g.players[side].played = [];\n    p.played = [];", replace: "", killers: ["combo-not-on-from-a-card-played-last-turn"] },
  { name: "spell-damage-enchantment-ignored", kind: "Spell Damage given by an enchantment (Velen's Chosen, Ancient Mage) does not count", rule: "spell-damage", file: "engine/state.js", find: "            n += m.spellDamage ?? 0;", replace: "            n += 0;", killers: ["velens-chosen-spell-damage-adds-to-a-spell"] },
  { name: "windfury-frozen-after-one-attack-thaws", kind: "a Windfury character Frozen after its first attack (one attack still left) thaws at the end of the turn", rule: "freeze", file: "engine/sequences.js", find: "(e.attacks === 0 && couldAttack)", replace: "(e.attacks <= (hasKeyword(g, e, 'windfury') ? 1 : 0) && couldAttack)", killers: ["windfury-minion-frozen-by-its-first-attack-stays-frozen"] },
  { name: "fatigue-resets-after-a-draw", kind: "the fatigue counter goes back to 0 when a card is drawn", rule: "fatigue", file: "engine/effects/zones.js", find: "    g.trace.event({ e: 'draw', player: side, entity: id, card: c.card.id });", replace: "    p.fatigue = 0;\n    g.trace.event({ e: 'draw', player: side, entity: id, card: c.card.id });", killers: ["fatigue-keeps-counting-after-a-card-is-drawn"] },
  { name: "new-hero-power-inherits-use", kind: "a new Hero Power (Jaraxxus INFERNO!) counts as used when the old one was used this turn", rule: "hero-power-replaced", file: "engine/effects/zones.js", find: "    hp.order = g.nextOrder++;", replace: "    hp.order = g.nextOrder++;\n    if (p.heroPower !== null) hp.attacks = entity(g, p.heroPower).attacks;", killers: ["hero-power-replaced-after-use-can-be-used-again"] },
  { name: "copy-not-frozen", kind: "a copy of a Frozen minion (Faceless Manipulator) is not Frozen", rule: "copy", file: "engine/effects/summon.js", find: "    to.frozen = from.frozen;", replace: "", killers: ["faceless-manipulator-copy-of-a-frozen-minion-is-frozen"] },
  { name: 'secret-skips-after-spell', kind: 'a Secret cast is not followed by the After Spell Phase ("after you cast a spell": Wild Pyromancer, Flamewaker)', rule: 'sequence', file: 'engine/sequences.js', find: "            afterSpell();\n            return;", replace: '            return;', killers: ['wild-pyromancer-after-secret'] },
  { name: 'combo-minion-is-battlecry-minion', kind: 'a minion with Combo counts as a Battlecry minion (Nerub\'ar Weblord, Rumbling Elemental)', rule: 'combo', file: 'engine/effects/select.js', find: '!!e.card.battlecry && !e.card.combo && !e.silenced', replace: '!!e.card.battlecry && !e.silenced', killers: ['nerubar-weblord-combo-minions-not-battlecry'] },
  { name: 'battlecry-target-left-out', kind: 'a minion whose Battlecry takes a target may be played without one while one is legal', rule: 'legality', file: 'engine/sequences.js', find: 'if (spec && played && takesTarget(g, card, choice)) {', replace: 'if (false) {', killers: ['fire-elemental-must-target-if-available'] },
  { name: 'charge-printed-only-at-summon', kind: 'a minion is ready to attack at once when its card has Charge, and stays so when it loses Charge (Silence) the turn it is played', rule: 'legality', file: 'engine/entities.js', find: '    e.exhausted = true;', replace: "    e.exhausted = !e.card.keywords?.includes('charge');", killers: ['silenced-charge-minion-cannot-attack-the-turn-it-is-played'] },
  { name: 'hand-cost-change-kept-after-play', kind: 'a cost change a card got in a hand (Shadowstep) stays with it after it is played, and adds up when it comes back', rule: 'cost-in-hand', file: 'engine/entities.js', find: '    e.costMods = [];', replace: '', killers: ['shadowstep-again-costs-two-less-once'] },
  { name: 'force-played-secret-past-the-limit', kind: 'a Secret put into play from a deck (Mad Scientist) comes in past the Secret limit', rule: 'secrets', file: 'engine/effects/actions.js', find: '(p.secrets.length < g.profile.limits.secrets && !p.secrets.some(', replace: '(!p.secrets.some(', killers: ['mad-scientist-at-five-secrets-puts-none-into-play'] },
];

export interface MutantVerdict { name: string; killedBy: 'golden' | 'fuzz' | null; detail: string }

/**
 * The compiled files under `from`, but for declaration files (not run), at the same places under `to`: each a hard
 * link to the original where the file system allows it (a link is a file of its own path, as a copy is, at no cost of
 * copying), a copy otherwise. A linked file is never written: the patch replaces its link with a new file.
 */
function linkTree(from: string, to: string): void {
  mkdirSync(to, { recursive: true });
  for (const e of readdirSync(from, { withFileTypes: true })) {
    const [src, dst] = [join(from, e.name), join(to, e.name)];
    if (e.isDirectory()) linkTree(src, dst);
    else if (!e.name.endsWith('.d.ts')) {
      try { linkSync(src, dst); } catch { copyFileSync(src, dst); }
    }
  }
}

/** A copy of the package with one patch applied to its compiled engine, runnable as `node <dir>/bin/arbiter.mjs`. */
export function patchedCopy(m: ExternalMutant): string {
  const dir = mkdtempSync(join(tmpdir(), `arbiter-xm-${m.name}-`));
  // The compiled code is copied (a module's imports resolve to real paths, so the patched file must sit among real
  // files of the copy, not symbolic links to the checkout's); the data it reads (cards, golden cases) is only linked.
  linkTree(join(ROOT, 'dist'), join(dir, 'dist'));
  for (const part of ['bin', 'package.json']) cpSync(join(ROOT, part), join(dir, part), { recursive: true });
  for (const part of ['spec', 'golden', 'node_modules']) symlinkSync(join(ROOT, part), join(dir, part), 'dir');
  const file = join(dir, 'dist', m.file);
  const text = readFileSync(file, 'utf8');
  const count = text.split(m.find).length - 1;
  if (count === 0 || (count > 1 && !m.all)) throw new Error(`mutant ${m.name}: "${m.find}" occurs ${count} times in dist/${m.file}`);
  // A new file in place of the link: the checkout's compiled file stays as it is.
  rmSync(file);
  writeFileSync(file, m.all ? text.split(m.find).join(m.replace) : text.replace(m.find, m.replace));
  return dir;
}

/**
 * Run golden verify, then (if it passes) the fuzzer, on the patched copy. `quick`: first only the golden cases known
 * to kill the mutant (its `killers`), or, for a mutant only the fuzzer kills, the fuzzer alone; the whole judgement
 * follows only when that does not kill it (a changed golden case or generator), so the verdict is the same.
 */
export async function judgeMutant(m: ExternalMutant, opts: { fuzzRuns?: number; quick?: boolean } = {}): Promise<MutantVerdict> {
  const fuzzRuns = opts.fuzzRuns ?? 3000;
  const dir = patchedCopy(m);
  const env = { ...process.env, ARBITER_FROM_SOURCE: '0', CI: 'true' };
  const bin = join(dir, 'bin', 'arbiter.mjs');
  const golden = async (ids: readonly string[]): Promise<MutantVerdict> => {
    const r = await run(process.execPath, [bin, 'golden', 'verify', ...ids], { cwd: dir, env });
    if (r.code === 1) {
      const failed = r.out.split('\n').filter((l) => /^(FAIL|ERROR)\b/.test(l)).map((l) => l.split(/\s+/)[1]);
      return { name: m.name, killedBy: 'golden', detail: `${failed.length} golden case(s) fail: ${failed.slice(0, 3).join(', ')}${failed.length > 3 ? ', …' : ''}` };
    }
    if (r.code !== 0) return { name: m.name, killedBy: null, detail: `golden verify ${ids.join(' ')} exited ${r.code}: ${r.err.slice(0, 300)}` };
    return { name: m.name, killedBy: null, detail: `golden verify ${ids.length ? ids.join(' ') : '(all)'} passes` };
  };
  const fuzz = async (): Promise<MutantVerdict> => {
    const seed = m.fuzzSeed ?? 1;
    const r = await run(process.execPath, [bin, 'fuzz', '--runs', String(fuzzRuns), '--seed', String(seed), '--no-write'], { cwd: dir, env });
    if (r.code === 1) {
      const found = /found[^\n]*|violat[^\n]*/i.exec(r.out + r.err)?.[0] ?? 'a violation';
      return { name: m.name, killedBy: 'fuzz', detail: found.slice(0, 200) };
    }
    return { name: m.name, killedBy: null, detail: `fuzz --runs ${fuzzRuns} --seed ${seed} finds nothing (exit ${r.code})` };
  };
  try {
    if (opts.quick) {
      const first = m.killers?.length ? await golden(m.killers) : await fuzz();
      if (first.killedBy) return first;
    }
    const all = await golden([]);
    if (all.killedBy || /exited/.test(all.detail)) return all;
    const found = await fuzz();
    return found.killedBy ? found : { ...found, detail: `golden verify passes and ${found.detail}` };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
