#!/usr/bin/env python3
"""A complete Arbiter adapter for a toy simulator of vanilla minions (adapters/python/README.md walks through it).
TOY_BUG=1 plants a rule bug: fatigue damage stays at 1 instead of growing by 1 with each empty draw."""
import os, sys
from arbiter_adapter import Unsupported, card_setup, final_state, hero_label, play_order, player_final, serve

VANILLA = ["CS2_182", "CS2_172", "CS2_120", "CS2_200", "CS2_118", "CS2_231", "CS2_168"]  # Yeti, Raptor, Crocolisk, Ogre, ...

class Unit:  # a hero or a minion
    def __init__(self, card, attack, health):
        self.card, self.attack, self.health, self.can_attack = card, attack, health, True

class Toy:  # the toy simulator: mana, play, attack, end turn, draw and fatigue
    def __init__(self):
        self.side, self.heroes, self.board, self.hand, self.deck = "A", {}, {"A": [], "B": []}, {}, {}
        self.mana, self.max_mana, self.fatigue = {}, {}, {"A": 0, "B": 0}

    def side_of(self, u):
        return next(s for s in "AB" if u is self.heroes[s] or u in self.board[s])

    def attack(self, att, dfn):
        if not att.can_attack or att.attack <= 0: raise ValueError("this character cannot attack now")
        if self.side_of(att) == self.side_of(dfn): raise ValueError("a character cannot attack a friendly character")
        att.can_attack = False
        dfn.health -= att.attack
        att.health -= dfn.attack
        for s in "AB": self.board[s] = [m for m in self.board[s] if m.health > 0]

    def end_turn(self):
        self.side = "B" if self.side == "A" else "A"
        s = self.side
        self.max_mana[s] = min(10, self.max_mana[s] + 1); self.mana[s] = self.max_mana[s]
        for m in self.board[s]: m.can_attack = True
        if self.deck[s]:
            c = self.deck[s].pop(0)
            if len(self.hand[s]) < 10: self.hand[s].append(c)  # a full hand burns the card
        else:
            self.fatigue[s] = 1 if os.environ.get("TOY_BUG") else self.fatigue[s] + 1
            self.heroes[s].health -= self.fatigue[s]

def setup(scenario, cards):
    g, labels = Toy(), {}
    g.cards = cards  # the run request's card table: id -> {name, type, cost, attack, health, text}
    g.side = scenario["setup"].get("active", "A")
    for item in play_order(scenario):  # oldest first: the order of play Arbiter uses
        if item["zone"] not in ("hero", "board"): raise Unsupported(f"the toy has no {item['zone']}s")
        ps, cs = scenario["setup"].get(item["side"]) or {}, item["setup"]
        if item["zone"] == "hero":
            u = g.heroes[item["side"]] = Unit(cs["card"], 0, ps.get("health", 30))
        else:
            if set(cs) - {"card", "label", "damage"}: raise Unsupported("the toy has only plain minions")
            c = cards[cs["card"]]; u = Unit(cs["card"], c["attack"], c["health"] - cs.get("damage", 0))
            g.board[item["side"]].append(u)
        if item["label"]: labels[item["label"]] = u
    for s in "AB":
        ps = scenario["setup"].get(s) or {}
        g.hand[s] = [card_setup(x) for x in ps.get("hand") or []]
        g.deck[s] = [card_setup(x) for x in ps.get("deck") or []]
        g.mana[s] = g.max_mana[s] = ps.get("mana", 10); g.fatigue[s] = ps.get("fatigue", 0)
    return g, labels

def act(g, labels, action):
    s = g.side
    if "attack" in action: return g.attack(labels[action["attack"]], labels[action["defender"]])
    if "endTurn" in action: return g.end_turn()
    if "play" not in action: raise Unsupported("the toy has no hero powers")
    held = next(x for x in g.hand[s] if action["play"] in (x.get("label"), x["card"]))
    c = g.cards[held["card"]]
    if c["cost"] > g.mana[s] or len(g.board[s]) >= 7: raise ValueError("cannot play that now")
    g.mana[s] -= c["cost"]; g.hand[s].remove(held)
    u = Unit(held["card"], c["attack"], c["health"]); u.can_attack = False
    g.board[s].insert(action.get("position", len(g.board[s])), u)
    if held.get("label"): labels[held["label"]] = u

def snapshot(g, labels):
    name = {id(u): k for k, u in labels.items()}
    def player(s):
        board = [{"card": m.card, "attack": m.attack, "health": m.health, **({"label": name[id(m)]} if id(m) in name else {})} for m in g.board[s]]
        return player_final(g.heroes[s].health, board, [x["card"] for x in g.hand[s]], deck_size=len(g.deck[s]))
    dead = [s for s in "AB" if g.heroes[s].health <= 0]
    return final_state({0: "ongoing", 2: "draw"}.get(len(dead)) or ("B_wins" if dead == ["A"] else "A_wins"), player("A"), player("B"))

if __name__ == "__main__":
    sys.exit(serve(name="toy", version="0.1", cards=VANILLA + ["HERO_01", "HERO_08", "HERO_09"], setup=setup, act=act,
                   snapshot=snapshot, game_over=lambda g: any(h.health <= 0 for h in g.heroes.values())))
