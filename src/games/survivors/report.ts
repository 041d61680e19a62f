/**
 * The Survivors report: who wins and how (each side's win rate and draws, overall and by end
 * condition); the humans' action mix by action points, with passes apart; barricades built by
 * humans apart from the map's, with the zombie attacks they took and how they ended; per card
 * the simulated kill / push / break / use-success rates beside the exact rates from its icons
 * (aimed and unaimed apart); per weapon kills per action, aim-then-attack against attack-twice
 * and the attacks and turns until it breaks, exact beside simulated; in the escape scenario the
 * arithmetic of the Keys; passes through zombies, zombie dice, rounds to the first death.
 *
 * Event files: `survivors-activations.csv` (one row per activation: points by kind, unspent,
 * how it ended), `survivors-attacks.csv` (one row per attack) and `survivors-barricades.csv`
 * (one row per barricade built or touched by zombies), so every figure can be re-counted.
 *
 * Every rate, ratio and mean is clustered by the run's independent unit (the match, or the
 * rotated pair): attacks, activations and barricades within one game share its state, so their
 * intervals and measured design effects come from the games, never from counting events as
 * independent trials. A figure derived from a rate (attacks or turns until a break) carries the
 * rate's clustered interval through the monotone map.
 */
import type { AttackOdds, SurvivorsEvent } from './types.js';
import { attackTwiceKill, attackTwiceKillStrict, attacksUntilBreak, turnsUntilBreak, type WeaponOdds } from './odds.js';
import {
  ACTIVATION_COLUMNS,
  ATTACK_COLUMNS,
  BARRICADE_COLUMNS,
  CONDITIONS,
  MATCH_COLUMNS,
  SPENDING_KINDS,
  SurvivorsCollector,
  emptyAggregate,
  mergeAggregates,
  type BarricadeCounts,
  type CardCounts,
  type SurvivorsAggregate,
} from './report-collector.js';
import { sortedHistogram } from '../../stats/intervals.js';
import { clusteredMean, clusteredRate, ratioEstimate, settledFigures, within, type ClusterSums, type MeanEstimate } from '../../stats/clusters.js';
import type { RateEstimate } from '../../stats/rate-interval.js';
import { formatMean, formatRate, table, percentOf } from '../../reports/format.js';
import type { CsvValue, GameReport } from '../../reports/report.js';

export type { SurvivorsAggregate } from './report-collector.js';

/** Attacks a turn for the "turns until it breaks" figure: every action of an unwounded human. */
const ATTACKS_PER_TURN = 4;

export interface AttackFigure {
  readonly attacks: number;
  readonly killRate: RateEstimate;
  readonly exactKill: number | null;
  readonly pushRate: RateEstimate;
  readonly exactPush: number | null;
  readonly breakRate: RateEstimate;
  readonly exactBreak: number | null;
  /** True when every exact rate lies inside its simulated interval. */
  readonly exactInsideIntervals: boolean;
}

export interface CardFigure {
  readonly drawn: number;
  readonly unaimed: AttackFigure;
  readonly aimed: AttackFigure;
  readonly useSuccessRate: RateEstimate;
  readonly exactUseSuccess: number | null;
  readonly blastKillRate: RateEstimate;
  readonly exactBlastKill: number | null;
}

/** A simulated figure beside its exact value; `simulated` is null without samples. */
export interface ExactBeside {
  readonly simulated: number | null;
  readonly lower: number | null;
  readonly upper: number | null;
  readonly exact: number | null;
}

/** The spec's questions on one weapon (balance questions 4 and 5). */
export interface WeaponFigure {
  readonly attacks: number;
  readonly aimedAttacks: number;
  readonly kills: number;
  /**
   * Kills per action spent on it (an aimed attack took two: the aim and the attack), with the
   * ratio estimator's interval clustered by match. Exact: the same mix of aimed and unaimed
   * attacks at the icons' chances.
   */
  readonly killsPerAction: ExactBeside;
  /** Kill chance of two actions spent as aim then attack: the aimed kill rate. */
  readonly aimThenAttack: ExactBeside;
  /** Kill chance of two actions spent as two attacks on a target that stays: 1 − (1 − k)², from the unaimed kill rate. */
  readonly attackTwice: ExactBeside;
  /** The same when a break, or in melee a push (the target leaves reach), ends the chance of the second: exact only. */
  readonly attackTwiceIfPushOrBreakEnds: number | null;
  /** Which of the two pays more, by the exact chances counting that a break (or a melee push) ends the second attack. */
  readonly betterTwoActions: 'aimThenAttack' | 'attackTwice' | 'equal' | null;
  /** Mean attacks until it breaks (a single-use weapon: 1, discarded after its attack), 1 / b, from the simulated rate (interval inverted) beside the icons'. */
  readonly attacksUntilBreak: ExactBeside;
  /** Mean turns until it breaks (or, single-use, is discarded) attacking 4 times a turn, 1 / (1 − (1 − b)⁴). */
  readonly turnsUntilBreak: ExactBeside;
}

/** Barricades of one origin: humans' or the map's. */
export interface BarricadeFigure {
  /** Built by humans (0 for the map's, which are counted once zombies touch them). */
  readonly built: number;
  readonly attacked: number;
  readonly zombieAttacks: number;
  readonly brokenByZombies: number;
  readonly brokenByBlast: number;
  readonly removedByHumans: number;
  /**
   * Zombie attacks a barricade takes until it breaks: all zombie attacks on these barricades over
   * those that broke (the estimate that counts the ones still standing, or blown up, as the
   * censored tries they are), its interval the inverse of the break rate per attack's (a ratio
   * estimator clustered by match), beside the exact mean 6 / |barricadeBreakOn|. The mean over
   * broken barricades alone would be biased low.
   */
  readonly attacksToBreak: ExactBeside;
}

export interface SurvivorsSummary {
  readonly matches: number;
  readonly humansWinRate: RateEstimate;
  readonly zombiesWinRate: RateEstimate;
  /** Draws: escape games that ran out of rounds, with `escapeTimeLimit: draw`. */
  readonly drawRate: RateEstimate;
  /** The humans' wins among the games not drawn: the side's figure to read against 50% when games can be drawn. */
  readonly decided: { readonly humansWinRate: RateEstimate };
  /** Share of all games ending each way: `kills` (zombies), `survived`, `escape` (humans), `timeLimit`. */
  readonly endCondition: Record<string, RateEstimate>;
  readonly rounds: MeanEstimate & { readonly histogram: [number, number][] };
  readonly gamesWithADeath: RateEstimate;
  /** Round of the first death, over the games that had one. */
  readonly firstDeathRound: MeanEstimate;
  readonly deathsPerGame: MeanEstimate;
  /** Each kind of human action: the action points spent on it, their share of all points spent, and per game. */
  readonly actionMix: Record<string, { readonly points: number; readonly share: RateEstimate; readonly pointsPerGame: MeanEstimate; readonly actionsPerGame: MeanEstimate }>;
  /** Action points spent and left unspent per game. */
  readonly actionPoints: { readonly spentPerGame: MeanEstimate; readonly unspentPerGame: MeanEstimate };
  /**
   * Activations and how they ended: the share passed with actions left, or cut short by a
   * downing wound (rates over activations, clustered by match).
   */
  readonly activations: {
    readonly perGame: MeanEstimate;
    readonly passed: RateEstimate;
    readonly passesPerGame: MeanEstimate;
    readonly downed: RateEstimate;
  };
  readonly barricades: {
    readonly builtPerGame: MeanEstimate;
    readonly built: BarricadeFigure;
    readonly map: BarricadeFigure;
  };
  readonly zombieActions: Record<string, number>;
  readonly passThroughZombies: { readonly tries: number; readonly bittenRate: RateEstimate; readonly exactBittenRate: number | null };
  /** Zombie dice beside their exact chances: attacks on humans (hit) and on barricades (break). */
  readonly zombieDice: {
    readonly hitRate: RateEstimate;
    readonly exactHit: number | null;
    readonly barricadeBreakRate: RateEstimate;
    readonly exactBarricadeBreak: number | null;
  };
  readonly downedRescuedRate: RateEstimate;
  readonly carries: number;
  readonly wallsDestroyed: number;
  readonly cards: Record<string, CardFigure>;
  readonly weapons: Record<string, WeaponFigure>;
  /** Escape scenario only (rule 61): where the Keys can be, and how many draws the humans could make. */
  readonly escape: EscapeSummary | null;
}

export interface EscapeSummary {
  readonly deck: number;
  /** The Keys lie uniformly among draws `keysFrom` .. `deck`. */
  readonly keysFrom: number;
  /** Starting cards plus one draw per search the map allows, within the deck. */
  readonly drawsPossible: number;
  /** Chance the Keys lie within the draws possible: max(0, drawsPossible − keysTop) / (deck − keysTop). */
  readonly chanceKeysWithinReach: number;
  readonly keysFoundRate: RateEstimate;
  readonly drawsPerGame: MeanEstimate;
}

const inside = (exact: number | null, rate: RateEstimate): boolean => exact === null || rate.n === 0 || (rate.lower <= exact && exact <= rate.upper);

function attackFigure(attacks: number, exact: AttackOdds | null, rate: (key: string) => RateEstimate, prefix: string): AttackFigure {
  const killRate = rate(`${prefix}kill`);
  const pushRate = rate(`${prefix}push`);
  const breakRate = rate(`${prefix}break`);
  return {
    attacks,
    killRate,
    exactKill: exact?.kill ?? null,
    pushRate,
    exactPush: exact?.push ?? null,
    breakRate,
    exactBreak: exact?.break ?? null,
    exactInsideIntervals: exact === null || (inside(exact.kill, killRate) && inside(exact.push, pushRate) && inside(exact.break, breakRate)),
  };
}

/** `f` applied to a rate and its interval bounds (f monotone), beside f(exact). */
function transformed(rate: RateEstimate, exact: number | null, f: (p: number) => number | null, decreasing = false): ExactBeside {
  const exactValue = exact === null ? null : f(exact);
  if (rate.n === 0) return { simulated: null, lower: null, upper: null, exact: exactValue };
  const [lo, hi] = decreasing ? [f(rate.upper), f(rate.lower)] : [f(rate.lower), f(rate.upper)];
  return { simulated: f(rate.rate), lower: lo, upper: hi, exact: exactValue };
}

/** Clustered figures by name, as `summarize` reads them. */
interface Figures {
  rate(key: string): RateEstimate;
  mean(key: string): MeanEstimate;
  /** A ratio of pooled totals (kills per action), with the ratio estimator's interval. */
  ratio(key: string): MeanEstimate;
}

function weaponFigure(name: string, counts: CardCounts, figures: Figures): WeaponFigure {
  const [plain, aimed] = counts.attacks;
  const odds: WeaponOdds | null = counts.odds;
  const allAttacks = plain.attacks + aimed.attacks;
  const actions = plain.attacks + 2 * aimed.attacks;
  const kills = plain.kills + aimed.kills;
  const plainKill = figures.rate(`${name}|unaimed|kill`);
  const aimedKill = figures.rate(`${name}|aimed|kill`);
  // Its life ends with a break, or after one attack when single-use (rule 41): both discard it.
  const breaks = figures.rate(`${name}|discard`);
  // An attack kills at most the one zombie it targets, and takes at least an action: at most 1.
  const perAction = within(figures.ratio(`${name}|killsPerAction`), 0, 1);
  const exactPerAction = odds === null || actions === 0 ? null : (plain.attacks * odds.unaimed.kill + aimed.attacks * odds.aimed.kill) / actions;
  const aimThen = odds?.aimed.kill ?? null;
  const strict = odds === null ? null : attackTwiceKillStrict(odds);
  const better = aimThen === null || strict === null ? null : Math.abs(aimThen - strict) < 1e-12 ? 'equal' : aimThen > strict ? 'aimThenAttack' : 'attackTwice';
  const breakExact = odds?.unaimed.discard ?? null;
  return {
    attacks: allAttacks,
    aimedAttacks: aimed.attacks,
    kills,
    killsPerAction: { simulated: actions === 0 ? null : perAction.mean, lower: finiteOrNull(perAction.lower), upper: finiteOrNull(perAction.upper), exact: exactPerAction },
    aimThenAttack: aimed.attacks === 0 ? { simulated: null, lower: null, upper: null, exact: aimThen } : { simulated: aimedKill.rate, lower: aimedKill.lower, upper: aimedKill.upper, exact: aimThen },
    attackTwice: transformed(plainKill, odds?.unaimed.kill ?? null, attackTwiceKill),
    attackTwiceIfPushOrBreakEnds: strict,
    betterTwoActions: better,
    attacksUntilBreak: transformed(breaks, breakExact, attacksUntilBreak, true),
    turnsUntilBreak: transformed(breaks, breakExact, (p) => turnsUntilBreak(p, ATTACKS_PER_TURN), true),
  };
}

const finiteOrNull = (value: number): number | null => (Number.isFinite(value) ? value : null);

function barricadeFigure(counts: BarricadeCounts, breakRate: RateEstimate, exactBreak: number | null): BarricadeFigure {
  return {
    built: counts.built,
    attacked: counts.attacked,
    zombieAttacks: counts.zombieAttacks,
    brokenByZombies: counts.brokenByZombies,
    brokenByBlast: counts.brokenByBlast,
    removedByHumans: counts.removedByHumans,
    attacksToBreak: transformed(breakRate, exactBreak, (p) => (p > 0 ? 1 / p : null), true),
  };
}

/** The exact bite chance averaged over the passes tried: Σ passes(k) · (1 − (1 − b)^k) / passes. */
function exactPassBite(aggregate: SurvivorsAggregate): number | null {
  let passes = 0;
  let expected = 0;
  for (const [zombies, count] of sortedHistogram(aggregate.passesByZombies)) {
    const exact = aggregate.passExactByZombies[String(zombies)];
    if (exact === undefined) continue;
    passes += count;
    expected += count * exact;
  }
  return passes === 0 ? null : expected / passes;
}

function escapeSummary(aggregate: SurvivorsAggregate, figures: Figures): EscapeSummary | null {
  const escape = aggregate.escape;
  if (escape === null) return null;
  const bottom = escape.deck - escape.keysTopSize;
  return {
    deck: escape.deck,
    keysFrom: escape.keysTopSize + 1,
    drawsPossible: escape.drawsPossible,
    chanceKeysWithinReach: bottom <= 0 ? 0 : Math.max(0, Math.min(escape.drawsPossible, escape.deck) - escape.keysTopSize) / bottom,
    keysFoundRate: figures.rate('keysFound'),
    drawsPerGame: figures.mean('draws'),
  };
}

function summarize(aggregate: SurvivorsAggregate, confidence: number): SurvivorsSummary {
  const n = aggregate.matches;
  const sums: Record<string, ClusterSums> = settledFigures(aggregate.tally);
  const rate = (key: string): RateEstimate => clusteredRate(sums[key], confidence);
  // Every mean here is a count per game (rounds, deaths, actions, draws...) or a round number,
  // and kills per action a ratio of counts: never negative, so its interval, symmetric about the mean,
  // is cut at 0 where few matches or a seldom-played card would take it below (audit 41c F4).
  const mean = (key: string): MeanEstimate => within(clusteredMean(sums[key], confidence), 0, Infinity);
  // Kills per action is a ratio of pooled totals: the ratio estimator's interval (audit 42e F1),
  // as custom ratio figures have it; only its value and bounds are read.
  const ratio = (key: string): MeanEstimate => within(ratioEstimate(sums[key], n, confidence), 0, Infinity);
  const figures: Figures = { rate, mean, ratio };
  const actionMix: Record<string, { points: number; share: RateEstimate; pointsPerGame: MeanEstimate; actionsPerGame: MeanEstimate }> = {};
  for (const kind of SPENDING_KINDS) {
    actionMix[kind] = { points: aggregate.actionPoints[kind] ?? 0, share: rate(`share:${kind}`), pointsPerGame: mean(`points:${kind}`), actionsPerGame: mean(`actions:${kind}`) };
  }
  const endCondition: Record<string, RateEstimate> = {};
  for (const condition of CONDITIONS) endCondition[condition] = rate(`end:${condition}`);
  const cards: Record<string, CardFigure> = {};
  const weapons: Record<string, WeaponFigure> = {};
  for (const name of Object.keys(aggregate.cards).sort()) {
    const counts = aggregate.cards[name] as CardCounts;
    cards[name] = {
      drawn: counts.drawn,
      unaimed: attackFigure(counts.attacks[0].attacks, counts.attacks[0].exact, rate, `${name}|unaimed|`),
      aimed: attackFigure(counts.attacks[1].attacks, counts.attacks[1].exact, rate, `${name}|aimed|`),
      useSuccessRate: rate(`${name}|use`),
      exactUseSuccess: counts.exactUse,
      blastKillRate: rate(`${name}|blast`),
      exactBlastKill: counts.exactBlastKill,
    };
    if (counts.odds !== null) weapons[name] = weaponFigure(name, counts, figures);
  }
  return {
    matches: n,
    humansWinRate: rate('humansWin'),
    zombiesWinRate: rate('zombiesWin'),
    drawRate: rate('draw'),
    decided: { humansWinRate: rate('decidedHumansWin') },
    endCondition,
    rounds: { ...mean('rounds'), histogram: sortedHistogram(aggregate.roundsHistogram) },
    gamesWithADeath: rate('death'),
    firstDeathRound: mean('firstDeathRound'),
    deathsPerGame: mean('deaths'),
    actionMix,
    actionPoints: { spentPerGame: mean('pointsSpent'), unspentPerGame: mean('pointsUnspent') },
    activations: { perGame: mean('activations'), passed: rate('passed'), passesPerGame: mean('passes'), downed: rate('downedEnd') },
    barricades: {
      builtPerGame: mean('built'),
      built: barricadeFigure(aggregate.builtBarricades, rate('barricadeBroken:built'), aggregate.exactBarricadeBreak),
      map: barricadeFigure(aggregate.mapBarricades, rate('barricadeBroken:map'), aggregate.exactBarricadeBreak),
    },
    zombieActions: Object.fromEntries(Object.entries(aggregate.zombieActions).sort(([a], [b]) => a.localeCompare(b))),
    passThroughZombies: { tries: aggregate.passes, bittenRate: rate('bitten'), exactBittenRate: exactPassBite(aggregate) },
    zombieDice: {
      hitRate: rate('zombieHit'),
      exactHit: aggregate.exactZombieHit,
      barricadeBreakRate: rate('barricadeBreak'),
      exactBarricadeBreak: aggregate.exactBarricadeBreak,
    },
    downedRescuedRate: rate('rescued'),
    carries: aggregate.carries,
    wallsDestroyed: aggregate.wallsDestroyed,
    cards,
    weapons,
    escape: escapeSummary(aggregate, figures),
  };
}

const pct = (value: number | null): string => (value === null ? '-' : `${percentOf(value, 1)}%`);
const simulated = (estimate: RateEstimate): string => (estimate.n === 0 ? '-' : `${formatRate(estimate)[0]} ${formatRate(estimate)[1]}`);
// Past a million, two significant digits: toFixed wrote 1/p of a bound near 0 as 5.6987586737547665e+22 (audit 41c).
const num = (value: number | null, digits = 2): string => (value === null || !Number.isFinite(value) ? '-' : Math.abs(value) >= 1e6 ? value.toPrecision(2) : value.toFixed(digits));

/**
 * `simulated [lower, upper] vs exact`, as percentages or plain numbers. An upper bound with none
 * to give (a mean number of attacks or turns until a break whose chance's interval reaches 0,
 * infinite, null in JSON) is `∞`, not the `-` of a figure without samples.
 */
function beside(figure: ExactBeside, percent: boolean): string {
  const show = (value: number | null): string => (percent ? pct(value) : num(value));
  const upper = figure.upper === null || !Number.isFinite(figure.upper) ? '∞' : show(figure.upper);
  const sim = figure.simulated === null ? '-' : figure.lower === null ? show(figure.simulated) : `${show(figure.simulated)} [${show(figure.lower)}, ${upper}]`;
  return `${sim} vs ${show(figure.exact)}`;
}

function formatOutcomes(summary: SurvivorsSummary): string[] {
  const labels: Record<string, string> = {
    kills: 'zombies: deaths reached',
    survived: 'humans: survived the rounds',
    escape: 'humans: escaped',
    timeLimit: 'time ran out (escape: a draw or a zombie win, by escapeTimeLimit)',
  };
  const sides = [
    ['Humans', ...formatRate(summary.humansWinRate)],
    ['Zombies', ...formatRate(summary.zombiesWinRate)],
  ];
  if (summary.drawRate.successes > 0) sides.push(['Draw', ...formatRate(summary.drawRate)], ['Humans among decided games', ...formatRate(summary.decided.humansWinRate)]);
  return [
    table(['side', 'wins', '95% interval'], sides),
    '',
    table(
      ['end condition', 'share', '95% interval'],
      Object.entries(summary.endCondition).map(([condition, estimate]) => [labels[condition] ?? condition, ...formatRate(estimate)]),
    ),
  ];
}

function formatCards(summary: SurvivorsSummary): string[] {
  const lines = ['Cards: simulated rate [95% interval] beside the exact rate from the icons'];
  const rows: string[][] = [];
  for (const [name, figure] of Object.entries(summary.cards)) {
    for (const [label, attack] of [
      ['', figure.unaimed],
      [' (aimed)', figure.aimed],
    ] as const) {
      if (attack.attacks === 0) continue;
      rows.push([
        `${name}${label}`,
        String(attack.attacks),
        `${simulated(attack.killRate)} vs ${pct(attack.exactKill)}`,
        `${simulated(attack.pushRate)} vs ${pct(attack.exactPush)}`,
        `${simulated(attack.breakRate)} vs ${pct(attack.exactBreak)}`,
      ]);
    }
  }
  lines.push(table(['attacks with', 'n', 'kill', 'push', 'break'], rows));
  const useRows: string[][] = [];
  for (const [name, figure] of Object.entries(summary.cards)) {
    if (figure.useSuccessRate.n > 0) useRows.push([name, String(figure.useSuccessRate.n), `${simulated(figure.useSuccessRate)} vs ${pct(figure.exactUseSuccess)}`, '']);
    if (figure.blastKillRate.n > 0) useRows.push([`${name} (blast)`, String(figure.blastKillRate.n), '', `${simulated(figure.blastKillRate)} vs ${pct(figure.exactBlastKill)}`]);
  }
  if (useRows.length > 0) lines.push('', table(['items used', 'n', 'use success', 'zombie killed'], useRows));
  const weaponRows = Object.entries(summary.weapons).map(([name, w]) => [
    name,
    `${w.attacks} (${w.aimedAttacks} aimed)`,
    beside(w.killsPerAction, false),
    beside(w.aimThenAttack, true),
    beside(w.attackTwice, true),
    pct(w.attackTwiceIfPushOrBreakEnds),
    beside(w.attacksUntilBreak, false),
    beside(w.turnsUntilBreak, false),
  ]);
  if (weaponRows.length > 0) {
    lines.push(
      '',
      'Weapons, simulated [95%] vs exact: kill chance of two actions as aim + attack or as two attacks (target stays and weapon holds; "strict": a break, or in melee a push, ends the second), attacks and turns (4 attacks a turn) until it breaks',
      table(['weapon', 'attacks', 'kills per action', 'aim + attack', 'attack twice', 'twice, strict', 'attacks to break', 'turns to break'], weaponRows),
    );
  }
  return lines;
}

function formatActions(summary: SurvivorsSummary): string[] {
  const rows = Object.entries(summary.actionMix).map(([kind, mix]) => [kind, String(mix.points), simulated(mix.share), formatMean(mix.pointsPerGame), formatMean(mix.actionsPerGame)]);
  const a = summary.activations;
  return [
    table(['human action', 'action points', 'share of points [95%]', 'points per game [95%]', 'actions per game [95%]'], rows),
    `Action points per game: spent ${formatMean(summary.actionPoints.spentPerGame)}, left unspent ${formatMean(summary.actionPoints.unspentPerGame)}; ` +
      `activations per game ${formatMean(a.perGame)}, ended by a pass ${simulated(a.passed)} (${formatMean(a.passesPerGame)} per game), cut short by a downing wound ${simulated(a.downed)}`,
  ];
}

function formatBarricades(summary: SurvivorsSummary): string[] {
  const line = (label: string, b: BarricadeFigure): string =>
    `${label}: ${b.attacked} attacked by zombies (${b.zombieAttacks} attacks), ${b.brokenByZombies} broken by zombies, attacks to break one ${beside(b.attacksToBreak, false)}, ` +
    `${b.brokenByBlast} by blasts, ${b.removedByHumans} removed by humans`;
  const built = summary.barricades.built;
  return [
    `Barricades built by humans: ${built.built} (${formatMean(summary.barricades.builtPerGame)} per game); ${line('of these', built)}`,
    line('Barricades on the map at the start', summary.barricades.map),
  ];
}

function formatEscape(escape: EscapeSummary): string {
  return (
    `Escape arithmetic: the deck holds ${escape.deck} cards; the Keys lie uniformly among draws ${escape.keysFrom}–${escape.deck}; the humans can draw at most ${escape.drawsPossible} ` +
    `(starting cards and one per search), so the Keys are within reach in ${pct(escape.chanceKeysWithinReach)} of games at best. ` +
    `Keys found ${simulated(escape.keysFoundRate)}; draws per game ${formatMean(escape.drawsPerGame)}`
  );
}

function formatSummary(summary: SurvivorsSummary): string {
  const lines = [...formatOutcomes(summary), '', ...formatCards(summary), '', ...formatActions(summary), ''];
  lines.push(
    `Rounds per game ${formatMean(summary.rounds)}; games with a death ${formatRate(summary.gamesWithADeath)[0]}, ` +
      `first death in round ${formatMean(summary.firstDeathRound, 1)}; deaths per game ${formatMean(summary.deathsPerGame)}`,
  );
  lines.push(...formatBarricades(summary));
  lines.push(
    `Passes through zombies: ${summary.passThroughZombies.tries}, bitten ${formatRate(summary.passThroughZombies.bittenRate)[0]}; ` +
      `downed humans healed back ${formatRate(summary.downedRescuedRate)[0]}; carries ${summary.carries}; walls blown open ${summary.wallsDestroyed}`,
  );
  const dice = summary.zombieDice;
  lines.push(
    `Zombie dice: hits ${simulated(dice.hitRate)} vs ${pct(dice.exactHit)}; barricade breaks ${simulated(dice.barricadeBreakRate)} vs ${pct(dice.exactBarricadeBreak)}; ` +
      `bites per pass ${simulated(summary.passThroughZombies.bittenRate)} vs ${pct(summary.passThroughZombies.exactBittenRate)}`,
  );
  if (summary.escape !== null) lines.push(formatEscape(summary.escape));
  return lines.join('\n');
}

const CARD_COLUMNS = [
  'card',
  'drawn',
  'aimed',
  'attacks',
  'killRate',
  'killLower',
  'killUpper',
  'exactKill',
  'pushRate',
  'pushLower',
  'pushUpper',
  'exactPush',
  'breakRate',
  'breakLower',
  'breakUpper',
  'exactBreak',
  'uses',
  'useSuccessRate',
  'useLower',
  'useUpper',
  'exactUseSuccess',
  'blastRolls',
  'blastKillRate',
  'blastKillLower',
  'blastKillUpper',
  'exactBlastKill',
];

const cell = (value: number | null): CsvValue => (value === null || Number.isNaN(value) ? '' : value);

function cardRows(summary: SurvivorsSummary): CsvValue[][] {
  const rows: CsvValue[][] = [];
  for (const [name, figure] of Object.entries(summary.cards)) {
    for (const aimed of [false, true]) {
      const attack = aimed ? figure.aimed : figure.unaimed;
      if (aimed && attack.attacks === 0) continue;
      const rateCells = (estimate: RateEstimate): CsvValue[] => (estimate.n === 0 ? ['', '', ''] : [estimate.rate, estimate.lower, estimate.upper]);
      rows.push([
        name,
        aimed ? '' : figure.drawn,
        aimed,
        attack.attacks,
        ...rateCells(attack.killRate),
        cell(attack.exactKill),
        ...rateCells(attack.pushRate),
        cell(attack.exactPush),
        ...rateCells(attack.breakRate),
        cell(attack.exactBreak),
        ...(aimed ? ['', '', '', '', ''] : [figure.useSuccessRate.n, ...rateCells(figure.useSuccessRate), cell(figure.exactUseSuccess)]),
        ...(aimed ? ['', '', '', '', ''] : [figure.blastKillRate.n, ...rateCells(figure.blastKillRate), cell(figure.exactBlastKill)]),
      ]);
    }
  }
  return rows;
}

const WEAPON_COLUMNS = [
  'weapon',
  'attacks',
  'aimedAttacks',
  'kills',
  'killsPerAction',
  'exactKillsPerAction',
  'aimThenAttack',
  'aimThenAttackLower',
  'aimThenAttackUpper',
  'exactAimThenAttack',
  'attackTwice',
  'attackTwiceLower',
  'attackTwiceUpper',
  'exactAttackTwice',
  'exactAttackTwiceIfPushOrBreakEnds',
  'attacksUntilBreak',
  'attacksUntilBreakLower',
  'attacksUntilBreakUpper',
  'exactAttacksUntilBreak',
  'turnsUntilBreak',
  'turnsUntilBreakLower',
  'turnsUntilBreakUpper',
  'exactTurnsUntilBreak',
];

function weaponRows(summary: SurvivorsSummary): CsvValue[][] {
  const all = (figure: ExactBeside): CsvValue[] => [cell(figure.simulated), cell(figure.lower), cell(figure.upper), cell(figure.exact)];
  return Object.entries(summary.weapons).map(([name, w]) => [
    name,
    w.attacks,
    w.aimedAttacks,
    w.kills,
    cell(w.killsPerAction.simulated),
    cell(w.killsPerAction.exact),
    ...all(w.aimThenAttack),
    ...all(w.attackTwice),
    cell(w.attackTwiceIfPushOrBreakEnds),
    ...all(w.attacksUntilBreak),
    ...all(w.turnsUntilBreak),
  ]);
}

export const survivorsReport: GameReport<SurvivorsEvent, SurvivorsAggregate, SurvivorsSummary> = {
  gameId: 'survivors',
  matchColumns: MATCH_COLUMNS,
  eventTables: [
    { file: 'survivors-activations.csv', columns: ACTIVATION_COLUMNS },
    { file: 'survivors-attacks.csv', columns: ATTACK_COLUMNS },
    { file: 'survivors-barricades.csv', columns: BARRICADE_COLUMNS },
  ],
  summaryTables: (summary) => [
    { file: 'survivors-cards.csv', columns: CARD_COLUMNS, rows: cardRows(summary) },
    { file: 'survivors-weapons.csv', columns: WEAPON_COLUMNS, rows: weaponRows(summary) },
  ],
  createCollector: ({ eventRows }) => new SurvivorsCollector(eventRows),
  emptyAggregate,
  mergeAggregates,
  summarize,
  formatSummary,
};
