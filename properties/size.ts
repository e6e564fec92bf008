/** How big a case is, to report how far shrinking got: minions on boards, cards in hands and decks, actions. */
import type { GeneratedCase } from './arbitraries/generatedCase.js';

export interface CaseSize {
  minions: number;
  hand: number;
  deck: number;
  secrets: number;
  synthetic: number;
  actions: number;
}

export function sizeOf(gc: GeneratedCase): CaseSize {
  const sides = [gc.scenario.setup.A ?? {}, gc.scenario.setup.B ?? {}];
  const sum = (f: (p: (typeof sides)[number]) => number) => sides.reduce((n, p) => n + f(p), 0);
  return {
    minions: sum((p) => p.board?.length ?? 0),
    hand: sum((p) => p.hand?.length ?? 0),
    deck: sum((p) => p.deck?.length ?? 0),
    secrets: sum((p) => p.secrets?.length ?? 0),
    synthetic: gc.cards.length,
    actions: gc.scenario.actions.length,
  };
}

export function sizeText(s: CaseSize): string {
  return `${s.minions} minion${s.minions === 1 ? '' : 's'}, ${s.actions} action${s.actions === 1 ? '' : 's'} (hand ${s.hand}, deck ${s.deck}, secrets ${s.secrets}, synthetic cards ${s.synthetic})`;
}
