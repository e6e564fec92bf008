"""Unit tests for arbiter_adapter (python3 -m unittest discover -s adapters/python -p '*_test.py')."""
import io
import json
import os
import subprocess
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.pycache_prefix = sys.pycache_prefix or os.path.join(os.environ.get("TMPDIR", "/tmp"), "arbiter-pycache")
sys.path.insert(0, HERE)

import arbiter_adapter as aa  # noqa: E402
import fake_adapter as fake  # noqa: E402

CARDS = {
    "CS2_182": {"id": "CS2_182", "name": "Chillwind Yeti", "type": "minion", "cost": 4, "attack": 4, "health": 5},
    "CS2_172": {"id": "CS2_172", "name": "Bloodfen Raptor", "type": "minion", "cost": 2, "attack": 3, "health": 2},
    "CS2_106": {"id": "CS2_106", "name": "Fiery War Axe", "type": "weapon", "cost": 2, "attack": 3},
}


def scenario(actions, **setup):
    s = {"format": "arbiter-scenario/1", "id": "t", "title": "t", "rules": [], "source": {"seed": "000", "quote": ""},
         "setup": {"active": "A", **setup}, "actions": actions, "expect": {}}
    return s


YETI_VS_RAPTOR = scenario([{"attack": "yeti", "defender": "raptor"}],
                          A={"board": [{"card": "CS2_182", "label": "yeti"}]}, B={"board": [{"card": "CS2_172", "label": "raptor"}]})


def converse(requests, **serve_kwargs):
    """Run serve() in-process on the given request objects; return (answers, stderr text, exit status)."""
    stdin = io.StringIO("".join(json.dumps(r) + "\n" for r in requests))
    stdout, stderr = io.StringIO(), io.StringIO()
    kwargs = dict(name="fake", version="0", setup=fake.setup, act=fake.act, snapshot=fake.snapshot)
    kwargs.update(serve_kwargs)
    status = aa.serve(stdin=stdin, stdout=stdout, stderr=stderr, **kwargs)
    answers = [json.loads(line) for line in stdout.getvalue().splitlines()]
    return answers, stderr.getvalue(), status


class HelloAndBye(unittest.TestCase):
    def test_hello_names_the_adapter_and_its_cards(self):
        answers, _, status = converse([{"type": "hello", "protocol": aa.PROTOCOL}, {"type": "bye"}],
                                      cards=["CS2_182", "CS2_172", "CS2_182"], fidelity="final_state")
        self.assertEqual(status, 0)
        self.assertEqual(answers, [{"type": "hello", "protocol": "arbiter-adapter/1", "name": "fake", "version": "0",
                                    "profile": "hearthstone", "fidelity": "final_state", "cards": ["CS2_172", "CS2_182"]}])

    def test_cards_may_be_computed_at_the_hello(self):
        answers, _, _ = converse([{"type": "hello"}], cards=lambda: "*")
        self.assertEqual(answers[0]["cards"], "*")

    def test_a_simulator_that_fails_to_load_exits_with_its_traceback_on_stderr(self):
        def boom():
            raise ImportError("no module named hearthbreaker")
        answers, err, status = converse([{"type": "hello"}], cards=boom)
        self.assertEqual(answers, [])
        self.assertEqual(status, 2)
        self.assertIn("no module named hearthbreaker", err)

    def test_bye_stops_the_loop_and_later_lines_are_not_read(self):
        answers, _, status = converse([{"type": "bye"}, {"type": "hello"}])
        self.assertEqual((answers, status), ([], 0))

    def test_end_of_input_ends_the_loop(self):
        answers, _, status = converse([])
        self.assertEqual((answers, status), ([], 0))


class Cases(unittest.TestCase):
    def run_one(self, s, case="c1", **kw):
        answers, err, _ = converse([{"type": "run", "case": case, "scenario": s, "cards": CARDS}], **kw)
        self.assertEqual(len(answers), 1)
        self.assertEqual(answers[0]["case"], case)
        return answers[0], err

    def test_a_result_carries_the_final_state(self):
        a, err = self.run_one(YETI_VS_RAPTOR)
        self.assertEqual(a["type"], "result")
        self.assertEqual(a["final"]["result"], "ongoing")
        self.assertEqual(a["final"]["players"][0]["board"], [{"card": "CS2_182", "attack": 4, "health": 2, "label": "yeti"}])
        self.assertEqual(a["final"]["players"][1]["board"], [])
        self.assertNotIn("random", a)
        # what the simulator printed went to stderr
        self.assertIn("junk on stdout", err)

    def test_unsupported_becomes_an_unsupported_answer_with_its_reason(self):
        s = scenario([{"play": "x"}], A={"hand": [{"card": "CS2_182", "label": "x"}]})
        a, _ = self.run_one(s)
        self.assertEqual(a, {"type": "unsupported", "case": "c1", "reason": "the fake simulator cannot play cards"})

    def test_an_exception_becomes_an_error_answer_with_the_traceback_on_stderr(self):
        s = scenario([{"attack": "heroA", "defender": "raptor"}], A={"weapon": "CS2_106"}, B={"board": [{"card": "CS2_172", "label": "raptor"}]})
        a, err = self.run_one(s)
        self.assertEqual(a["type"], "error")
        self.assertIn("KeyError", a["message"])
        self.assertIn('during action 0 {"attack": "heroA", "defender": "raptor"}', a["message"])
        self.assertEqual(a["action"], 0)
        self.assertIn("Traceback (most recent call last)", err)
        self.assertIn("WEAPON_ATTACK", err)

    def test_sys_exit_in_a_simulator_does_not_end_the_loop(self):
        os.environ["FAKE_ADAPTER_EXIT_ON"] = "t"
        try:
            answers, _, status = converse([{"type": "run", "case": "c1", "scenario": YETI_VS_RAPTOR, "cards": CARDS},
                                           {"type": "run", "case": "c2", "scenario": dict(YETI_VS_RAPTOR, id="other"), "cards": CARDS}])
        finally:
            del os.environ["FAKE_ADAPTER_EXIT_ON"]
        self.assertEqual([a["type"] for a in answers], ["error", "result"])
        self.assertIn("SystemExit", answers[0]["message"])
        self.assertEqual(status, 0)

    def test_a_malformed_final_state_is_an_error_not_a_protocol_violation(self):
        a, _ = self.run_one(YETI_VS_RAPTOR, snapshot=lambda g, l: {"result": "won", "players": []})
        self.assertEqual(a["type"], "error")
        self.assertIn("result 'won'", a["message"])
        a, _ = self.run_one(YETI_VS_RAPTOR, snapshot=lambda g, l: aa.final_state("ongoing", aa.player_final(30, [{"card": "x", "attack": "4", "health": 1}], []), aa.player_final(30, [], [])))
        self.assertIn("players.A.board[0]", a["message"])

    def test_random_choices_are_reported_with_either_signature(self):
        a, _ = self.run_one(YETI_VS_RAPTOR, random_choices=lambda g: ["raptor", 2, True])
        self.assertEqual(a["random"], ["raptor", 2, True])
        a, _ = self.run_one(YETI_VS_RAPTOR, random_choices=lambda g, labels: [sorted(labels)[0]])
        self.assertEqual(a["random"], ["heroA"])
        a, _ = self.run_one(YETI_VS_RAPTOR, random_choices=lambda g: [object()])
        self.assertEqual(a["type"], "error")

    def test_actions_stop_once_the_game_is_over(self):
        seen = []

        def act(g, labels, action):
            seen.append(action)
            g.heroes["B"].health = 0

        s = scenario([{"endTurn": True}, {"endTurn": True}])
        a, _ = self.run_one(s, act=act, game_over=lambda g: g.heroes["B"].health <= 0)
        self.assertEqual(len(seen), 1)
        self.assertEqual(a["final"]["result"], "A_wins")

    def test_a_trace_hook_adds_the_trace(self):
        a, _ = self.run_one(YETI_VS_RAPTOR, trace=lambda g, l: [{"t": "event", "e": "damage"}])
        self.assertEqual(a["trace"], [{"t": "event", "e": "damage"}])

    def test_garbage_requests_get_an_error_and_the_loop_goes_on(self):
        stdin = io.StringIO("not json\n[1,2]\n" + json.dumps({"type": "hello"}) + "\n")
        out = io.StringIO()
        aa.serve(name="f", version="0", setup=fake.setup, act=fake.act, snapshot=fake.snapshot, stdin=stdin, stdout=out, stderr=io.StringIO())
        kinds = [json.loads(l)["type"] for l in out.getvalue().splitlines()]
        self.assertEqual(kinds, ["error", "error", "hello"])


class Helpers(unittest.TestCase):
    def test_play_order_follows_the_reference_engine(self):
        s = scenario([], A={"board": [{"card": "a1", "label": "a1"}, "a2"], "secrets": [{"card": "s", "label": "sec"}], "weapon": "w"},
                     B={"heroLabel": "hb", "board": [{"card": "b1", "label": "b1", "buff": {"attack": 1}}]}, order=["b1", "a1"])
        got = [(i["side"], i["zone"], i["index"], i["label"]) for i in aa.play_order(s)]
        self.assertEqual(got, [("A", "hero", 0, "heroA"), ("A", "weapon", 0, None), ("A", "board", 1, None),
                               ("A", "secret", 0, "sec"), ("B", "hero", 0, "hb"),
                               ("B", "board", 0, "b1"), ("B", "enchantment", 0, None), ("A", "board", 0, "a1")])

    def test_a_moved_minion_keeps_its_enchantments_and_buff_right_after_it(self):
        s = scenario([], A={"board": [{"card": "CS2_182", "label": "yeti", "enchantments": ["EX1_019e"], "buff": {"attack": 1}},
                                      {"card": "CS2_172", "label": "raptor"}]}, order=["yeti"])
        got = [(i["zone"], i["index"], i["label"]) for i in aa.play_order(s) if i["side"] == "A"]
        self.assertEqual(got, [("hero", 0, "heroA"), ("board", 1, "raptor"), ("board", 0, "yeti"), ("enchantment", 0, None), ("enchantment", 0, None)])

    def test_card_setup_and_sides(self):
        self.assertEqual(aa.card_setup("X"), {"card": "X"})
        self.assertEqual(aa.card_setup({"card": "X", "label": "x"})["label"], "x")
        self.assertEqual(aa.other_side("A"), "B")
        self.assertEqual(aa.hero_label({"setup": {}}, "B"), "heroB")


class ThroughAPipe(unittest.TestCase):
    def test_the_fake_adapter_speaks_the_protocol_over_stdin_and_stdout(self):
        reqs = [{"type": "hello", "protocol": aa.PROTOCOL}, {"type": "run", "case": "c", "scenario": YETI_VS_RAPTOR, "cards": CARDS}, {"type": "bye"}]
        p = subprocess.run([sys.executable, os.path.join(HERE, "fake_adapter.py")], input="".join(json.dumps(r) + "\n" for r in reqs),
                           capture_output=True, text=True, timeout=30)
        self.assertEqual(p.returncode, 0, p.stderr)
        kinds = [json.loads(l)["type"] for l in p.stdout.splitlines()]
        self.assertEqual(kinds, ["hello", "result"])
        self.assertIn("junk on stdout", p.stderr)


if __name__ == "__main__":
    unittest.main()
