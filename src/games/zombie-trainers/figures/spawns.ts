/**
 * Spawns (rules 8 and 25): wild zombies placed per match, at setup and at turns' ends, and the
 * share drawn at the top of `zombieHealth`, whose exact chance is 1 / (high − low + 1) (rule 8
 * draws health uniformly). A figure unit: one file, listed in the module's `figures`.
 */
import type { FigureUnit } from '../../../core/figure-unit.js';
import type { FigureValue } from '../../../reports/custom-metrics.js';
import type { ZombieTrainersParams } from '../parameters.js';
import type { ZombieTrainersEvent } from '../types.js';

export const spawnsFigure: FigureUnit<ZombieTrainersParams, ZombieTrainersEvent> = {
  name: 'spawns',
  title: 'Wild zombie spawns',
  description: 'Wild zombies placed per match (setup and turn ends), and the share of them drawn at the highest health zombieHealth allows (exact: 1 / (high − low + 1)).',
  eventTypes: ['spawn'],
  create(params) {
    const highest = params.zombieHealth[1];
    let initial = 0;
    let later = 0;
    let atHighest = 0;
    return {
      onEvent(event) {
        if (event.type !== 'spawn') return;
        if (event.initial) initial++;
        else later++;
        if (event.health === highest) atHighest++;
      },
      finishMatch(): Record<string, FigureValue> {
        const figures = {
          atSetup: { count: initial },
          atTurnEnds: { count: later },
          highestHealth: { successes: atHighest, trials: initial + later },
        };
        initial = 0;
        later = 0;
        atHighest = 0;
        return figures;
      },
    };
  },
};
