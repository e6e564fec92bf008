#!/usr/bin/env python3
"""
Arbiter adapter for HearthBreaker (https://github.com/danielyule/hearthbreaker), a Python 3 Hearthstone simulator.

Usage:  HEARTHBREAKER_HOME=/path/to/hearthbreaker  node bin/arbiter.mjs run --sim "python3 adapters/hearthbreaker/adapter.py"
        (or: python3 adapters/hearthbreaker/adapter.py --home /path/to/hearthbreaker)

HEARTHBREAKER_HOME is the folder that holds the ``hearthbreaker`` package (a checkout of the repository). Nothing of
HearthBreaker is bundled here. This adapter maps names and shapes only - it never changes how HearthBreaker plays:

- cards: Arbiter card ids -> HearthBreaker cards by English name (``card_lookup``), with the few names HearthBreaker
  spells differently or uses twice mapped by id (see ``BY_ID``);
- set-up: the board is built without raising any game event (a set-up board is a settled state), minions are put
  into play oldest first in Arbiter's order of play, each at its board position, so HearthBreaker's own order of
  play (``Minion.born``, and the order its triggers were bound) is Arbiter's; damage is set as missing Health;
  Secrets of the player who is not active are armed (HearthBreaker arms a player's Secrets on the opponent's turn);
- actions: play / attack / hero power / end turn through HearthBreaker's own Game and Character methods, with an
  agent that answers HearthBreaker's target and position questions with the scenario's choices;
- random: HearthBreaker's random choices follow the scenario's forced outcomes when it offers that option, and the
  choices it made are reported back (as labels) so that Arbiter replays them;
- the final state is read from HearthBreaker's objects.

What it cannot express, it answers ``unsupported`` with the reason (e.g. enchantment cards in a set-up).
"""
import os
import random
import subprocess
import sys
import warnings

HERE = os.path.dirname(os.path.abspath(__file__))
sys.pycache_prefix = sys.pycache_prefix or os.path.join(os.environ.get("TMPDIR", "/tmp"), "arbiter-pycache")
sys.path.insert(0, os.path.join(HERE, "..", "python"))
from arbiter_adapter import ForcedChoices, Unsupported, arbiter_card_pool, card_setup, final_state, hero_label, play_order, player_final, serve  # noqa: E402

# Arbiter ids whose HearthBreaker card has another name, or whose name HearthBreaker uses for another card.
BY_ID = {
    "tt_010": "Spellbender",  # the Secret
    "tt_010a": "Spellbender (minion)",  # the 1/3 token
    "FP1_012t": "Slime",  # Sludge Belcher's 1/2 Taunt Slime
    "EX1_598": "Imp",  # Imp Master's 1/1 Imp (HearthBreaker's "Imp (warlock)" is another card)
}
# Arbiter ids with no HearthBreaker card (the name exists in HearthBreaker but means another card).
NOT_IN_HEARTHBREAKER = {
    "OG_314b": "HearthBreaker's only Slime is Sludge Belcher's 1/2 (FP1_012t); it has no 2/2 Slime (OG_314b)",
    "EX1_323h": "HearthBreaker's Lord Jaraxxus hero exists only when the minion's Battlecry makes it; it cannot be a set-up hero",
}


class SetupError(Exception):
    """HearthBreaker refuses something the scenario does (reported as an error: the simulator fails the case)."""


def find_home():
    home = None
    args = sys.argv[1:]
    if "--home" in args and args.index("--home") + 1 < len(args):
        home = args[args.index("--home") + 1]
    home = home or os.environ.get("HEARTHBREAKER_HOME")
    if not home:
        sys.stderr.write("adapters/hearthbreaker: set HEARTHBREAKER_HOME (or --home) to a HearthBreaker checkout "
                         "(the folder holding the hearthbreaker/ package). See adapters/hearthbreaker/README.md\n")
        sys.exit(2)
    if not os.path.isfile(os.path.join(home, "hearthbreaker", "engine.py")):
        sys.stderr.write(f"adapters/hearthbreaker: HEARTHBREAKER_HOME={home} has no hearthbreaker/engine.py\n")
        sys.exit(2)
    return os.path.abspath(home)


def version_of(home):
    if os.environ.get("HEARTHBREAKER_VERSION"):
        return os.environ["HEARTHBREAKER_VERSION"]
    try:
        out = subprocess.run(["git", "-C", home, "rev-parse", "--short", "HEAD"], capture_output=True, text=True, timeout=5)
        if out.returncode == 0 and out.stdout.strip():
            return "git-" + out.stdout.strip()
    except (OSError, subprocess.SubprocessError):
        pass
    return "unknown"


def import_hearthbreaker(home):
    # Python >= 3.10 removed the collections.Sequence-style aliases HearthBreaker uses; restore them from collections.abc.
    import collections
    import collections.abc
    for n in ("Sequence", "Mapping", "MutableMapping", "Callable", "Iterable", "MutableSequence", "Set", "MutableSet", "Hashable"):
        if not hasattr(collections, n):
            setattr(collections, n, getattr(collections.abc, n))
    warnings.simplefilter("ignore", SyntaxWarning)  # HearthBreaker's `is 0` comparisons
    sys.path.insert(0, home)
    import hearthbreaker.engine as engine
    import hearthbreaker.game_objects as objects
    import hearthbreaker.tags.base as tags
    import hearthbreaker.tags.status as status
    import hearthbreaker.cards.base as cardbase
    return engine, objects, tags, status, cardbase


HOME = find_home()
VERSION = version_of(HOME)
hb, hbo, hbtags, hbstatus, hbcards = import_hearthbreaker(HOME)


# --- cards -----------------------------------------------------------------------------------------------------



def hb_kind(card):
    for cls, kind in ((hbcards.SecretCard, "secret"), (hbcards.MinionCard, "minion"), (hbcards.WeaponCard, "weapon"),
                      (hbcards.HeroCard, "hero"), (hbcards.SpellCard, "spell")):
        if isinstance(card, cls):
            return kind
    return "other"


def arbiter_kind(c):
    return "secret" if c.get("secret") else c["type"]


def build_card_map():
    """id -> HearthBreaker card class for every Arbiter card HearthBreaker has (same name, same kind)."""
    by_id, reasons = {}, dict(NOT_IN_HEARTHBREAKER)
    for cid, c in arbiter_card_pool().items():
        if cid in reasons or c["type"] in ("enchantment", "hero_power"):
            continue
        name = BY_ID.get(cid, c["name"])
        cls = hb.card_table.get(name)
        if cls is None:
            reasons[cid] = f"HearthBreaker has no card named {c['name']!r}"
            continue
        if hb_kind(cls()) != arbiter_kind(c):
            reasons[cid] = f"HearthBreaker's {name!r} is a {hb_kind(cls())}, Arbiter's {cid} a {arbiter_kind(c)}"
            continue
        by_id[cid] = cls
    return by_id, reasons


CARD_CLASS, MISSING = build_card_map()
ID_OF_CLASS = {cls: cid for cid, cls in CARD_CLASS.items()}


def card_id(card):
    """The Arbiter id of a HearthBreaker card object (or a stand-in naming it)."""
    cid = ID_OF_CLASS.get(type(card))
    return cid if cid else f"hearthbreaker:{getattr(card, 'name', type(card).__name__)}"


def stats_mismatch(cid, c):
    """A reason if HearthBreaker's version of the card has other stats than Arbiter's (another card version)."""
    cls = CARD_CLASS[cid]
    card = cls()
    if c.get("type") == "minion":
        try:
            m = card.create_minion(None)
        except Exception:  # a minion HearthBreaker can only create for a player: no stats check
            return None
        if (m.base_attack, m.base_health) != (c.get("attack"), c.get("health")):
            return f"HearthBreaker's {card.name} is a {m.base_attack}/{m.base_health}, Arbiter's {cid} a {c.get('attack')}/{c.get('health')} (another card version)"
    return None


def new_card(cid, cards):
    if cid in MISSING:
        raise Unsupported(MISSING[cid])
    if cid not in CARD_CLASS:
        raise Unsupported(f"no HearthBreaker card for {cid} ({(cards.get(cid) or {}).get('name', '?')})")
    return CARD_CLASS[cid]()


# --- the game --------------------------------------------------------------------------------------------------

class OrderedDeck(hb.Deck):
    """The scenario's deck, drawn from the top (first) card down: a scenario fixes its deck order."""

    def __init__(self, cards, hero):
        self.cards = list(cards)
        for c in self.cards:
            c.drawn = False
        self.hero = hero
        self.left = len(self.cards)

    def draw(self, game):
        for c in self.cards:
            if not c.drawn:
                c.drawn = True
                self.left -= 1
                return c
        raise hbo.GameException("Cannot draw from an empty deck")


class ArbiterAgent:
    """Answers HearthBreaker's questions (targets, positions) with the scenario's choices."""

    def __init__(self):
        self.game = None
        self.target = None
        self.index = None

    def do_card_check(self, cards):
        return [True] * len(cards)

    def do_turn(self, player):
        pass

    def choose_target(self, targets):
        if self.target is None:
            raise Unsupported(f"HearthBreaker asks for a target ({', '.join(sorted(describe(t) for t in targets))}) and the action names none")
        want = resolve(self.game, self.target)
        for t in targets:
            if t is want:
                return t
        raise SetupError(f"HearthBreaker does not offer {describe(want)} as a target here; it offers: {', '.join(describe(t) for t in targets) or 'nothing'}")

    def choose_index(self, card, player):
        n = len(player.minions)  # asked before the card's placeholder goes onto the board
        return n if self.index is None else max(0, min(self.index, n))

    def choose_option(self, options, player):
        raise Unsupported("Choose One cards are not mapped by this adapter")


def describe(obj):
    if isinstance(obj, hb.Player):
        return "player" + ("A" if obj is obj.game.players[0] else "B")
    name = getattr(obj, "card", None)
    name = getattr(name, "name", None) or getattr(obj, "name", None) or type(obj).__name__
    side = ""
    player = getattr(obj, "player", None)
    if player is not None and getattr(player, "game", None) is not None:
        side = "A" if player is player.game.players[0] else "B"
    return f"{name}{'(' + side + ')' if side else ''}"


def resolve(game, obj):
    """
    A label's object now: a minion card that was played is the minion it became; a minion HearthBreaker copied
    to move it (Steal: a copy joins the other side and the original leaves) or replaced is that copy.
    """
    if obj is None:
        return obj
    on_board = [m for p in game.players for m in p.minions]
    if hasattr(obj, "is_card") and obj.is_card() and obj.is_minion():
        for m in on_board:
            if m.card is obj:
                return m
        return obj
    if isinstance(obj, hbo.Minion) and not any(m is obj for m in on_board):
        if obj.replaced_by is not None:
            return resolve(game, obj.replaced_by)
        for m in on_board:
            origin = getattr(m, "arbiter_copied_from", None)
            while origin is not None:
                if origin is obj:
                    return m
                origin = getattr(origin, "arbiter_copied_from", None)
    return obj


def _track_copies():
    """Remember which minion a HearthBreaker minion copy was made from (identity only, for labels)."""
    native = hbo.Minion.copy

    def copy(self, new_owner, new_game=None):
        new = native(self, new_owner, new_game)
        new.arbiter_copied_from = self
        return new
    hbo.Minion.copy = copy


def _debug_events():
    """ARBITER_HB_DEBUG=1: log every HearthBreaker event on stderr (for reading a divergence, not for Arbiter)."""
    native = hbo.Bindable.trigger

    def trigger(self, event, *args):
        if event not in ("health_changed",):
            sys.stderr.write(f"[hb] {describe(self)}.{event}({', '.join(describe(a) if hasattr(a, 'player') else repr(a) for a in args)})\n")
        return native(self, event, *args)
    hbo.Bindable.trigger = trigger


_track_copies()
if os.environ.get("ARBITER_HB_DEBUG") == "1":
    _debug_events()


class ForcedRandom:
    """HearthBreaker's random choices: the scenario's forced outcomes when HearthBreaker offers them; recorded."""

    def __init__(self, game, labels, forced):
        self.game = game
        self.forced = ForcedChoices(labels, forced, resolve=lambda v: resolve(game, v))
        self.native_choice = game.random_choice
        self.native_amount = game.random_amount
        game.random_choice = self.choice
        game.random_amount = self.amount

    @property
    def picks(self):
        return self.forced.picks

    def choice(self, options):
        pick = self.forced.forced_pick(options)
        if pick is None:
            pick = self.native_choice(options)
        self.forced.record(pick)
        return pick

    def amount(self, lo, hi):
        f = self.forced.next_forced()
        pick = f if isinstance(f, int) and not isinstance(f, bool) and lo <= f <= hi else self.native_amount(lo, hi)
        self.forced.record(pick)
        return pick


def setup(scenario, cards):
    for cid, c in cards.items():
        if cid in CARD_CLASS:
            why = stats_mismatch(cid, c)
            if why:
                raise Unsupported(why)
    random.seed(str(scenario.get("seed") or scenario.get("id")))
    s = scenario.get("setup") or {}
    ps = {side: s.get(side) or {} for side in "AB"}
    for side in "AB":
        p = ps[side]
        for zone in ("board", "hand", "deck", "secrets"):
            for x in p.get(zone) or []:
                cs = card_setup(x)
                if cs.get("enchantments"):
                    raise Unsupported(f"HearthBreaker has no enchantment cards: cannot attach {', '.join(map(str, cs['enchantments']))} at set-up")

    # heroes and decks
    decks, agents = {}, {}
    for side in "AB":
        hero_id = ps[side].get("hero") or "HERO_08"
        hero_card = new_card(hero_id, cards)
        deck = [new_card(card_setup(x)["card"], cards) for x in ps[side].get("deck") or []]
        decks[side] = OrderedDeck(deck, hero_card)
        agents[side] = ArbiterAgent()
    game = hb.Game([decks["A"], decks["B"]], [agents["A"], agents["B"]])
    if game.players[0].deck is not decks["A"]:  # HearthBreaker picks the first player at random
        game.players.reverse()
    players = {"A": game.players[0], "B": game.players[1]}
    for side in "AB":
        agents[side].game = game
    active = s.get("active", "A")
    game.current_player = players[active]
    game.other_player = players["B" if active == "A" else "A"]
    game._has_turn_ended = False

    labels = {}
    for side in "AB":
        p, setup_p = players[side], ps[side]
        p.hero.card = p.deck.hero
        p.hero.attach(p.hero, p)
        if setup_p.get("health") is not None:
            p.hero.health = setup_p["health"]
        p.hero.armor = setup_p.get("armor", 0)
        p.mana = p.max_mana = setup_p.get("mana", 10)
        p.fatigue = setup_p.get("fatigue", 0)
        labels[hero_label(scenario, side)] = p.hero
        for x in setup_p.get("hand") or []:
            cs = card_setup(x)
            c = new_card(cs["card"], cards)
            c.attach(c, p)
            p.hand.append(c)
            if cs.get("label"):
                labels[cs["label"]] = c
        for x, c in zip(setup_p.get("deck") or [], p.deck.cards):
            if card_setup(x).get("label"):
                labels[card_setup(x)["label"]] = c

    # entities in play, oldest first (HearthBreaker's order of play is summon order: Minion.born, bind order)
    placed = {"A": [], "B": []}  # set-up board indexes already on the board, in board order
    buffs = []
    for it in play_order(scenario):
        side, zone, cs = it["side"], it["zone"], it["setup"]
        p = players[side]
        if zone == "weapon":
            wc = new_card(cs["card"], cards)
            w = wc.create_weapon(p)
            w.card, w.player, w.game = wc, p, game
            p.weapon = w
            w.attach(w, p)
            w.durability -= cs.get("damage") or 0  # set-up Durability already lost
            if cs.get("label"):
                labels[cs["label"]] = w
        elif zone == "secret":
            sc = new_card(cs["card"], cards)
            sc.player = p
            p.secrets.append(sc)
            if p is not game.current_player:
                sc.activate(p)
            if cs.get("label"):
                labels[cs["label"]] = sc
        elif zone == "board":
            mc = new_card(cs["card"], cards)
            pos = sum(1 for i in placed[side] if i < it["index"])
            placed[side].insert(pos, it["index"])
            mc.attach(mc, p)
            m = mc.create_minion(p)
            m.card, m.player, m.game, m.index = mc, p, game, pos
            m.add_to_board(pos)  # no minion_placed / minion_summoned / after_added events: nothing is summoned
            m.exhausted = bool(cs.get("exhausted", False))
            if cs.get("frozen"):
                m.add_buff(hbtags.Buff(hbstatus.Frozen()))
            if cs.get("label"):
                labels[cs["label"]] = m
        elif zone == "enchantment":
            buffs.append((side, it["index"], cs.get("buff") or {}))
    # set-up buffs, then damage, once every aura is in place
    board_of = {side: {i: m for i, m in zip(sorted(placed[side]), players[side].minions)} for side in "AB"}
    for side, i, buff in buffs:
        m = board_of[side][i]
        if buff.get("attack"):
            m.add_buff(hbtags.Buff(hbstatus.ChangeAttack(buff["attack"])))
        if buff.get("health"):
            m.add_buff(hbtags.Buff(hbstatus.ChangeHealth(buff["health"])))
    for side in "AB":
        for i, x in enumerate(ps[side].get("board") or []):
            dmg = card_setup(x).get("damage") or 0
            if dmg:
                m = board_of[side][i]
                m.health = m.calculate_max_health() - dmg
                if not m.enraged:
                    m.enraged = True
                    m._do_enrage()
    game.arbiter_random = ForcedRandom(game, labels, scenario.get("random"))
    game.arbiter_players = players
    return game, labels


def act(game, labels, action):
    players = game.arbiter_players
    agent = game.current_player.agent
    agent.target = labels.get(action["target"]) if action.get("target") is not None else None
    if "target" in action and action["target"] not in labels:
        raise SetupError(f"unknown label {action['target']!r}")
    agent.index = action.get("position")
    try:
        if "play" in action:
            card = labels[action["play"]]
            # a labelled minion returned to its hand (Shadowstep, Sap) is its card there: the label follows it
            if isinstance(card, hbo.Minion) and card.card in game.current_player.hand:
                card = labels[action["play"]] = card.card
            if card not in game.current_player.hand:
                raise SetupError(f"{action['play']!r} is not in the active player's hand")
            game.play_card(card)
        elif "attack" in action:
            attacker = resolve(game, labels[action["attack"]])
            agent.target = labels[action["defender"]]
            if attacker.player is not game.current_player:
                raise SetupError(f"{action['attack']!r} does not belong to the active player")
            attacker.attack()
        elif "heroPower" in action:
            p = players[action["heroPower"]]
            if p is not game.current_player:
                raise SetupError("only the active player can use a hero power")
            if not p.hero.power.can_use():
                raise SetupError("HearthBreaker says the hero power cannot be used")
            p.hero.power.use()
        elif action.get("endTurn"):
            game._end_turn()
            game._start_turn()
        else:
            raise Unsupported(f"unknown action {action!r}")
    finally:
        agent.target = None
        agent.index = None


def snapshot(game, labels):
    names = {}
    for k, v in labels.items():
        names.setdefault(id(resolve(game, v)), k)

    def player(p):
        board = []
        for m in p.minions:
            item = {"card": card_id(m.card), "attack": m.calculate_attack(), "health": m.health}
            if id(m) in names:
                item["label"] = names[id(m)]
            board.append(item)
        return player_final(p.hero.health, board, [card_id(c) for c in p.hand], armor=p.hero.armor,
                            deck_size=p.deck.left, secrets=[card_id(s) for s in p.secrets],
                            weapon=card_id(p.weapon.card) if p.weapon else None, mana=p.mana, max_mana=p.max_mana)

    a, b = game.arbiter_players["A"], game.arbiter_players["B"]
    dead_a, dead_b = a.hero.dead, b.hero.dead
    result = "draw" if dead_a and dead_b else "B_wins" if dead_a else "A_wins" if dead_b else "ongoing"
    return final_state(result, player(a), player(b))


def random_choices(game):
    return game.arbiter_random.picks


def supported_cards():
    return sorted(CARD_CLASS)


if __name__ == "__main__":
    sys.exit(serve(name="HearthBreaker", version=VERSION, fidelity="final_state", cards=supported_cards,
                   setup=setup, act=act, snapshot=snapshot, random_choices=random_choices,
                   game_over=lambda g: g.game_ended))
