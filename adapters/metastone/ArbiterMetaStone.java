/*
 * Arbiter adapter for MetaStone (https://github.com/demilich1/metastone): the Arbiter adapter protocol
 * (spec/protocol.md, JSON lines on stdin/stdout) served by one long-lived JVM that runs MetaStone's GameContext.
 *
 * It is started by adapters/metastone/adapter.py (Java source-file mode, or a compiled copy in a cache folder),
 * against the user's own MetaStone build on METASTONE_CLASSPATH. No MetaStone code is in this repository.
 *
 * It maps names and shapes only, never rules: Arbiter card ids are mapped to MetaStone cards by name and type; the
 * set-up board is built with MetaStone's own GameLogic methods (summon, equipWeapon, playSecret, receiveCard) while
 * the context ignores events (a set-up board is a settled state), in Arbiter's order of play (MetaStone's order of
 * play is entity id order, and its triggers fire in the order they were added); MetaStone then settles its auras
 * (one BoardChangedEvent) before damage is set. Actions go through GameLogic.performGameAction. What it cannot
 * express it answers "unsupported" with the reason.
 */
import java.io.BufferedReader;
import java.io.File;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import com.google.gson.Gson;
import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import com.google.gson.JsonPrimitive;

import net.demilich.metastone.game.Attribute;
import net.demilich.metastone.game.GameContext;
import net.demilich.metastone.game.Player;
import net.demilich.metastone.game.actions.GameAction;
import net.demilich.metastone.game.actions.PhysicalAttackAction;
import net.demilich.metastone.game.actions.PlayCardAction;
import net.demilich.metastone.game.actions.PlayChooseOneCardAction;
import net.demilich.metastone.game.actions.PlayMinionCardAction;
import net.demilich.metastone.game.behaviour.Behaviour;
import net.demilich.metastone.game.cards.Card;
import net.demilich.metastone.game.cards.CardCatalogue;
import net.demilich.metastone.game.cards.CardSet;
import net.demilich.metastone.game.cards.CardType;
import net.demilich.metastone.game.cards.HeroCard;
import net.demilich.metastone.game.cards.MinionCard;
import net.demilich.metastone.game.cards.SecretCard;
import net.demilich.metastone.game.cards.WeaponCard;
import net.demilich.metastone.game.decks.Deck;
import net.demilich.metastone.game.decks.DeckFormat;
import net.demilich.metastone.game.entities.Actor;
import net.demilich.metastone.game.entities.Entity;
import net.demilich.metastone.game.entities.minions.Minion;
import net.demilich.metastone.game.entities.weapons.Weapon;
import net.demilich.metastone.game.events.BoardChangedEvent;
import net.demilich.metastone.game.gameconfig.PlayerConfig;
import net.demilich.metastone.game.logic.GameLogic;
import net.demilich.metastone.game.logic.MatchResult;
import net.demilich.metastone.game.spells.desc.SpellArg;
import net.demilich.metastone.game.spells.trigger.IGameEventListener;
import net.demilich.metastone.game.spells.trigger.types.Secret;
import net.demilich.metastone.game.targeting.TargetSelection;

public class ArbiterMetaStone {
	static final String PROTOCOL = "arbiter-adapter/1";

	/** The case cannot be expressed in MetaStone: answered as "unsupported" with this reason. */
	static class Unsupported extends RuntimeException {
		Unsupported(String reason) { super(reason); }
	}

	/** MetaStone refuses an action the scenario takes (reported as an error). */
	static class Refused extends RuntimeException {
		Refused(String message) { super(message); }
	}

	/** GameContext with the active player settable and startTurn reachable (as MetaStone's own test DebugContext). */
	static class ArbiterContext extends GameContext {
		ArbiterContext(Player a, Player b, GameLogic logic, DeckFormat format) { super(a, b, logic, format); }
		void setActive(int id) { this.activePlayer = id; }
		void beginTurn(int id) { startTurn(id); }
	}

	/** Answers MetaStone's questions (battlecry targets) with the scenario's choice. */
	public static class ArbiterBehaviour extends Behaviour {
		Entity target;
		/** A play tried on a copy of the game first (`askedForTarget` says whether MetaStone asked for a target). */
		boolean dryRun;
		boolean askedForTarget;

		@Override public String getName() { return "Arbiter"; }
		@Override public List<Card> mulligan(GameContext context, Player player, List<Card> cards) { return new ArrayList<>(); }

		@Override
		public GameAction requestAction(GameContext context, Player player, List<GameAction> validActions) {
			if (target == null && dryRun) {
				askedForTarget = true;
				return validActions.get(0);
			}
			if (target == null) {
				throw new Unsupported("MetaStone asks for a choice (" + validActions.size() + " options: " + validActions + ") and the action names no target");
			}
			for (GameAction a : validActions) {
				if (a.getTargetKey() != null && a.getTargetKey().equals(target.getReference())) return a;
			}
			throw new Refused("MetaStone does not offer " + target.getName() + " as a target here; it offers: " + validActions);
		}
	}

	// --- card mapping --------------------------------------------------------------------------------------------

	static final Map<String, String> TO_METASTONE = new TreeMap<>(); // Arbiter id -> MetaStone card id
	static final Map<String, String> TO_ARBITER = new HashMap<>(); // MetaStone card id -> Arbiter id
	static final Map<String, String> MISSING = new TreeMap<>(); // Arbiter id -> why it is not mapped

	/** Arbiter ids whose MetaStone card has another name (matched by MetaStone card id instead). */
	static final Map<String, String> BY_ID = new HashMap<>();
	static {
		BY_ID.put("BRM_022t", "token_black_whelp"); // MetaStone names Dragon Egg's token "Whelp"
	}

	static String kindOf(Card c) {
		if (c instanceof SecretCard) return "secret";
		switch (c.getCardType()) {
			case MINION: return "minion";
			case WEAPON: return "weapon";
			case HERO: return "hero";
			case HERO_POWER: return "hero_power";
			case SPELL: return "spell";
			default: return c.getCardType().toString().toLowerCase(Locale.ROOT);
		}
	}

	static String norm(String s) { return s.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", ""); }

	static void mapCards(File specCards) throws Exception {
		Map<String, List<Card>> byName = new HashMap<>();
		for (Card c : CardCatalogue.getAll()) byName.computeIfAbsent(norm(c.getName()), k -> new ArrayList<>()).add(c);
		File[] files = specCards.listFiles((d, n) -> n.endsWith(".json"));
		Arrays.sort(files);
		Map<String, List<Card>> ambiguous = new HashMap<>();
		Map<String, Integer> poolNames = new HashMap<>();
		Map<String, String> nameOf = new HashMap<>();
		for (File f : files) {
			JsonObject a = new JsonParser().parse(new String(Files.readAllBytes(f.toPath()), StandardCharsets.UTF_8)).getAsJsonObject();
			String id = a.get("id").getAsString(), name = a.get("name").getAsString(), type = a.get("type").getAsString();
			String kind = a.has("secret") && a.get("secret").getAsBoolean() ? "secret" : type;
			if (type.equals("enchantment")) continue;
			poolNames.merge(norm(name), 1, Integer::sum);
			nameOf.put(id, norm(name));
			List<Card> cands = new ArrayList<>();
			if (BY_ID.containsKey(id)) {
				Card c = CardCatalogue.getCardById(BY_ID.get(id));
				if (c != null && kindOf(c).equals(kind)) cands.add(c);
			} else {
				for (Card c : byName.getOrDefault(norm(name), new ArrayList<>())) if (kindOf(c).equals(kind)) cands.add(c);
			}
			if (cands.size() > 1 && type.equals("minion")) { // same name, several minions: the one with the same stats
				List<Card> same = new ArrayList<>();
				for (Card c : cands) {
					MinionCard m = (MinionCard) c;
					if (a.has("attack") && a.has("health") && m.getBaseAttack() == a.get("attack").getAsInt() && m.getBaseHp() == a.get("health").getAsInt()) same.add(c);
				}
				cands = same;
			}
			if (cands.size() > 1) { // prefer the one whose collectibility matches
				boolean token = a.has("token") && a.get("token").getAsBoolean();
				List<Card> same = new ArrayList<>();
				for (Card c : cands) if (c.isCollectible() != token) same.add(c);
				if (!same.isEmpty()) cands = same;
			}
			if (cands.isEmpty()) { MISSING.put(id, "MetaStone has no " + kind + " named \"" + name + "\""); continue; }
			if (cands.size() > 1) {
				List<String> ids = new ArrayList<>();
				for (Card c : cands) ids.add(c.getCardId());
				MISSING.put(id, "several MetaStone cards could be \"" + name + "\": " + ids);
				// none of them can be made for this card, but each is this card when MetaStone reports it (the same name,
				// kind and stats), unless the pool holds another card of that name (then the report stays MetaStone's id)
				ambiguous.put(id, cands);
				continue;
			}
			Card c = cands.get(0);
			TO_METASTONE.put(id, c.getCardId());
			TO_ARBITER.putIfAbsent(c.getCardId(), id);
		}
		for (Map.Entry<String, List<Card>> e : ambiguous.entrySet()) {
			if (poolNames.getOrDefault(nameOf.get(e.getKey()), 0) != 1) continue;
			for (Card c : e.getValue()) TO_ARBITER.putIfAbsent(c.getCardId(), e.getKey());
		}
	}

	static String arbiterId(Card c) {
		String id = TO_ARBITER.get(c.getCardId());
		return id != null ? id : "metastone:" + c.getCardId();
	}

	static Card newCard(String arbiterId) {
		String ms = TO_METASTONE.get(arbiterId);
		if (ms == null) throw new Unsupported(MISSING.getOrDefault(arbiterId, "no MetaStone card for " + arbiterId));
		Card c = CardCatalogue.getCardById(ms);
		if (c == null) throw new Unsupported("MetaStone lost card " + ms);
		return c;
	}

	// --- one case --------------------------------------------------------------------------------------------------

	static class Game {
		ArbiterContext ctx;
		GameLogic logic;
		Player[] players = new Player[2];
		Map<String, Entity> labels = new LinkedHashMap<>();
	}

	static JsonObject obj(JsonElement e) { return e != null && e.isJsonObject() ? e.getAsJsonObject() : new JsonObject(); }

	static JsonObject cardSetup(JsonElement e) {
		if (e.isJsonPrimitive()) { JsonObject o = new JsonObject(); o.add("card", e); return o; }
		return e.getAsJsonObject();
	}

	static String str(JsonObject o, String k) { return o.has(k) && !o.get(k).isJsonNull() ? o.get(k).getAsString() : null; }
	static int num(JsonObject o, String k, int d) { return o.has(k) && !o.get(k).isJsonNull() ? o.get(k).getAsInt() : d; }
	static JsonArray arr(JsonObject o, String k) { return o.has(k) && o.get(k).isJsonArray() ? o.get(k).getAsJsonArray() : new JsonArray(); }

	/** Entities in play, oldest first, as Arbiter's reference engine orders them (engine/scenario/setup.ts). */
	static List<Object[]> playOrder(JsonObject setup) {
		List<Object[]> items = new ArrayList<>(); // {side, zone, index, setup, label}
		for (int side = 0; side < 2; side++) {
			JsonObject ps = obj(setup.get(side == 0 ? "A" : "B"));
			String hl = str(ps, "heroLabel");
			items.add(new Object[] { side, "hero", 0, ps, hl != null ? hl : (side == 0 ? "heroA" : "heroB") });
			if (ps.has("weapon")) { JsonObject w = cardSetup(ps.get("weapon")); items.add(new Object[] { side, "weapon", 0, w, str(w, "label") }); }
			JsonArray board = arr(ps, "board");
			for (int i = 0; i < board.size(); i++) {
				JsonObject m = cardSetup(board.get(i));
				items.add(new Object[] { side, "board", i, m, str(m, "label") });
				for (JsonElement en : arr(m, "enchantments")) items.add(new Object[] { side, "enchantment", i, cardSetup(en), null });
				if (m.has("buff")) { JsonObject b = new JsonObject(); b.add("buff", m.get("buff")); items.add(new Object[] { side, "enchantment", i, b, null }); }
			}
			JsonArray secrets = arr(ps, "secrets");
			for (int i = 0; i < secrets.size(); i++) { JsonObject s = cardSetup(secrets.get(i)); items.add(new Object[] { side, "secret", i, s, str(s, "label") }); }
		}
		List<Object[]> moved = new ArrayList<>();
		for (JsonElement l : arr(setup, "order")) {
			for (Object[] it : items) {
				if (!l.getAsString().equals(it[4]) || moved.contains(it)) continue;
				moved.add(it);
				// a moved minion takes its set-up enchantments and buff along, right after it
				if ("board".equals(it[1])) for (Object[] en : items) if ("enchantment".equals(en[1]) && en[0].equals(it[0]) && en[2].equals(it[2])) moved.add(en);
			}
		}
		List<Object[]> out = new ArrayList<>();
		for (Object[] it : items) if (!moved.contains(it)) out.add(it);
		out.addAll(moved);
		return out;
	}

	static Game setup(JsonObject scenario, JsonObject cards) {
		for (Map.Entry<String, JsonElement> e : cards.entrySet()) {
			// A card MetaStone has in another version (other stats) is run as MetaStone has it: Arbiter's card
			// conformance case shows the difference, and the cases that use the card are card differences.
			JsonObject def = obj(e.getValue());
			if (!"enchantment".equals(str(def, "type")) && !TO_METASTONE.containsKey(e.getKey()) && !"hero_power".equals(str(def, "type"))) {
				throw new Unsupported(MISSING.getOrDefault(e.getKey(), "no MetaStone card for " + e.getKey()));
			}
		}
		if (arr(scenario, "random").size() > 0) {
			throw new Unsupported("MetaStone draws its random choices from ThreadLocalRandom inside static helpers (SpellUtils.getRandomTarget, CardCollection.getRandom): the adapter can neither force the scenario's random outcomes nor report MetaStone's");
		}
		JsonObject setup = obj(scenario.get("setup"));
		for (String side : new String[] { "A", "B" }) {
			Set<String> distinct = new HashSet<>();
			for (JsonElement d : arr(obj(setup.get(side)), "deck")) distinct.add(str(cardSetup(d), "card"));
			if (distinct.size() > 1) {
				throw new Unsupported("MetaStone draws a random card from the deck (CardCollection.getRandom): a deck of different cards (" + distinct + ") has no fixed order to follow");
			}
		}
		Game g = new Game();
		DeckFormat format = new DeckFormat();
		for (CardSet s : CardSet.values()) format.addSet(s);
		for (int side = 0; side < 2; side++) {
			JsonObject ps = obj(setup.get(side == 0 ? "A" : "B"));
			String heroId = str(ps, "hero") != null ? str(ps, "hero") : "HERO_08";
			Card hero = newCard(heroId);
			if (!(hero instanceof HeroCard)) throw new Unsupported(heroId + " is not a MetaStone hero card");
			PlayerConfig pc = new PlayerConfig(new Deck(((HeroCard) hero).getHeroClass()), new ArbiterBehaviour());
			pc.setName(side == 0 ? "A" : "B");
			pc.setHeroCard((HeroCard) hero);
			g.players[side] = new Player(pc);
		}
		g.logic = new GameLogic();
		g.ctx = new ArbiterContext(g.players[0], g.players[1], g.logic, format);
		int active = "B".equals(str(setup, "active")) ? 1 : 0;
		g.ctx.setActive(0);
		g.logic.init(0, true);
		g.logic.init(1, false);
		for (Player p : g.players) p.getHand().removeAll(); // the Coin, which init gives the second player
		g.ctx.setActive(active);

		g.ctx.setIgnoreEvents(true); // a set-up board is settled: nothing triggers while it is built
		Map<String, Minion> minionAt = new HashMap<>();
		List<List<Integer>> placed = Arrays.asList(new ArrayList<>(), new ArrayList<>());
		List<Object[]> buffs = new ArrayList<>();
		for (Object[] it : playOrder(setup)) {
			int side = (Integer) it[0], index = (Integer) it[2];
			String zone = (String) it[1], label = (String) it[4];
			JsonObject cs = (JsonObject) it[3];
			Player p = g.players[side];
			switch (zone) {
				case "hero":
					g.labels.put(label, p.getHero());
					break;
				case "weapon": {
					Card c = newCard(str(cs, "card"));
					Weapon w = ((WeaponCard) c).getWeapon();
					g.logic.equipWeapon(side, w, false);
					int lost = cs.has("damage") ? cs.get("damage").getAsInt() : 0; // set-up Durability already lost
					if (lost > 0) w.modifyAttribute(Attribute.HP, -lost);
					if (label != null) g.labels.put(label, w);
					break;
				}
				case "secret": {
					Card c = newCard(str(cs, "card"));
					if (!(c instanceof SecretCard)) throw new Unsupported(str(cs, "card") + " is not a MetaStone secret");
					Secret secret = (Secret) ((SecretCard) c).getSpell().get(SpellArg.SECRET);
					g.logic.playSecret(p, (Secret) secret.clone(), false);
					if (label != null) g.labels.put(label, c);
					break;
				}
				case "board": {
					Card c = newCard(str(cs, "card"));
					List<Integer> done = placed.get(side);
					int pos = 0;
					for (int i : done) if (i < index) pos++;
					done.add(pos, index);
					Minion m = ((MinionCard) c).summon();
					g.logic.summon(side, m, null, pos, false);
					if (!(cs.has("exhausted") && cs.get("exhausted").getAsBoolean())) {
						m.removeAttribute(Attribute.SUMMONING_SICKNESS);
						g.logic.refreshAttacksPerRound(m);
					}
					if (cs.has("frozen") && cs.get("frozen").getAsBoolean()) m.setAttribute(Attribute.FROZEN);
					if (label != null) g.labels.put(label, m);
					minionAt.put(side + ":" + index, m);
					break;
				}
				case "enchantment":
					if (!cs.has("buff")) throw new Unsupported("MetaStone has no enchantment cards: cannot attach " + str(cs, "card") + " at set-up");
					buffs.add(new Object[] { minionAt.get(side + ":" + index), obj(cs.get("buff")) });
					break;
				default:
					break;
			}
		}
		for (Object[] b : buffs) { // a plain buff, as MetaStone's BuffSpell applies one
			Minion m = (Minion) b[0];
			JsonObject buff = (JsonObject) b[1];
			if (num(buff, "attack", 0) != 0) m.modifyAttribute(Attribute.ATTACK_BONUS, num(buff, "attack", 0));
			if (num(buff, "health", 0) != 0) m.modifyHpBonus(num(buff, "health", 0));
		}
		for (int side = 0; side < 2; side++) {
			JsonObject ps = obj(setup.get(side == 0 ? "A" : "B"));
			Player p = g.players[side];
			for (JsonElement x : arr(ps, "hand")) {
				JsonObject cs = cardSetup(x);
				Card c = newCard(str(cs, "card"));
				g.logic.receiveCard(side, c);
				if (str(cs, "label") != null) g.labels.put(str(cs, "label"), c);
			}
			for (JsonElement x : arr(ps, "deck")) {
				JsonObject cs = cardSetup(x);
				Card c = newCard(str(cs, "card"));
				g.logic.shuffleToDeck(p, c);
				if (str(cs, "label") != null) g.labels.put(str(cs, "label"), c);
			}
		}
		for (Player p : g.players) { // the active player's turn is under way: its hero may attack with its weapon
			p.getHero().activateWeapon(p.getId() == active);
			g.logic.refreshAttacksPerRound(p.getHero());
		}
		g.ctx.setIgnoreEvents(false);
		g.ctx.fireGameEvent(new BoardChangedEvent(g.ctx)); // MetaStone settles its auras on a board change
		for (int side = 0; side < 2; side++) {
			JsonObject ps = obj(setup.get(side == 0 ? "A" : "B"));
			Player p = g.players[side];
			JsonArray board = arr(ps, "board");
			for (int i = 0; i < board.size(); i++) {
				int dmg = num(cardSetup(board.get(i)), "damage", 0);
				if (dmg != 0) { Minion m = minionAt.get(side + ":" + i); m.setHp(m.getMaxHp() - dmg); }
			}
			if (ps.has("health")) p.getHero().setHp(ps.get("health").getAsInt());
			if (num(ps, "armor", 0) != 0) p.getHero().modifyArmor(num(ps, "armor", 0));
			int mana = num(ps, "mana", 10);
			p.setMaxMana(mana);
			p.setMana(mana);
			if (num(ps, "fatigue", 0) != 0) p.setAttribute(Attribute.FATIGUE, num(ps, "fatigue", 0));
		}
		return g;
	}

	/** A label's entity now: a minion card that was played is the minion it became. */
	static Entity resolve(Game g, Entity e) {
		if (e instanceof Card) {
			Card c = (Card) e;
			for (Player p : g.players) for (Minion m : p.getMinions()) if (m.getSourceCard() == c || (c.getId() > 0 && m.getSourceCard() != null && m.getSourceCard().getId() == c.getId())) return m;
		}
		return e;
	}

	static Entity entity(Game g, String label) {
		Entity e = g.labels.get(label);
		if (e == null) throw new Refused("unknown label \"" + label + "\"");
		return resolve(g, e);
	}

	static void act(Game g, JsonObject action) {
		int pid = g.ctx.getActivePlayerId();
		Player p = g.players[pid];
		ArbiterBehaviour behaviour = (ArbiterBehaviour) p.getBehaviour();
		Entity target = str(action, "target") != null ? entity(g, str(action, "target")) : null;
		behaviour.target = target;
		try {
			if (action.has("play")) {
				Entity e = g.labels.get(str(action, "play"));
				// a labelled minion returned to its hand (Shadowstep, Sap) is a card there: the label follows it
				if (e instanceof Minion && !p.getMinions().contains(e) && ((Minion) e).getSourceCard() != null) {
					Card back = null;
					for (Card c : p.getHand()) if (c.getCardId().equals(((Minion) e).getSourceCard().getCardId())) back = c;
					if (back != null) { g.labels.put(str(action, "play"), back); e = back; }
				}
				if (!(e instanceof Card) || !p.getHand().contains((Card) e)) throw new Refused("\"" + str(action, "play") + "\" is not in the active player's hand");
				Card card = (Card) e;
				if (!g.logic.canPlayCard(pid, card.getCardReference())) throw new Refused("MetaStone refuses to play " + card.getName() + ": it costs " + g.logic.getModifiedManaCost(p, card) + " and the player has " + p.getMana() + " mana");
				PlayCardAction a = card.play();
				if (a instanceof PlayChooseOneCardAction) throw new Unsupported("Choose One cards are not mapped by this adapter");
				if (a instanceof PlayMinionCardAction) {
					int pos = num(action, "position", p.getSummons().size());
					if (pos < p.getSummons().size()) a.setTarget(p.getSummons().get(pos)); // MetaStone places a played minion before this one
					// A Battlecry with a valid target makes MetaStone ask for one, and it cannot be declined. An exception
					// inside a play ends MetaStone's JVM (PlayCardAction.execute calls System.exit), so the play is first
					// tried on a copy of the game: asked for a target the action does not name, MetaStone refuses it.
					if (target == null) {
						behaviour.askedForTarget = false;
						behaviour.dryRun = true;
						try {
							GameContext copy = g.ctx.clone();
							copy.getLogic().performGameAction(pid, a.clone());
						} finally {
							behaviour.dryRun = false;
						}
						if (behaviour.askedForTarget) throw new Refused("MetaStone asks for a target of " + card.getName() + "'s Battlecry (a valid one exists) and the action names none");
					}
				} else if (target != null) {
					if (a.getTargetRequirement() == TargetSelection.NONE) throw new Refused(card.getName() + " takes no target in MetaStone");
					if (!g.logic.getValidTargets(pid, a).contains(target)) throw new Refused("MetaStone does not allow " + target.getName() + " as the target of " + card.getName());
					a.setTarget(target);
				}
				g.logic.performGameAction(pid, a);
			} else if (action.has("attack")) {
				Entity attacker = entity(g, str(action, "attack"));
				Entity defender = entity(g, str(action, "defender"));
				if (!(attacker instanceof Actor) || !((Actor) attacker).canAttackThisTurn()) throw new Refused("MetaStone says " + attacker.getName() + " cannot attack now");
				PhysicalAttackAction a = new PhysicalAttackAction(attacker.getReference());
				if (!g.logic.getValidTargets(pid, a).contains(defender)) throw new Refused("MetaStone does not allow " + attacker.getName() + " to attack " + defender.getName());
				a.setTarget(defender);
				g.logic.performGameAction(pid, a);
			} else if (action.has("heroPower")) {
				int side = "B".equals(str(action, "heroPower")) ? 1 : 0;
				if (side != pid) throw new Refused("only the active player can use a hero power");
				PlayCardAction a = g.players[side].getHero().getHeroPower().play();
				if (target != null) a.setTarget(target);
				g.logic.performGameAction(pid, a);
			} else if (action.has("endTurn")) {
				g.ctx.endTurn();
				g.ctx.beginTurn(g.ctx.getActivePlayerId());
			} else {
				throw new Unsupported("unknown action " + action);
			}
		} finally {
			behaviour.target = null;
		}
	}

	static JsonObject snapshot(Game g) {
		Map<Entity, String> names = new IdentityHashMap<>();
		for (Map.Entry<String, Entity> e : g.labels.entrySet()) names.putIfAbsent(resolve(g, e.getValue()), e.getKey());
		JsonArray players = new JsonArray();
		for (Player p : g.players) {
			JsonObject o = new JsonObject();
			JsonObject hero = new JsonObject();
			hero.addProperty("health", p.getHero().getHp());
			hero.addProperty("armor", p.getHero().getArmor());
			o.add("hero", hero);
			JsonArray board = new JsonArray();
			for (Minion m : p.getMinions()) {
				JsonObject mo = new JsonObject();
				mo.addProperty("card", arbiterId(m.getSourceCard()));
				mo.addProperty("attack", m.getAttack());
				mo.addProperty("health", m.getHp());
				if (names.containsKey(m)) mo.addProperty("label", names.get(m));
				board.add(mo);
			}
			o.add("board", board);
			JsonArray hand = new JsonArray();
			for (Card c : p.getHand()) hand.add(new JsonPrimitive(arbiterId(c)));
			o.add("hand", hand);
			o.addProperty("deckSize", p.getDeck().getCount());
			JsonArray secrets = new JsonArray();
			for (IGameEventListener l : g.logic.getSecrets(p)) secrets.add(new JsonPrimitive(arbiterId(((Secret) l).getSource())));
			o.add("secrets", secrets);
			Weapon w = p.getHero().getWeapon();
			if (w != null) o.addProperty("weapon", arbiterId(w.getSourceCard())); else o.add("weapon", com.google.gson.JsonNull.INSTANCE);
			o.addProperty("mana", p.getMana());
			o.addProperty("maxMana", p.getMaxMana());
			players.add(o);
		}
		MatchResult r = g.logic.getMatchResult(g.players[0], g.players[1]);
		String result = "ongoing";
		if (r == MatchResult.DOUBLE_LOSS) result = "draw";
		else if (r == MatchResult.WON) result = g.logic.getWinner(g.players[0], g.players[1]) == g.players[0] ? "A_wins" : "B_wins";
		JsonObject fin = new JsonObject();
		fin.addProperty("result", result);
		fin.add("players", players);
		return fin;
	}

	/**
	 * Run a case; if MetaStone's answer changes from run to run, its outcome depends on random choices the adapter
	 * can neither force nor report, so the case is unsupported rather than a coin flip (ARBITER_METASTONE_RUNS runs,
	 * default 8).
	 */
	static JsonObject runCaseStable(String id, JsonObject scenario, JsonObject cards) {
		int runs = 8;
		try { runs = Math.max(1, Integer.parseInt(System.getenv().getOrDefault("ARBITER_METASTONE_RUNS", "8"))); } catch (NumberFormatException e) { /* default */ }
		JsonObject first = runCase(id, scenario, cards);
		if (!"result".equals(str(first, "type"))) return first;
		Set<String> outcomes = new HashSet<>();
		outcomes.add(first.get("final").toString());
		for (int i = 1; i < runs; i++) {
			JsonObject again = runCase(id, scenario, cards);
			if (!"result".equals(str(again, "type"))) return again;
			outcomes.add(again.get("final").toString());
		}
		if (outcomes.size() > 1) {
			JsonObject out = new JsonObject();
			out.addProperty("type", "unsupported");
			out.addProperty("case", id);
			out.addProperty("reason", "MetaStone's outcome depends on its random choices (" + outcomes.size() + " different final states in " + runs
					+ " runs), which come from ThreadLocalRandom and which the adapter can neither force nor report");
			System.err.println("[ArbiterMetaStone] case " + id + ": different final states: " + outcomes);
			return out;
		}
		return first;
	}

	static JsonObject runCase(String id, JsonObject scenario, JsonObject cards) {
		JsonObject out = new JsonObject();
		out.addProperty("case", id);
		String where = "setup";
		try {
			Game g = setup(scenario, cards);
			JsonArray actions = arr(scenario, "actions");
			for (int i = 0; i < actions.size(); i++) {
				if (g.ctx.gameDecided()) break;
				where = "action " + i + " " + actions.get(i);
				JsonObject action = actions.get(i).getAsJsonObject();
				if (action.has("illegal") && action.get("illegal").getAsBoolean()) {
					// the case checks that the simulator refuses this action: a refusal is expected, and the final
					// state shows whether MetaStone took it
					try { act(g, action); } catch (Refused refused) { /* refused, as it must be */ }
					continue;
				}
				act(g, action);
			}
			where = "snapshot";
			out.addProperty("type", "result");
			out.add("final", snapshot(g));
		} catch (Unsupported e) {
			out.addProperty("type", "unsupported");
			out.addProperty("reason", e.getMessage());
		} catch (Throwable e) { // never let a case take the JVM down
			StringWriter sw = new StringWriter();
			e.printStackTrace(new PrintWriter(sw));
			System.err.println("[ArbiterMetaStone] case " + id + ": " + e + " during " + where);
			System.err.println(sw);
			System.err.flush();
			out.addProperty("type", "error");
			out.addProperty("message", e.getClass().getSimpleName() + ": " + e.getMessage() + " (during " + where + ")");
		}
		return out;
	}

	public static void main(String[] args) throws Exception {
		PrintStream protocol = new PrintStream(new FileOutputStream(FileDescriptor.out), true, "UTF-8");
		System.setOut(System.err); // whatever MetaStone prints goes to stderr, never into the protocol stream
		File specCards = new File(args.length > 0 ? args[0] : "spec/cards");
		String version = args.length > 1 ? args[1] : "unknown";
		try {
			CardCatalogue.loadLocalCards(); // MetaStone's cards, from the "cards" folder on its classpath (Java 8)
		} catch (RuntimeException e) {
			// On Java 9+ MetaStone's resource lookup (Object.class.getResource) cannot see the classpath: load the
			// cards from $USER_HOME_METASTONE/cards instead, MetaStone's own card folder (adapter.py sets it).
			System.err.println("[ArbiterMetaStone] " + e.getMessage() + "; loading cards from USER_HOME_METASTONE=" + System.getenv("USER_HOME_METASTONE"));
			CardCatalogue.loadCards();
		}
		mapCards(specCards);
		for (Map.Entry<String, String> e : MISSING.entrySet()) System.err.println("[ArbiterMetaStone] not mapped: " + e.getKey() + ": " + e.getValue());
		Gson gson = new com.google.gson.GsonBuilder().serializeNulls().create(); // "weapon": null is an answer too
		BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
		String line;
		while ((line = in.readLine()) != null) {
			if (line.trim().isEmpty()) continue;
			JsonObject msg;
			try {
				msg = new JsonParser().parse(line).getAsJsonObject();
			} catch (RuntimeException e) {
				JsonObject err = new JsonObject();
				err.addProperty("type", "error");
				err.addProperty("message", "request is not a JSON object");
				protocol.println(gson.toJson(err));
				continue;
			}
			String type = str(msg, "type");
			if ("hello".equals(type)) {
				JsonObject h = new JsonObject();
				h.addProperty("type", "hello");
				h.addProperty("protocol", PROTOCOL);
				h.addProperty("name", "MetaStone");
				h.addProperty("version", version);
				h.addProperty("profile", "hearthstone");
				h.addProperty("fidelity", "final_state");
				JsonArray ids = new JsonArray();
				for (String id : TO_METASTONE.keySet()) ids.add(new JsonPrimitive(id));
				h.add("cards", ids);
				// MetaStone draws a random card from its deck: generated cases give it decks of copies of one card
				JsonObject caps = new JsonObject();
				caps.addProperty("orderedDeck", false);
				h.add("capabilities", caps);
				protocol.println(gson.toJson(h));
			} else if ("run".equals(type)) {
				long t0 = System.nanoTime();
				JsonObject answer = runCaseStable(str(msg, "case"), obj(msg.get("scenario")), obj(msg.get("cards")));
				if ("1".equals(System.getenv("ARBITER_ADAPTER_TIMING"))) {
					System.err.printf("[ArbiterMetaStone] case %s: %s in %.2f ms%n", str(msg, "case"), str(answer, "type"), (System.nanoTime() - t0) / 1e6);
				}
				protocol.println(gson.toJson(answer));
			} else if ("bye".equals(type)) {
				break;
			}
		}
		protocol.flush();
		System.exit(0);
	}
}
