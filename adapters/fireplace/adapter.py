#!/usr/bin/env python3
"""
Arbiter adapter for Fireplace (https://github.com/jleclanche/fireplace), a Python Hearthstone simulator that uses
HearthSim's python-hearthstone and CardDefs.xml.

Usage:
  FIREPLACE_HOME=/path/to/fireplace \\
  PYTHON_HEARTHSTONE_HOME=/path/to/python-hearthstone \\
  ARBITER_CARDDEFS=/path/to/CardDefs.xml \\
      node bin/arbiter.mjs run --sim "python3 adapters/fireplace/adapter.py"

FIREPLACE_HOME / PYTHON_HEARTHSTONE_HOME are the folders that hold the ``fireplace`` and ``hearthstone`` packages
(checkouts of the repositories); either may be left out if that package is installed (pip). ARBITER_CARDDEFS is the
card data (CardDefs.xml) Fireplace loads; it may be left out if the real ``hearthstone_data`` package is installed.
Nothing of Fireplace is bundled here. The adapter's own shims (only what loading needs, no game code):

- ``shim/hearthstone_data``: a stand-in whose get_carddefs_path() returns $ARBITER_CARDDEFS;
- dist-info METADATA for ``fireplace`` and ``hearthstone`` written to a temporary folder (their ``__init__`` asks
  pkg_resources / importlib.metadata for their version), only when they are not installed;
- Fireplace's bundled cards/CardDefs.xml is a Git LFS pointer in a plain checkout: when python-hearthstone is asked
  to load a Git LFS pointer, it loads $ARBITER_CARDDEFS instead;
- card ids the card data lacks but Fireplace's game set-up asks for (OG_280 C'Thun, created for every player) get a
  stub entity, and Arbiter's set-up ``buff`` gets a plain enchantment stub (ARBITER_SETUP_BUFF).

The adapter maps names and shapes only, never rules: the board is built by moving entities into their zones (no
summon, no event), in Arbiter's order of play (Fireplace's play_counter); damage is set after Fireplace refreshes its
auras; actions go through Fireplace's own play / attack / hero power / end turn; Fireplace's random choices follow
the scenario's forced outcomes when Fireplace offers that option, and the choices it made are reported back.
"""
import configparser
import logging
import os
import random
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.pycache_prefix = sys.pycache_prefix or os.path.join(os.environ.get("TMPDIR", "/tmp"), "arbiter-pycache")
sys.path.insert(0, os.path.join(HERE, "..", "python"))
from arbiter_adapter import ForcedChoices, Unsupported, arbiter_card_pool, card_setup, final_state, hero_label, play_order, player_final, serve  # noqa: E402


def fail(msg):
    sys.stderr.write(f"adapters/fireplace: {msg}. See adapters/fireplace/README.md\n")
    sys.exit(2)


def importable(name):
    import importlib.util
    try:
        return importlib.util.find_spec(name) is not None
    except (ImportError, ValueError):
        return False


def setup_cfg_version(home, default="0"):
    cfg = configparser.ConfigParser()
    try:
        cfg.read(os.path.join(home, "setup.cfg"))
        return cfg.get("metadata", "version", fallback=default)
    except configparser.Error:
        return default


def git_version(home):
    try:
        out = subprocess.run(["git", "-C", home, "rev-parse", "--short", "HEAD"], capture_output=True, text=True, timeout=5)
        if out.returncode == 0 and out.stdout.strip():
            return "git-" + out.stdout.strip()
    except (OSError, subprocess.SubprocessError):
        pass
    return None


def has_distribution(name):
    import importlib.metadata
    try:
        importlib.metadata.version(name)
        return True
    except importlib.metadata.PackageNotFoundError:
        return False


def prepare_imports():
    """Put the user's Fireplace and python-hearthstone, and the adapter's shims, on sys.path."""
    fp_home = os.environ.get("FIREPLACE_HOME")
    hs_home = os.environ.get("PYTHON_HEARTHSTONE_HOME")
    if fp_home:
        if not os.path.isfile(os.path.join(fp_home, "fireplace", "game.py")):
            fail(f"FIREPLACE_HOME={fp_home} has no fireplace/game.py")
    elif not importable("fireplace"):
        fail("set FIREPLACE_HOME to a Fireplace checkout (the folder holding the fireplace/ package)")
    if hs_home:
        if not os.path.isfile(os.path.join(hs_home, "hearthstone", "cardxml.py")):
            fail(f"PYTHON_HEARTHSTONE_HOME={hs_home} has no hearthstone/cardxml.py")
    elif not importable("hearthstone"):
        fail("set PYTHON_HEARTHSTONE_HOME to a python-hearthstone checkout (the folder holding the hearthstone/ package)")
    carddefs = os.environ.get("ARBITER_CARDDEFS")
    if carddefs:
        if not os.path.isfile(carddefs):
            fail(f"ARBITER_CARDDEFS={carddefs} is not a file")
    elif not importable("hearthstone_data"):
        fail("set ARBITER_CARDDEFS to a CardDefs.xml (e.g. CardDefs-2.8.0.9554.xml)")

    paths = []
    if carddefs:
        paths.append(os.path.join(HERE, "shim"))  # the stand-in hearthstone_data answers $ARBITER_CARDDEFS
    # dist-info METADATA for packages used from a checkout (their __init__ asks for their own version)
    meta = tempfile.mkdtemp(prefix="arbiter-fireplace-meta-")
    for name, home in (("fireplace", fp_home), ("hearthstone", hs_home)):
        if home and not has_distribution(name):
            d = os.path.join(meta, f"{name}-{setup_cfg_version(home)}.dist-info")
            os.makedirs(d, exist_ok=True)
            with open(os.path.join(d, "METADATA"), "w", encoding="utf-8") as f:
                f.write(f"Metadata-Version: 2.1\nName: {name}\nVersion: {setup_cfg_version(home)}\n")
    paths.append(meta)
    paths += [h for h in (hs_home, fp_home) if h]
    sys.path[:0] = paths
    return fp_home, carddefs


FP_HOME, CARDDEFS = prepare_imports()


def redirect_lfs_pointers():
    """Fireplace loads its own cards/CardDefs.xml, a Git LFS pointer in a plain checkout: load $ARBITER_CARDDEFS then."""
    from hearthstone import cardxml
    native = cardxml.load

    def load(path=None, locale="enUS", url=None):
        if path is not None and os.path.isfile(path):
            with open(path, "rb") as f:
                if f.read(40).startswith(b"version https://git-lfs"):
                    path = None  # the (stand-in) hearthstone_data package: $ARBITER_CARDDEFS
        return native(path=path, locale=locale, url=url)
    cardxml.load = load


redirect_lfs_pointers()
import fireplace.cards  # noqa: E402
# Fireplace's logger logs every action at DEBUG (set when fireplace is imported); ARBITER_FP_DEBUG=1 keeps that.
logging.getLogger("fireplace").setLevel(logging.DEBUG if os.environ.get("ARBITER_FP_DEBUG") == "1" else logging.WARNING)
from fireplace.exceptions import GameOver, InvalidAction  # noqa: E402
from fireplace.game import BaseGame  # noqa: E402
from fireplace.player import Player  # noqa: E402
from hearthstone import cardxml  # noqa: E402
from hearthstone.enums import CardType, GameTag, PlayState, Zone  # noqa: E402

DB = fireplace.cards.db
SETUP_BUFF = "ARBITER_SETUP_BUFF"


def stub(card_id, name, card_type, **tags):
    c = cardxml.CardXML(card_id)
    c.tags[GameTag.CARDTYPE] = card_type
    for k, v in tags.items():
        c.tags[GameTag[k]] = v
    c.strings[GameTag.CARDNAME] = {"enUS": name}
    c.strings[GameTag.CARDTEXT_INHAND] = {"enUS": ""}
    DB[card_id] = DB.merge(card_id, c)


def load_cards():
    if not DB.initialized:
        DB.initialize()
    if "OG_280" not in DB:  # Fireplace's Player.prepare_for_game creates a C'Thun for every player
        stub("OG_280", "C'Thun", CardType.MINION, COST=10, ATK=6, HEALTH=6)
    stub(SETUP_BUFF, "Arbiter set-up buff", CardType.ENCHANTMENT)


load_cards()
VERSION = os.environ.get("FIREPLACE_VERSION") or (FP_HOME and git_version(FP_HOME)) or \
    (setup_cfg_version(FP_HOME) if FP_HOME else "installed")


# --- cards -----------------------------------------------------------------------------------------------------

EFFECT_KEYS = ("battlecry", "deathrattle", "triggers", "spell", "auras", "secret", "heroPower")




def build_support():
    """The Arbiter ids Fireplace can run: in its card data, and scripted if the card does anything."""
    supported, reasons = set(), {}
    for cid, c in arbiter_card_pool().items():
        if cid not in DB:
            reasons[cid] = f"{cid} ({c['name']}) is not in the card data Fireplace loaded ({os.path.basename(CARDDEFS or 'hearthstone_data')})"
            continue
        if c["type"] == "hero_power":
            if not fireplace.cards.get_script_definition(cid):
                reasons[cid] = f"Fireplace has no script for hero power {cid} ({c['name']}); its scripts use newer ids"
                continue
        elif c["type"] not in ("hero", "enchantment") and any(k in c for k in EFFECT_KEYS) and not fireplace.cards.get_script_definition(cid):
            reasons[cid] = f"Fireplace has no script for {cid} ({c['name']}): its text would do nothing"
            continue
        supported.add(cid)
    return supported, reasons


SUPPORTED, MISSING = build_support()


def need(cid, cards):
    if cid not in SUPPORTED:
        raise Unsupported(MISSING.get(cid) or f"{cid} ({(cards.get(cid) or {}).get('name', '?')}) is not mapped")
    return cid


# --- the game --------------------------------------------------------------------------------------------------

class SetupError(Exception):
    """Fireplace refuses something the scenario does (reported as an error)."""


class ForcedRandom(random.Random):
    """Fireplace's game.random: follows the scenario's forced outcomes when Fireplace offers them; records picks."""

    def __init__(self, seed, labels, forced):
        super().__init__(seed)
        self.forced = ForcedChoices(labels, forced)

    @property
    def picks(self):
        return self.forced.picks

    def _pick(self, options):
        return self.forced.forced_pick(options)

    def _record(self, pick):
        self.forced.record(pick)

    def choice(self, seq):
        seq = list(seq)
        pick = self._pick(seq) if seq else None
        if pick is None:
            pick = super().choice(seq)
        self._record(pick)
        return pick

    def sample(self, population, k, **kw):
        population = list(population)
        if k == 1 and population:
            pick = self._pick(population)
            if pick is None:
                pick = super().sample(population, 1)[0]
            self._record(pick)
            return [pick]
        out = super().sample(population, k, **kw)
        if k:
            self.forced.reportable = False  # a shuffle or multi-pick has no form in Arbiter's forced outcomes
        return out

    def randint(self, a, b):
        f = self.forced.next_forced()
        pick = f if isinstance(f, int) and not isinstance(f, bool) and a <= f <= b else super().randint(a, b)
        self._record(pick)
        return pick


def setup(scenario, cards):
    s = scenario.get("setup") or {}
    ps = {side: s.get(side) or {} for side in "AB"}
    for cid in cards:
        need(cid, cards)
    seed = str(scenario.get("seed") or scenario.get("id"))
    heroes = {side: need(ps[side].get("hero") or "HERO_08", cards) for side in "AB"}
    pa, pb = Player("A", [], heroes["A"]), Player("B", [], heroes["B"])
    for p in (pa, pb):
        p.cant_fatigue = True
    game = BaseGame(players=(pa, pb), seed=seed)
    game.start()  # A's first turn begins (empty decks, no draw)
    active = s.get("active", "A")
    if active == "B":
        game.end_turn()
    players = {"A": pa, "B": pb}

    labels = {}
    for side in "AB":
        labels[hero_label(scenario, side)] = players[side].hero
    # entities in play, oldest first: Fireplace's order of play is play_counter
    placed = {"A": [], "B": []}
    minion_at = {}
    for it in play_order(scenario):
        side, zone, cs = it["side"], it["zone"], it["setup"]
        p = players[side]
        if zone == "hero":
            p.hero.play_counter = game.play_counter
            game.play_counter += 1
        elif zone == "weapon":
            w = p.card(need(cs["card"], cards))
            w.zone = Zone.PLAY
            w.damage = cs.get("damage") or 0  # set-up Durability already lost
            if cs.get("label"):
                labels[cs["label"]] = w
        elif zone == "secret":
            sec = p.card(need(cs["card"], cards))
            sec.zone = Zone.SECRET
            if cs.get("label"):
                labels[cs["label"]] = sec
        elif zone == "board":
            pos = sum(1 for i in placed[side] if i < it["index"])
            placed[side].insert(pos, it["index"])
            m = p.card(need(cs["card"], cards))
            m._summon_index = pos
            m.zone = Zone.PLAY
            m._summon_index = None
            m.turns_in_play = 0 if cs.get("exhausted") else 1
            if cs.get("frozen"):
                m.frozen = True
            if cs.get("label"):
                labels[cs["label"]] = m
            minion_at[(side, it["index"])] = m
        elif zone == "enchantment":
            m = minion_at[(side, it["index"])]
            if "buff" in cs:
                e = p.card(SETUP_BUFF, source=m)
                e.source = m  # as Card.buff sets it: Fireplace's aura refresh reads every buff's source
                e.apply(m)
                if cs["buff"].get("attack"):
                    e.atk = cs["buff"]["attack"]
                if cs["buff"].get("health"):
                    e.max_health = cs["buff"]["health"]
            else:
                e = p.card(need(cs["card"], cards), source=m)
                e.source = m
                e.apply(m)
    game.refresh_auras()
    for side in "AB":
        p, setup_p = players[side], ps[side]
        for i, x in enumerate(setup_p.get("board") or []):
            if card_setup(x).get("damage"):
                minion_at[(side, i)].damage = card_setup(x)["damage"]
        if setup_p.get("health") is not None:
            p.hero.damage = p.hero.max_health - setup_p["health"]
        if setup_p.get("armor"):
            p.hero.armor = setup_p["armor"]
        p.max_mana = setup_p.get("mana", 10)
        p.used_mana = 0
        p.cant_fatigue = False
        p.fatigue_counter = setup_p.get("fatigue", 0)
        for x in setup_p.get("hand") or []:
            cs = card_setup(x)
            c = p.card(need(cs["card"], cards))
            c.zone = Zone.HAND
            if cs.get("label"):
                labels[cs["label"]] = c
        for x in reversed(setup_p.get("deck") or []):  # Fireplace draws from the end of its deck list
            cs = card_setup(x)
            c = p.card(need(cs["card"], cards))
            c.zone = Zone.DECK
            if cs.get("label"):
                labels[cs["label"]] = c
    game.refresh_auras()
    game.random = ForcedRandom(seed, labels, scenario.get("random"))
    game.arbiter_players = players
    return game, labels


def act(game, labels, action):
    players = game.arbiter_players

    def entity(label):
        if label not in labels:
            raise SetupError(f"unknown label {label!r}")
        return labels[label]

    target = entity(action["target"]) if action.get("target") is not None else None
    try:
        if "play" in action:
            card = entity(action["play"])
            if card.zone != Zone.HAND or card.controller is not game.current_player:
                raise SetupError(f"{action['play']!r} is not in the active player's hand")
            if card.must_choose_one:
                raise Unsupported("Choose One cards are not mapped by this adapter")
            card.play(target=target, index=action.get("position"))
        elif "attack" in action:
            attacker, defender = entity(action["attack"]), entity(action["defender"])
            if not attacker.can_attack(defender):
                raise SetupError(f"Fireplace says {attacker!r} cannot attack {defender!r}")
            attacker.attack(defender)
        elif "heroPower" in action:
            p = players[action["heroPower"]]
            if p is not game.current_player:
                raise SetupError("only the active player can use a hero power")
            power = p.hero.power
            if power is None or power.id not in SUPPORTED:
                raise Unsupported(MISSING.get(getattr(power, "id", None)) or "the hero has no hero power Fireplace can use")
            power.use(target=target)
        elif action.get("endTurn"):
            game.end_turn()
        else:
            raise Unsupported(f"unknown action {action!r}")
    except GameOver:
        pass  # the game ended during the action; the final state says who won
    except InvalidAction as e:
        raise SetupError(f"Fireplace refuses the action: {e}") from e


def snapshot(game, labels):
    names = {id(v): k for k, v in labels.items()}

    def player(p):
        board = []
        for m in p.field:
            item = {"card": m.id, "attack": m.atk, "health": m.health}
            if id(m) in names:
                item["label"] = names[id(m)]
            board.append(item)
        return player_final(p.hero.health, board, [c.id for c in p.hand], armor=p.hero.armor, deck_size=len(p.deck),
                            secrets=[sc.id for sc in p.secrets], weapon=p.weapon.id if p.weapon else None,
                            mana=p.mana, max_mana=p.max_mana)

    a, b = game.arbiter_players["A"], game.arbiter_players["B"]
    states = (a.playstate, b.playstate)
    if PlayState.TIED in states:
        result = "draw"
    elif a.playstate in (PlayState.WON,) or b.playstate in (PlayState.LOST, PlayState.LOSING):
        result = "A_wins" if b.playstate in (PlayState.LOST, PlayState.LOSING) and a.playstate not in (PlayState.LOST, PlayState.LOSING) else "draw"
    elif a.playstate in (PlayState.LOST, PlayState.LOSING):
        result = "B_wins"
    else:
        result = "ongoing"
    return final_state(result, player(a), player(b))


def random_choices(game):
    return game.random.picks


if __name__ == "__main__":
    sys.exit(serve(name="Fireplace", version=VERSION, fidelity="final_state", cards=lambda: sorted(SUPPORTED),
                   capabilities=lambda: {"heroPower": all(c.get("heroPower") in SUPPORTED for c in arbiter_card_pool().values() if c["type"] == "hero" and c.get("heroPower"))},
                   setup=setup, act=act, snapshot=snapshot, random_choices=random_choices,
                   game_over=lambda g: g.ended))
