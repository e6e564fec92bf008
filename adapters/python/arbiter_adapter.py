"""
arbiter_adapter: the Arbiter adapter protocol (spec/protocol.md, ``arbiter-adapter/1``) for Python simulators.

A Python simulator's adapter is three functions::

    def setup(scenario, cards):       # build the board -> (game, labels)
    def act(game, labels, action):    # take one scenario action
    def snapshot(game, labels):       # -> the protocol's final state

    if __name__ == "__main__":
        sys.exit(serve(name="MySim", version="1.2", cards=["EX1_595", ...],
                       setup=setup, act=act, snapshot=snapshot))

``serve`` runs the JSON-lines loop on stdin/stdout: it answers ``hello`` (name, version, fidelity, cards), runs
each case (setup, every action in order, snapshot), answers ``result``, and exits with status 0 on ``bye`` or at
the end of input. It flushes after every line and never lets a case take the loop down:

- ``raise Unsupported("reason")`` anywhere (setup, act, snapshot) answers ``unsupported`` with that reason;
- any other exception answers ``error`` (Arbiter reports CRASH) and prints the traceback on stderr, which Arbiter
  keeps in the case's log;
- anything the simulator prints on stdout is sent to stderr instead, so it cannot corrupt the protocol (Python's
  print, and anything written to file descriptor 1: os.system, subprocesses, C extensions);
- a malformed final state (an adapter bug) answers ``error`` naming what is wrong, instead of a protocol error.

Optional hooks: ``random_choices(game)`` or ``random_choices(game, labels)`` returns the random choices the
simulator made, in the scenario ``random`` form (labels, integers, booleans) - Arbiter replays them in the reference
engine; ``trace(game, labels)`` returns ``arbiter-trace/1`` records (fidelity ``events``/``phases``);
``game_over(game)`` returns True once the game is decided, after which the remaining actions are not taken (as in
the reference engine).

Helpers for adapters: ``card_setup`` (a setup entry as a dict), ``hero_label``, ``play_order`` (the entities of a
setup in Arbiter's order of play), ``other_side``, ``player_final`` / ``final_state`` (build the final state).

Only the Python 3 standard library is used. Set ARBITER_ADAPTER_TIMING=1 to log each case's time on stderr.
"""
from __future__ import annotations

import inspect
import json
import os
import sys
import time
import traceback
from typing import Any, Callable, Iterable

PROTOCOL = "arbiter-adapter/1"
RESULTS = ("ongoing", "draw", "A_wins", "B_wins")

__all__ = [
    "PROTOCOL",
    "Unsupported",
    "serve",
    "run_case",
    "card_setup",
    "hero_label",
    "play_order",
    "other_side",
    "player_final",
    "final_state",
    "check_final",
]


class Unsupported(Exception):
    """Raise from setup/act/snapshot when the simulator cannot express the case; the message is the reason."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


class AdapterBug(Exception):
    """The adapter produced something that does not fit the protocol (reported as an error, not sent)."""


# --- scenario helpers ------------------------------------------------------------------------------------------

class ForcedChoices:
    """The scenario's forced random outcomes, taken in order, and the picks to report back (labels or integers).

    ``resolve(value)`` maps what a label points at to the simulator's current object (identity may change, e.g. when
    a simulator copies a stolen minion). Once a pick cannot be named (an unlabelled entity), reporting stops: the
    choices after it could not be replayed faithfully."""

    def __init__(self, labels: dict, forced, resolve: Callable = lambda v: v):
        self.labels = labels
        self.forced = list(forced or [])
        self.used = 0
        self.picks: list = []
        self.reportable = True
        self.resolve = resolve

    def next_forced(self):
        if self.used < len(self.forced):
            self.used += 1
            return self.forced[self.used - 1]
        return None

    def label_of(self, obj):
        for k, v in self.labels.items():
            if v is obj or self.resolve(v) is obj:
                return k
        return None

    def forced_pick(self, options):
        """The option the next forced outcome names (a label), or None when there is none or it is not offered."""
        f = self.next_forced()
        if isinstance(f, str) and f in self.labels:
            want = self.resolve(self.labels[f])
            for o in options:
                if o is want:
                    return o
            sys.stderr.write(f"[arbiter_adapter] forced random outcome {f!r} is not among the simulator's options; the simulator chooses\n")
        return None

    def record(self, pick):
        """Report a pick: an integer as it is, an entity by its label."""
        label = pick if isinstance(pick, int) and not isinstance(pick, bool) else self.label_of(pick)
        if label is None:
            self.reportable = False
        elif self.reportable:
            self.picks.append(label)


def arbiter_card_pool() -> dict:
    """Arbiter's card pool (spec/cards in this repository), card id -> card definition."""
    import json
    import os
    pool = {}
    folder = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "spec", "cards")
    for f in sorted(os.listdir(folder)):
        if f.endswith(".json"):
            with open(os.path.join(folder, f), encoding="utf-8") as fh:
                c = json.load(fh)
            pool[c["id"]] = c
    return pool


def card_setup(entry: Any) -> dict:
    """A setup entry (``"EX1_595"`` or ``{"card": "EX1_595", "label": ...}``) as a dict with at least ``card``."""
    if isinstance(entry, str):
        return {"card": entry}
    if isinstance(entry, dict) and isinstance(entry.get("card"), str):
        return entry
    raise AdapterBug(f"not a card setup entry: {entry!r}")


def other_side(side: str) -> str:
    return "B" if side == "A" else "A"


def hero_label(scenario: dict, side: str) -> str:
    """The label of a player's hero: ``heroLabel`` or ``heroA`` / ``heroB``."""
    ps = (scenario.get("setup") or {}).get(side) or {}
    return ps.get("heroLabel") or f"hero{side}"


def play_order(scenario: dict) -> list[dict]:
    """
    The entities a scenario puts into play, oldest first, exactly as Arbiter's reference engine orders them
    (engine/scenario/setup.ts): for A then B, the hero, the weapon, each board minion (each followed by its
    set-up enchantments and buff), each secret; then the labels listed in ``setup.order`` are moved after all the
    others, in the listed order (a minion with its enchantments and buff right after it).

    Each item: ``{"side": "A"|"B", "zone": "hero"|"weapon"|"board"|"enchantment"|"secret", "index": i,
    "setup": dict, "label": str | None}``; ``index`` is the position in that zone's setup list (for an
    enchantment, the index of its minion; ``setup`` is then the enchantment entry or ``{"buff": ...}``).
    """
    setup = scenario.get("setup") or {}
    items: list[dict] = []
    for side in ("A", "B"):
        ps = setup.get(side) or {}
        items.append({"side": side, "zone": "hero", "index": 0, "setup": {"card": ps.get("hero")}, "label": hero_label(scenario, side)})
        if ps.get("weapon"):
            w = card_setup(ps["weapon"])
            items.append({"side": side, "zone": "weapon", "index": 0, "setup": w, "label": w.get("label")})
        for i, x in enumerate(ps.get("board") or []):
            m = card_setup(x)
            items.append({"side": side, "zone": "board", "index": i, "setup": m, "label": m.get("label")})
            for en in m.get("enchantments") or []:
                items.append({"side": side, "zone": "enchantment", "index": i, "setup": card_setup(en), "label": None})
            if m.get("buff"):
                items.append({"side": side, "zone": "enchantment", "index": i, "setup": {"buff": m["buff"]}, "label": None})
        for i, x in enumerate(ps.get("secrets") or []):
            s = card_setup(x)
            items.append({"side": side, "zone": "secret", "index": i, "setup": s, "label": s.get("label")})
    listed = list(setup.get("order") or [])
    by_label = {it["label"]: it for it in items if it["label"]}
    moved = [by_label[l] for l in listed if l in by_label]
    # A moved minion takes its set-up enchantments and buff along, right after it: they are attached to it, so they
    # cannot come into play before it (their order among the minion's own enchantments is kept).
    def group(it: dict) -> list[dict]:
        if it["zone"] != "board":
            return [it]
        return [it] + [e for e in items if e["zone"] == "enchantment" and e["side"] == it["side"] and e["index"] == it["index"]]
    moved_groups = [x for m in moved for x in group(m)]
    return [it for it in items if not any(it is m for m in moved_groups)] + moved_groups


def player_final(health: int, board: Iterable[dict], hand: Iterable[str], *, armor: int | None = None,
                 deck_size: int | None = None, secrets: Iterable[str] | None = None, weapon: Any = ...,
                 mana: int | None = None, max_mana: int | None = None) -> dict:
    """One player of the final state. ``board`` items: ``{"card", "attack", "health"[, "label"]}``.
    Leave out what the simulator cannot report (``armor``, ``deck_size``, ``secrets``, ``weapon``, ``mana`` (to
    spend now), ``max_mana`` (Mana Crystals)): Arbiter then does not compare it."""
    p: dict = {"hero": {"health": int(health)}, "board": list(board), "hand": list(hand)}
    if armor is not None:
        p["hero"]["armor"] = int(armor)
    if deck_size is not None:
        p["deckSize"] = int(deck_size)
    if secrets is not None:
        p["secrets"] = list(secrets)
    if weapon is not ...:
        p["weapon"] = weapon
    if mana is not None:
        p["mana"] = int(mana)
    if max_mana is not None:
        p["maxMana"] = int(max_mana)
    return p


def final_state(result: str, a: dict, b: dict) -> dict:
    return {"result": result, "players": [a, b]}


def check_final(final: Any) -> None:
    """Raise AdapterBug if ``final`` does not fit spec/schema/adapter-response.schema.json's final state."""
    def bad(why: str) -> None:
        raise AdapterBug(f"adapter bug: the final state {why}")

    def is_int(x: Any) -> bool:
        return isinstance(x, int) and not isinstance(x, bool)

    if not isinstance(final, dict):
        bad(f"is a {type(final).__name__}, not an object")
    if final.get("result") not in RESULTS:
        bad(f"has result {final.get('result')!r}, expected one of {', '.join(RESULTS)}")
    players = final.get("players")
    if not isinstance(players, (list, tuple)) or len(players) != 2:
        bad("must have exactly two players (A, then B)")
    for side, p in zip("AB", players):
        at = f"players.{side}"
        if not isinstance(p, dict):
            bad(f"{at} is not an object")
        hero = p.get("hero")
        if not isinstance(hero, dict) or not is_int(hero.get("health")):
            bad(f"{at}.hero.health is not an integer")
        if "armor" in hero and not is_int(hero["armor"]):
            bad(f"{at}.hero.armor is not an integer")
        if not isinstance(p.get("board"), (list, tuple)):
            bad(f"{at}.board is not a list")
        for k, m in enumerate(p["board"]):
            if not isinstance(m, dict) or not isinstance(m.get("card"), str) or not is_int(m.get("attack")) or not is_int(m.get("health")):
                bad(f"{at}.board[{k}] is not {{card: str, attack: int, health: int}}: {m!r}")
            if "label" in m and not isinstance(m["label"], str):
                bad(f"{at}.board[{k}].label is not a string")
        for key in ("hand", "secrets"):
            if key in p and (not isinstance(p[key], (list, tuple)) or not all(isinstance(c, str) for c in p[key])):
                bad(f"{at}.{key} is not a list of card ids")
        if "hand" not in p:
            bad(f"{at}.hand is missing")
        if "deckSize" in p and not is_int(p["deckSize"]):
            bad(f"{at}.deckSize is not an integer")
        if "weapon" in p and p["weapon"] is not None and not isinstance(p["weapon"], str):
            bad(f"{at}.weapon is neither a card id nor null")
        for key in ("mana", "maxMana"):
            if key in p and not is_int(p[key]):
                bad(f"{at}.{key} is not an integer: {p[key]!r}")


# --- the loop --------------------------------------------------------------------------------------------------

def _arity(fn: Callable) -> int:
    try:
        return len([p for p in inspect.signature(fn).parameters.values()
                    if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD) and p.default is p.empty])
    except (TypeError, ValueError):
        return 1


def _describe(action: Any) -> str:
    try:
        return json.dumps(action, sort_keys=True)
    except (TypeError, ValueError):
        return repr(action)


def run_case(case: str, scenario: dict, cards: dict, *, setup: Callable, act: Callable, snapshot: Callable,
             random_choices: Callable | None = None, trace: Callable | None = None,
             game_over: Callable | None = None, log=None) -> dict:
    """Run one case and return the answer message (result, unsupported or error); never raises."""
    log = log or sys.stderr
    where = "setup"
    try:
        if not isinstance(scenario, dict):
            raise AdapterBug("the run request has no scenario object")
        game, labels = setup(scenario, cards or {})
        for i, action in enumerate(scenario.get("actions") or []):
            if game_over is not None and game_over(game):
                break
            where = f"action {i} {_describe(action)}"
            if isinstance(action, dict) and action.get("illegal") is True:
                # The case checks that the simulator refuses this action: a refusal (any exception but Unsupported)
                # leaves the game as it was, which the final state shows; taking it shows there too.
                try:
                    act(game, labels, action)
                except Unsupported:
                    raise
                except Exception:
                    pass
                continue
            act(game, labels, action)
        where = "snapshot"
        final = snapshot(game, labels)
        check_final(final)
        answer: dict = {"type": "result", "case": case, "final": final}
        if trace is not None:
            where = "trace"
            answer["trace"] = list(trace(game, labels))
        if random_choices is not None:
            where = "random_choices"
            picks = random_choices(game, labels) if _arity(random_choices) >= 2 else random_choices(game)
            if picks:
                picks = list(picks)
                for x in picks:
                    if not isinstance(x, (str, int, bool)):
                        raise AdapterBug(f"adapter bug: random choice {x!r} is not a label, an integer or a boolean")
                answer["random"] = picks
        json.dumps(answer)  # an unserialisable value is an adapter bug, reported here rather than killing the loop
        return answer
    except Unsupported as e:
        return {"type": "unsupported", "case": case, "reason": e.reason or "unsupported"}
    except (Exception, SystemExit) as e:  # SystemExit: a simulator that calls sys.exit() must not end the loop
        print(f"[arbiter_adapter] case {case}: {type(e).__name__} during {where}", file=log)
        traceback.print_exc(file=log)
        log.flush()
        msg = str(e) if isinstance(e, AdapterBug) else f"{type(e).__name__}: {e}"
        answer = {"type": "error", "case": case, "message": f"{msg} (during {where})"}
        if where.startswith("action "):
            answer["action"] = int(where.split(" ")[1])  # the case's action it stopped at (spec/protocol.md)
        return answer


def serve(*, name: str, version: str, setup: Callable, act: Callable, snapshot: Callable,
          cards: Any = "*", fidelity: str = "final_state", profile: str = "hearthstone",
          random_choices: Callable | None = None, trace: Callable | None = None,
          game_over: Callable | None = None, capabilities: Any = None, stdin=None, stdout=None, stderr=None) -> int:
    """
    Run the protocol loop until ``bye`` or the end of input; returns the exit status (0).
    ``cards``: ``"*"``, a list of card ids, or a function returning either (called at the hello; if it raises,
    the traceback goes to stderr and serve returns 2 without answering, so Arbiter reports that stderr).
    ``capabilities``: what the simulator can do, e.g. ``{"heroPower": False}`` (a dict or a function returning one,
    called at the hello); Arbiter then generates no case that needs it (spec/protocol.md).
    """
    real_in = stdin or sys.stdin
    log = stderr or sys.stderr
    timing = os.environ.get("ARBITER_ADAPTER_TIMING") == "1"
    saved_stdout = sys.stdout
    # What the simulator writes on stdout goes to stderr, never into the protocol stream: Python's print through
    # sys.stdout, and, when the protocol is the process's own stdout, anything written to file descriptor 1 (os.system,
    # subprocesses, C extensions, sys.__stdout__): the protocol keeps a duplicate of fd 1, and fd 1 becomes stderr.
    protocol_fd = None
    if stdout is None:
        try:
            sys.stdout.flush()
            protocol_fd = os.dup(1)
        except (OSError, ValueError, AttributeError):
            protocol_fd = None
        if protocol_fd is None:
            real_out = sys.stdout
        else:
            real_out = os.fdopen(protocol_fd, "w", encoding="utf-8", newline="\n", closefd=False)
            os.dup2(2, 1)
    else:
        real_out = stdout
    sys.stdout = log

    def send(o: dict) -> None:
        real_out.write(json.dumps(o, separators=(",", ":")) + "\n")
        real_out.flush()

    try:
        while True:
            line = real_in.readline()
            if not line:
                return 0
            if not line.strip():
                continue
            try:
                msg = json.loads(line)
                if not isinstance(msg, dict):
                    raise ValueError("not an object")
            except ValueError:
                send({"type": "error", "message": f"request is not a JSON object: {line.strip()[:120]}"})
                continue
            kind = msg.get("type")
            if kind == "hello":
                try:
                    supported = cards() if callable(cards) else cards
                    supported = supported if supported == "*" else sorted(set(supported))
                    caps = capabilities() if callable(capabilities) else capabilities
                except Exception as e:  # the simulator failed to load: exit, so Arbiter shows this stderr
                    traceback.print_exc(file=log)
                    print(f"adapter failed to start: {type(e).__name__}: {e}", file=log)
                    log.flush()
                    return 2
                hello = {"type": "hello", "protocol": PROTOCOL, "name": name, "version": version, "profile": profile,
                         "fidelity": fidelity, "cards": supported}
                if caps:
                    hello["capabilities"] = dict(caps)
                send(hello)
            elif kind == "run":
                case = str(msg.get("case"))
                t0 = time.perf_counter()
                answer = run_case(case, msg.get("scenario"), msg.get("cards") or {}, setup=setup, act=act,
                                  snapshot=snapshot, random_choices=random_choices, trace=trace, game_over=game_over, log=log)
                if timing:
                    print(f"[arbiter_adapter] case {case}: {answer['type']} in {(time.perf_counter() - t0) * 1000:.2f} ms", file=log)
                    log.flush()
                send(answer)
            elif kind == "bye":
                return 0
            # other message types are ignored (unknown fields and messages are ignored on both sides)
    finally:
        sys.stdout = saved_stdout
        if protocol_fd is not None:
            try:
                real_out.flush()
                os.dup2(protocol_fd, 1)
                real_out.close()
                os.close(protocol_fd)
            except OSError:
                pass
