/**
 * Host mutants: deliberate rule bugs of the Host kernel, each a switch named after the rule it breaks. They show that
 * the host invariants, golden cases and the differential runner catch a wrong engine.
 */
export const HOST_MUTANTS = {
  'host-fifo-stack': { rule: 'host/32.4', text: 'the Stack resolves its oldest item first, not the last one in' },
  'host-trigger-mid-resolution': { rule: 'host/34.4', text: 'an effect that triggers while another resolves goes on the Stack at once, inside the resolution' },
  'host-game-actions-wait': { rule: 'host/35.2', text: 'game actions (destroying, sending to the drop zone) wait until the effect resolving has finished' },
  'host-finish-before-loss': { rule: 'host/1.1', text: 'a player who meets a loss condition loses only after the effect resolving has finished' },
  'host-negative-power': { rule: 'host/26.2.2', text: 'power is not raised to 0: it can go below 0' },
  'host-stats-in-order': { rule: 'host/26.2.3.2', text: 'stat changes apply in the order they were given, each step clamped at 0, not increases first then decreases' },
  'host-partial-resolve': { rule: 'host/30.4', text: 'an effect with a target that is no longer valid still resolves on its other targets' },
  'host-occupied-slot': { rule: 'host/14.7.1', text: 'a card may be played into, or enter, an occupied slot' },
  'host-no-loop-check': { rule: 'host/42.1.2', text: 'an effect that would cause an infinite loop resolves' },
  'host-token-persists': { rule: 'host/36.3.1', text: 'a token that leaves its zone goes there like a card (to the drop zone, the hand) instead of being removed from the game' },
  'host-control-kept': { rule: 'host/37.1', text: 'a card leaving play stays with the player who controlled it and goes to that player\'s zones, not its owner\'s' },
  'host-mulligan-on-top': { rule: 'host/9.1.7', text: 'a mulligan puts the cards back on the top of the deck, not the bottom (they are drawn again)' },
  'host-search-hidden': { rule: 'host/41.3.3', text: 'a card a search finds by its traits is shown only to the searching player, not to both' },
  'host-turned-up-hidden': { rule: 'host/17.2.2', text: 'a face-down card turned face up where it lies (an Ambush activated, the Hosts at the start) stays seen by its controller only' },
} as const;

export type HostMutant = keyof typeof HOST_MUTANTS;

export function isHostMutant(s: string): s is HostMutant {
  return Object.prototype.hasOwnProperty.call(HOST_MUTANTS, s);
}
