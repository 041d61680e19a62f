/** What `hordelab plan` does; its flags and help are declared in `../commands/plan.ts`. */
import { UsageError } from '../../core/errors.js';
import { MAX_MATCHES } from '../../core/input-bounds.js';
import { EXACT_POWER_MATCHES, matchesForDifference, matchesForDifferenceMargin, matchesForMargin, plannedDifferenceBounds, plannedRateBounds } from '../../stats/plan.js';
import type { CliIo, ParsedArguments } from '../command.js';
import { fixedHalfEven } from '../../reports/format.js';

export async function run(args: ParsedArguments, io: CliIo): Promise<number> {
  const rate = args.number('rate') as number;
  const vs = args.number('vs');
  const margin = args.number('margin');
  const power = args.number('power');
  const confidence = args.number('confidence') as number;
  const metrics = args.number('metrics');
  const measured = args.number('design-effect');
  if (measured !== undefined && args.flag('rotated')) {
    throw new UsageError([{ source: '--rotated', field: '', message: 'give either --rotated (a design effect of 2) or --design-effect D, not both' }]);
  }
  const designEffect = measured ?? (args.flag('rotated') ? 2 : 1);
  // Ten significant digits: 50% and 50.000001% must not both print as 50% (three decimals did).
  const percent = (x: number): string => `${+(100 * x).toPrecision(10)}%`;
  // ±1 point, ±2.5 points.
  const points = (x: number): string => `±${+fixedHalfEven(100 * x, 3)} ${+fixedHalfEven(100 * x, 3) === 1 ? 'point' : 'points'}`;
  const seats =
    measured !== undefined
      ? ` (design effect ${measured}: ${measured >= 1 ? `about ${measured} times as many as independent matches, more where few clusters measure it` : 'each match worth more than an independent one, but at least two clusters a run and more where few clusters measure it'})`
      : args.flag('rotated')
        ? ' (seats rotated: a design effect of 2, as side rates of rotated runs measure; agent rates measure far less, see their designEffect in summary.json)'
        : '';
  let matches: number;
  let text: string;
  if (metrics !== undefined && (vs === undefined || margin !== undefined)) {
    throw new UsageError([{ source: '--metrics', field: '', message: 'the number of Holm-adjusted metrics matters for a test: add --vs RATE (and no --margin)' }]);
  }
  if (vs === undefined) {
    if (margin === undefined) throw new UsageError([{ source: '--margin', field: '', message: 'give the interval half-width you want, such as --margin 0.01 for ±1 point' }]);
    if (power !== undefined) throw new UsageError([{ source: '--power', field: '', message: 'power is for telling two rates apart; add --vs RATE' }]);
    matches = evenIfRotated(matchesForMargin(rate, margin, confidence, designEffect), args.flag('rotated'));
    // The half-width at exactly that rate: a run's rate comes out on either side of it, and the
    // side nearer 50% gets a slightly wider interval (at 5% ± 1 point, half of runs; audit 20).
    const bounds = plannedRateBounds(rate, matches, confidence, designEffect);
    const note = lopsided(rate - bounds.lower, bounds.upper - rate, `Near ${rate < 0.5 ? '0%' : '100%'} the interval is lopsided: at that rate it runs`);
    text = `${matchesThat(matches, 'pin')} a rate near ${percent(rate)} to ${points(margin)} (the ${percent(confidence)} interval a run reports, at that rate: a run whose rate comes out nearer 50% gets a slightly wider one)${seats}.${note}`;
  } else if (margin !== undefined) {
    if (power !== undefined) throw new UsageError([{ source: '--power', field: '', message: 'give either --margin (interval width) or --power (a test), not both' }]);
    matches = evenIfRotated(matchesForDifferenceMargin(rate, vs, margin, confidence, designEffect), args.flag('rotated'));
    // Newcombe's interval, as compare reports it: lopsided near 0% or 100% too (audit 39b L1).
    const bounds = plannedDifferenceBounds(rate, vs, matches, confidence, designEffect);
    const difference = vs - rate;
    const note = lopsided(difference - bounds.lower, bounds.upper - difference, 'At those rates the interval is lopsided: it runs');
    text = `${matchesThat(matches, 'measure', ' per run')} the difference between ${percent(rate)} and ${percent(vs)} to ${points(margin)} (the ${percent(confidence)} interval hordelab compare reports for the second less the first, at those rates)${seats}.${note}`;
  } else {
    if (rate === vs) throw new UsageError([{ source: '--vs', field: '', message: 'equal to --rate: no number of matches tells a rate from itself' }]);
    const wanted = power ?? 0.8;
    const family = metrics ?? 1;
    matches = evenIfRotated(matchesForDifference(rate, vs, wanted, confidence, designEffect, family), args.flag('rotated'));
    const test =
      family === 1
        ? `a single test at the ${percent(1 - confidence)} level (two-sided): compare it with hordelab compare --primary METRIC; among Holm-adjusted metrics the power is lower (plan with --metrics K)`
        : `one of ${family} Holm-adjusted metrics, as hordelab compare flags them (a moved metric needs p below ${+(100 * ((1 - confidence) / family)).toPrecision(3)}%)`;
    // The power is exact for independent matches only: with a design effect the plan is Fleiss's
    // formula with t quantiles, and the power at its count depends on how the clusters fall (a
    // rotated coin's side rate at 780 has 79.8%; review 42r F2).
    const about = designEffect === 1 && matches <= EXACT_POWER_MATCHES ? '' : 'about ';
    text = `${matchesThat(matches, 'detect', ' per run')} ${percent(rate)} against ${percent(vs)} with ${about}${percent(wanted)} power, planned for ${test}${seats}.`;
  }
  const plan = {
    matches,
    rate,
    vs: vs ?? null,
    margin: margin ?? null,
    power: vs !== undefined && margin === undefined ? (power ?? 0.8) : null,
    confidence,
    designEffect,
    metrics: vs !== undefined && margin === undefined ? (metrics ?? 1) : null,
  };
  // An answer no run can give is said to be one (a run takes at most MAX_MATCHES).
  if (matches > MAX_MATCHES) text += ` That is more than any run takes (${MAX_MATCHES} matches at most): ask for a larger difference, a wider margin or a lower confidence.`;
  io.stdout.write(args.flag('json') ? `${JSON.stringify(plan)}\n` : `${text}\n`);
  return 0;
}

/**
 * A planned count as text: whole digits up to 2^53 − 1; past it, where the digits beyond the
 * 16th or so are rounding (audit 26b: "1912649339406014500 matches"), three significant
 * digits ("about 1.91e18").
 */
function countText(matches: number): string {
  return Number.isSafeInteger(matches) ? String(matches) : `about ${matches.toPrecision(3)}`;
}

/** "1 match pins", "52 matches pin" (audit 39b L3: "1 matches pin"): the count, its noun and verb agreeing, `perRun` between. */
function matchesThat(matches: number, verb: string, perRun = ''): string {
  const one = matches === 1;
  return `${countText(matches)} ${one ? 'match' : 'matches'}${perRun} ${one ? `${verb}s` : verb}`;
}

/** A rotated run plays every seed in both seatings: its count of matches is even. */
function evenIfRotated(matches: number, rotated: boolean): number {
  return rotated && matches % 2 === 1 ? matches + 1 : matches;
}

/**
 * Near 0% or 100% an interval of rates is lopsided: the margin is half its width, and one side
 * reaches further (audit 28a: 792 matches "pin a rate near 2% to ±1 point", and the interval at
 * 2% runs −0.77/+1.24 points). Said (after `opening`) where the two sides, `below` and `above`
 * the figure, differ by more than a tenth; empty otherwise. In points, with as many decimals as
 * tell the sides apart (audit 39b L3: at 99.99% both sides read 0.01, the true ones 0.014 and 0.006).
 */
function lopsided(below: number, above: number, opening: string): string {
  if (!(Math.abs(above - below) > 0.1 * Math.max(above, below))) return '';
  let decimals = 2;
  while (decimals < 8 && fixedHalfEven(100 * below, decimals) === fixedHalfEven(100 * above, decimals)) decimals++;
  const side = (x: number): string => `${+fixedHalfEven(100 * x, decimals)}`;
  return ` ${opening} ${side(below)} points below and ${side(above)} above, so its ${above > below ? 'upper' : 'lower'} side reaches past the margin.`;
}
