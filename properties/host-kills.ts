/** Which host invariants each Host mutant (engine/host/mutants.ts) must break: every host invariant appears. */
import type { HostMutant } from '../engine/host/mutants.js';

export const HOST_KILLS: Record<HostMutant, readonly string[]> = {
  'host-fifo-stack': ['host-lifo-stack'],
  'host-trigger-mid-resolution': ['host-no-trigger-mid-resolution'],
  'host-game-actions-wait': ['host-game-actions-at-once'],
  'host-finish-before-loss': ['host-game-ends-at-once'],
  'host-negative-power': ['host-power-non-negative'],
  'host-stats-in-order': ['host-stat-order'],
  'host-partial-resolve': ['host-invalid-target'],
  'host-occupied-slot': ['host-one-card-per-slot'],
  'host-no-loop-check': ['host-no-infinite-loop'],
  'host-token-persists': ['host-tokens-do-not-persist'],
  'host-control-kept': ['host-owner-zones'],
  'host-mulligan-on-top': ['host-mulligan'],
  'host-search-hidden': ['host-hidden-stays-hidden'],
  'host-turned-up-hidden': ['host-hidden-stays-hidden'],
};
