#!/usr/bin/env python3
"""
A tiny FAKE simulator and its adapter, to test adapters/python/arbiter_adapter.py (and to show how small an adapter
is). The fake knows vanilla minions only (stats from the run request's ``cards``): minions attack minions, and that
is all. It answers:

- PASS-able cases: a minion attacks a minion with no card text involved (attack-sequence-preparation-and-combat);
- FAIL: cases whose card text matters (it ignores every Deathrattle and trigger);
- UNSUPPORTED: playing a card, hero powers, ending the turn, secrets (raised as Unsupported with a reason);
- CRASH: a hero attacking with a weapon - a deliberate bug (it looks the weapon up in an empty table: KeyError).

It also prints junk on stdout while building a board (print, a write to file descriptor 1, sys.__stdout__ and a child
process), which the helper must keep out of the protocol stream.
FAKE_ADAPTER_EXIT_ON=<case id> makes it die (sys.exit) during that case, to show that the loop survives it.
"""
import os
import sys

sys.pycache_prefix = sys.pycache_prefix or os.path.join(os.environ.get("TMPDIR", "/tmp"), "arbiter-pycache")
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from arbiter_adapter import Unsupported, card_setup, final_state, hero_label, play_order, player_final, serve  # noqa: E402


# --- the fake simulator --------------------------------------------------------------------------------------------

class Minion:
    def __init__(self, card, attack, health):
        self.card, self.attack, self.health = card, attack, health


class Hero:
    def __init__(self, health):
        self.health = health
        self.weapon = None


class Game:
    WEAPON_ATTACK = {}  # the deliberate bug: nobody filled this table

    def __init__(self):
        self.heroes = {"A": Hero(30), "B": Hero(30)}
        self.boards = {"A": [], "B": []}
        self.hands = {"A": [], "B": []}
        self.decks = {"A": [], "B": []}
        self.case = None

    def fight(self, attacker, defender):
        if isinstance(attacker, Hero):
            attack = Game.WEAPON_ATTACK[attacker.weapon]  # KeyError: the fake's crash
        else:
            attack = attacker.attack
        defender.health -= attack
        if isinstance(defender, Minion):
            attacker.health -= defender.attack
        for side in "AB":
            self.boards[side] = [m for m in self.boards[side] if m.health > 0]


# --- the adapter: three functions ----------------------------------------------------------------------------------

def setup(scenario, cards):
    print("fake simulator: building the board (junk on stdout)")  # must not reach the protocol stream
    # nor what is written to file descriptor 1 itself: native code, a child process, the original stdout object
    os.write(1, b"fake simulator: native banner on fd 1\n")
    sys.__stdout__.write("fake simulator: junk on sys.__stdout__\n")
    sys.__stdout__.flush()
    os.system("echo fake simulator: junk from a child process")
    g = Game()
    g.case = scenario.get("id")
    labels = {}
    for side in "AB":
        ps = scenario["setup"].get(side) or {}
        if ps.get("secrets"):
            raise Unsupported("the fake simulator has no Secrets")
        g.heroes[side].health = ps.get("health", 30)
        labels[hero_label(scenario, side)] = g.heroes[side]
        if ps.get("weapon"):
            g.heroes[side].weapon = card_setup(ps["weapon"])["card"]
        for x in ps.get("board") or []:
            cs = card_setup(x)
            c = cards[cs["card"]]
            m = Minion(cs["card"], c["attack"], c["health"] - cs.get("damage", 0))
            g.boards[side].append(m)
            if cs.get("label"):
                labels[cs["label"]] = m
        g.hands[side] = [card_setup(x)["card"] for x in ps.get("hand") or []]
        g.decks[side] = [card_setup(x)["card"] for x in ps.get("deck") or []]
    play_order(scenario)  # (the fake has no order of play; a real adapter uses this to summon oldest first)
    if os.environ.get("FAKE_ADAPTER_EXIT_ON") == g.case:
        sys.exit(3)
    return g, labels


def act(game, labels, action):
    if "attack" in action:
        game.fight(labels[action["attack"]], labels[action["defender"]])
    elif "play" in action:
        raise Unsupported("the fake simulator cannot play cards")
    else:
        raise Unsupported(f"the fake simulator cannot do {sorted(action)[0]}")


def snapshot(game, labels):
    names = {id(v): k for k, v in labels.items()}

    def player(side):
        board = [{"card": m.card, "attack": m.attack, "health": m.health, **({"label": names[id(m)]} if id(m) in names else {})}
                 for m in game.boards[side]]
        return player_final(game.heroes[side].health, board, game.hands[side], deck_size=len(game.decks[side]))

    dead = [s for s in "AB" if game.heroes[s].health <= 0]
    result = "draw" if len(dead) == 2 else "B_wins" if dead == ["A"] else "A_wins" if dead == ["B"] else "ongoing"
    return final_state(result, player("A"), player("B"))


if __name__ == "__main__":
    sys.exit(serve(name="fake", version="0.0.1", cards="*", setup=setup, act=act, snapshot=snapshot,
                   game_over=lambda g: any(h.health <= 0 for h in g.heroes.values())))
