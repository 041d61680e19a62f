/** Rule 13: the actions a human has per turn, given his wounds. */
import type { SurvivorsParams } from './parameters.js';

/** Rule 13: actions = max(0, baseActions − max(0, wounds − freeWounds)). */
export function allowance(params: SurvivorsParams, wounds: number): number {
  return Math.max(0, params.baseActions - Math.max(0, wounds - params.freeWounds));
}
