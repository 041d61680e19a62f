/**
 * `hordelab plan`: how many matches a question needs, before running them: a rate to within a
 * margin, or two rates told apart. A test is planned for `compare --primary` (one metric at
 * α, unadjusted) unless `--metrics K` says it is one of K Holm-adjusted metrics; the answer
 * says which. Every answer is computed in O(log n) steps, so no margin within its bound can
 * keep it busy.
 */
import { loadedOnRun, type CommandModule } from '../command.js';
import { BOUNDS } from '../../core/input-bounds.js';
import { jsonOption } from '../common-options.js';

/** `hordelab plan`. */
export const planCommand: CommandModule = {
  name: 'plan',
  summary: 'How many matches a question needs: a rate to within a margin, or two rates told apart',
  positionals: [],
  options: {
    rate: { type: 'number', required: true, bound: BOUNDS.rate, describe: 'The rate you expect, such as 0.5' },
    margin: { type: 'number', bound: BOUNDS.margin, describe: 'Interval half-width you want, such as 0.01 for ±1 point (with --vs, of the difference\'s interval compare reports)' },
    vs: { type: 'number', bound: BOUNDS.rate, describe: 'A second rate: plan matches per run to tell the two apart' },
    power: { type: 'number', bound: BOUNDS.power, describe: 'With --vs: the chance of detecting the difference [default: 0.8]' },
    confidence: { type: 'number', bound: BOUNDS.confidence, default: 0.95, describe: 'Confidence level' },
    rotated: { type: 'boolean', describe: 'Seats rotated: plan an even count with a design effect of 2, what side rates of rotated runs measure' },
    json: { ...jsonOption, describe: 'Print the plan as JSON' },
    metrics: {
      type: 'number',
      bound: BOUNDS.metrics,
      placeholder: 'K',
      describe: 'With --vs: the test is one of K metrics Holm-adjusted by compare (default 1: compare --primary)',
    },
    'design-effect': {
      type: 'number',
      bound: BOUNDS.designEffect,
      placeholder: 'D',
      describe: 'The metric\'s measured design effect (its designEffect in a pilot run\'s summary.json): plan about D times the matches, more where few clusters measure it',
    },
  },
  examples: [
    ['hordelab plan --rate 0.5 --margin 0.01', 'Matches to pin a 50% rate to ±1 point'],
    ['hordelab plan --rate 0.5 --vs 0.55', 'Matches per run to detect 50% against 55% with 80% power, for compare --primary'],
    ['hordelab plan --rate 0.5 --vs 0.55 --metrics 32', 'The same when it is one of 32 Holm-adjusted metrics'],
  ],
  run: loadedOnRun(() => import('../handlers/plan.js')),
};
