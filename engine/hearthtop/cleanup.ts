/**
 * The Cleanup Phase's own steps (hearthtop/turn), after the End of Turn effects: discard down to the hand size
 * (hearthtop/cleanup-discard), then the game end check for a deck that ran dry this turn (hearthtop/deck-end,
 * hearthtop/deck-end-winner). Minions that attacked are reset when their controller's turn starts (the engine's
 * attack counters), which no rule of the Cleanup can tell apart.
 */
import { moveTo } from '../kernel/zones.js';
import { entity, health, type Game, type Side } from '../state.js';
import { settleMarks } from './table.js';

/**
 * Discard down to the hand size. Assumption: the seed lets the player choose which cards; the reference engine
 * discards the newest cards (the last drawn) so a run is decided by its scenario alone.
 */
export function discardDown(g: Game, side: Side): void {
  const p = g.players[side];
  const b = g.trace.openBlock({ block: 'step', kind: 'CLEANUP_DISCARD', rule: 'hearthtop/cleanup-discard', player: side });
  while (p.hand.length > g.profile.limits.hand) {
    const id = p.hand.pop()!;
    const c = entity(g, id);
    p.graveyard.push(id);
    moveTo(g, c, 'graveyard', { from: 'hand' });
    g.trace.event({ e: 'discard', player: side, entity: id, card: c.card.id, rule: 'hearthtop/cleanup-discard' });
  }
  g.trace.closeBlock(b);
}

/** The deck-end check: if the deck ran dry this turn, the higher health wins, equal health is a draw. */
export function deckEndCheck(g: Game): void {
  const t = g.table!;
  const hp = [health(g, entity(g, g.players[0].hero)), health(g, entity(g, g.players[1].hero))] as const;
  const dry = t.dryTurn === g.turn;
  const result = !dry ? 'ongoing' : hp[0] > hp[1] ? 'A_wins' : hp[1] > hp[0] ? 'B_wins' : 'draw';
  const b = g.trace.openBlock({ block: 'step', kind: 'GAME_END_CHECK', rule: 'hearthtop/deck-end' });
  g.trace.event({
    e: 'game_check', result: result === 'ongoing' ? 'ongoing' : result === 'draw' ? 'draw' : 'win',
    ...(result === 'A_wins' ? { winner: 0 } : result === 'B_wins' ? { winner: 1 } : {}), rule: 'hearthtop/deck-end', health: [...hp],
  });
  g.trace.closeBlock(b);
  g.result = result;
}

/** The Cleanup steps of the active player's turn (after its End of Turn Sequence). */
export function cleanup(g: Game, side: Side): void {
  discardDown(g, side);
  settleMarks(g);
  deckEndCheck(g);
}
