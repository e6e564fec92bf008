/**
 * Variants: one scenario file may list variants of its case (another order of play, forced randomness, a set-up
 * tweak, other actions), each with its own stated outcome. A variant is the base scenario with the variant's fields
 * laid over it (per player for the set-up), run and reported on its own as `<id>#<variant id>`.
 */
import type { Scenario, Variant } from './format.js';

export function variantScenario(s: Scenario, v: Variant): Scenario {
  const { variants: _omit, ...base } = s;
  const setup = { ...s.setup, ...(v.setup ?? {}) };
  for (const side of ['A', 'B'] as const) if (v.setup?.[side]) setup[side] = { ...(s.setup[side] ?? {}), ...v.setup[side] };
  if (v.order) setup.order = v.order;
  return {
    ...base,
    id: `${s.id}#${v.id}`,
    title: v.title ?? `${s.title} (${v.id})`,
    setup,
    ...(v.actions ? { actions: v.actions } : {}),
    ...(v.random ? { random: v.random } : {}),
    expect: v.expect,
  };
}

/** The scenario and each of its variants, in file order. */
export function withVariants(s: Scenario): Scenario[] {
  return [s, ...(s.variants ?? []).map((v) => variantScenario(s, v))];
}
