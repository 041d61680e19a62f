/**
 * The Survivors report: who wins and how (each side's win rate, overall and by end condition),
 * per card the simulated kill / push / break / use-success rates beside the exact rates from its
 * icons (aimed and unaimed apart), the humans' action mix, rounds to the first death, zombie
 * actions absorbed per barricade, passes through zombies, and game length. Per-card figures also
 * go to `survivors-cards.csv`.
 *
 * Rates per attack treat attacks as independent trials: each is a fresh die, so they are, given
 * the card and the aim. Figures per game (actions of each kind) carry intervals across games.
 */
import type { AttackOdds, SurvivorsEvent } from './types.js';
import {
  addSample,
  addToHistogram,
  emptyMoments,
  meanEstimate,
  meanWithHistogram,
  mergeHistograms,
  mergeMoments,
  sortedHistogram,
  wilsonInterval,
  type Histogram,
  type IntegerMoments,
  type MeanEstimate,
  type RateEstimate,
} from '../../stats/intervals.js';
import { formatMean, formatRate, table } from '../../reports/format.js';
import type { CsvValue, GameReport, MatchCollector, MatchContext, MatchRows } from '../../reports/report.js';

const CONDITIONS = ['kills', 'survived', 'escape', 'timeLimit'] as const;
const ACTIONS = ['move', 'search', 'attack', 'aim', 'throw', 'heal', 'give', 'pickUp', 'barricade', 'unbarricade', 'carry', 'pass'] as const;

/** Attack counts for one card at one aim level, with the exact chances (the same for every attack). */
interface AttackCounts {
  attacks: number;
  kills: number;
  pushes: number;
  blockedPushes: number;
  breaks: number;
  exact: AttackOdds | null;
}

interface CardCounts {
  drawn: number;
  /** [unaimed, aimed]. */
  attacks: [AttackCounts, AttackCounts];
  uses: number;
  useSuccesses: number;
  exactUse: number | null;
  blastRolls: number;
  blastKills: number;
  exactBlastKill: number | null;
}

export interface SurvivorsAggregate {
  matches: number;
  /** [humans, zombies]. */
  wins: [number, number];
  byCondition: Record<string, number>;
  rounds: IntegerMoments;
  roundsHistogram: Histogram;
  matchesWithDeath: number;
  firstDeathRound: IntegerMoments;
  deaths: IntegerMoments;
  actions: Record<string, number>;
  actionsPerGame: Record<string, IntegerMoments>;
  actionPoints: Record<string, number>;
  barricadesBuilt: number;
  barricadesBrokenByZombies: number;
  /** Zombie attacks each built barricade absorbed (those still standing at the end included). */
  absorbedPerBarricade: IntegerMoments;
  zombieActions: Record<string, number>;
  passes: number;
  passesBitten: number;
  /** Passes by the number of zombies in the line, and the exact bite chance for each number. */
  passesByZombies: Histogram;
  passExactByZombies: Record<string, number>;
  /** Zombie dice: attacks on humans and on barricades, their successes and exact chances. */
  zombieAttackRolls: number;
  zombieAttackHits: number;
  exactZombieHit: number | null;
  barricadeAttackRolls: number;
  barricadeAttackBreaks: number;
  exactBarricadeBreak: number | null;
  downed: number;
  rescued: number;
  carries: number;
  wallsDestroyed: number;
  cards: Record<string, CardCounts>;
}

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

export interface SurvivorsSummary {
  readonly matches: number;
  readonly humansWinRate: RateEstimate;
  readonly zombiesWinRate: RateEstimate;
  /** Share of all games ending each way: `kills` (zombies), `survived`, `escape` (humans), `timeLimit` (zombies). */
  readonly endCondition: Record<string, RateEstimate>;
  readonly rounds: MeanEstimate & { readonly histogram: [number, number][] };
  readonly gamesWithADeath: RateEstimate;
  /** Round of the first death, over the games that had one. */
  readonly firstDeathRound: MeanEstimate;
  readonly deathsPerGame: MeanEstimate;
  /** Each human action kind: its share of all actions taken and its count per game. */
  readonly actionMix: Record<string, { readonly share: RateEstimate; readonly perGame: MeanEstimate; readonly actionPoints: number }>;
  readonly barricades: {
    readonly builtPerGame: MeanEstimate;
    readonly built: number;
    readonly brokenByZombies: number;
    /** Zombie attacks absorbed per barricade built; the exact mean to break one is 6 / |barricadeBreakOn| faces. */
    readonly zombieActionsAbsorbed: MeanEstimate;
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
}

const emptyAttack = (): AttackCounts => ({ attacks: 0, kills: 0, pushes: 0, blockedPushes: 0, breaks: 0, exact: null });
const emptyCard = (): CardCounts => ({
  drawn: 0,
  attacks: [emptyAttack(), emptyAttack()],
  uses: 0,
  useSuccesses: 0,
  exactUse: null,
  blastRolls: 0,
  blastKills: 0,
  exactBlastKill: null,
});

class SurvivorsCollector implements MatchCollector<SurvivorsEvent, SurvivorsAggregate> {
  private cards: Record<string, CardCounts> = {};
  private actions: Record<string, number> = {};
  private actionPoints: Record<string, number> = {};
  private zombieActions: Record<string, number> = {};
  private barricadeHits = new Map<number, number>();
  private absorbed: number[] = [];
  private built = 0;
  private brokenByZombies = 0;
  private firstDeath = 0;
  private passes = 0;
  private bitten = 0;
  private passesByZombies: Histogram = {};
  private passExact: Record<string, number> = {};
  private zombieDice = { attacks: 0, hits: 0, exactHit: null as number | null, breaks: 0, broken: 0, exactBreak: null as number | null };
  private downedHumans = new Set<number>();
  private downed = 0;
  private rescued = 0;
  private carries = 0;
  private walls = 0;
  private end: Extract<SurvivorsEvent, { type: 'matchEnd' }> | null = null;

  private card(name: string): CardCounts {
    return (this.cards[name] ??= emptyCard());
  }

  onEvent(event: SurvivorsEvent): void {
    switch (event.type) {
      case 'action':
        this.actions[event.action] = (this.actions[event.action] ?? 0) + 1;
        this.actionPoints[event.action] = (this.actionPoints[event.action] ?? 0) + event.cost;
        return;
      case 'cardDrawn':
        this.card(event.card).drawn++;
        return;
      case 'attack': {
        const counts = this.card(event.card).attacks[event.aimed ? 1 : 0];
        counts.attacks++;
        if (event.result === 'kill') counts.kills++;
        if (event.result === 'push' || event.result === 'pushBlocked') counts.pushes++;
        if (event.result === 'pushBlocked') counts.blockedPushes++;
        if (event.broke) counts.breaks++;
        counts.exact = event.exact;
        return;
      }
      case 'itemUse': {
        const counts = this.card(event.card);
        counts.uses++;
        if (event.success) counts.useSuccesses++;
        counts.exactUse = event.exactSuccess;
        return;
      }
      case 'blastKill': {
        const counts = this.card(event.card);
        counts.blastRolls++;
        if (event.killed) counts.blastKills++;
        counts.exactBlastKill = event.exactKill;
        return;
      }
      case 'barricadeBuilt':
        this.built++;
        this.barricadeHits.set(event.edge, 0);
        return;
      case 'zombieAction':
        this.zombieActions[event.action] = (this.zombieActions[event.action] ?? 0) + 1;
        if (event.action === 'attack') {
          this.zombieDice.attacks++;
          if (event.success) this.zombieDice.hits++;
          this.zombieDice.exactHit = event.exactSuccess;
        } else if (event.action === 'break') {
          this.zombieDice.breaks++;
          if (event.success) this.zombieDice.broken++;
          this.zombieDice.exactBreak = event.exactSuccess;
        }
        if (event.action === 'break') this.barricadeHits.set(event.edge, (this.barricadeHits.get(event.edge) ?? 0) + 1);
        return;
      case 'barricadeBroken': {
        const hits = this.barricadeHits.get(event.edge);
        if (event.by === 'zombie') this.brokenByZombies++;
        // Map barricades (not built this match) are not counted as built ones.
        if (hits !== undefined) {
          this.absorbed.push(hits);
          this.barricadeHits.delete(event.edge);
        }
        return;
      }
      case 'pass':
        this.passes++;
        if (event.bitten) this.bitten++;
        addToHistogram(this.passesByZombies, event.zombies);
        this.passExact[String(event.zombies)] = event.exactBitten;
        return;
      case 'downed':
        this.downed++;
        this.downedHumans.add(event.human);
        return;
      case 'heal':
        if (event.revived && this.downedHumans.delete(event.human)) this.rescued++;
        return;
      case 'death':
        this.downedHumans.delete(event.human);
        if (this.firstDeath === 0) this.firstDeath = event.round;
        return;
      case 'carry':
        this.carries++;
        return;
      case 'wallDestroyed':
        this.walls++;
        return;
      case 'matchEnd':
        this.end = event;
        return;
      default:
        return;
    }
  }

  private reset(): void {
    this.cards = {};
    this.actions = {};
    this.actionPoints = {};
    this.zombieActions = {};
    this.barricadeHits.clear();
    this.absorbed = [];
    this.built = 0;
    this.brokenByZombies = 0;
    this.firstDeath = 0;
    this.passes = 0;
    this.bitten = 0;
    this.passesByZombies = {};
    this.passExact = {};
    this.zombieDice = { attacks: 0, hits: 0, exactHit: null, breaks: 0, broken: 0, exactBreak: null };
    this.downedHumans.clear();
    this.downed = 0;
    this.rescued = 0;
    this.carries = 0;
    this.walls = 0;
    this.end = null;
  }

  discardMatch(): void {
    this.reset();
  }

  finishMatch(_context: MatchContext, aggregate: SurvivorsAggregate): MatchRows {
    const end = this.end;
    if (end === null) throw new Error('the match ended without a matchEnd event');
    aggregate.matches++;
    if (end.winner !== 'draw') aggregate.wins[end.winner === 'humans' ? 0 : 1]++;
    aggregate.byCondition[end.condition] = (aggregate.byCondition[end.condition] ?? 0) + 1;
    addSample(aggregate.rounds, end.round);
    addToHistogram(aggregate.roundsHistogram, end.round);
    addSample(aggregate.deaths, end.deaths);
    if (this.firstDeath > 0) {
      aggregate.matchesWithDeath++;
      addSample(aggregate.firstDeathRound, this.firstDeath);
    }
    let humanActions = 0;
    for (const kind of ACTIONS) {
      const count = this.actions[kind] ?? 0;
      humanActions += count;
      aggregate.actions[kind] = (aggregate.actions[kind] ?? 0) + count;
      aggregate.actionPoints[kind] = (aggregate.actionPoints[kind] ?? 0) + (this.actionPoints[kind] ?? 0);
      addSample((aggregate.actionsPerGame[kind] ??= emptyMoments()), count);
    }
    aggregate.barricadesBuilt += this.built;
    aggregate.barricadesBrokenByZombies += this.brokenByZombies;
    for (const hits of this.absorbed) addSample(aggregate.absorbedPerBarricade, hits);
    for (const hits of this.barricadeHits.values()) addSample(aggregate.absorbedPerBarricade, hits);
    for (const [kind, count] of Object.entries(this.zombieActions)) aggregate.zombieActions[kind] = (aggregate.zombieActions[kind] ?? 0) + count;
    aggregate.passes += this.passes;
    aggregate.passesBitten += this.bitten;
    mergeHistograms(aggregate.passesByZombies, this.passesByZombies);
    Object.assign(aggregate.passExactByZombies, this.passExact);
    aggregate.zombieAttackRolls += this.zombieDice.attacks;
    aggregate.zombieAttackHits += this.zombieDice.hits;
    aggregate.exactZombieHit ??= this.zombieDice.exactHit;
    aggregate.barricadeAttackRolls += this.zombieDice.breaks;
    aggregate.barricadeAttackBreaks += this.zombieDice.broken;
    aggregate.exactBarricadeBreak ??= this.zombieDice.exactBreak;
    aggregate.downed += this.downed;
    aggregate.rescued += this.rescued;
    aggregate.carries += this.carries;
    aggregate.wallsDestroyed += this.walls;
    mergeCards(aggregate.cards, this.cards);
    const row: CsvValue[] = [end.winner, end.condition, end.round, end.deaths, this.firstDeath === 0 ? '' : this.firstDeath, humanActions, this.built, this.passes, this.zombieActions['attack'] ?? 0];
    this.reset();
    return { matchRow: row, eventRows: [] };
  }
}

function mergeAttack(into: AttackCounts, other: AttackCounts): void {
  into.attacks += other.attacks;
  into.kills += other.kills;
  into.pushes += other.pushes;
  into.blockedPushes += other.blockedPushes;
  into.breaks += other.breaks;
  into.exact ??= other.exact;
}

function mergeCards(into: Record<string, CardCounts>, other: Readonly<Record<string, CardCounts>>): void {
  for (const [name, counts] of Object.entries(other)) {
    const target = (into[name] ??= emptyCard());
    target.drawn += counts.drawn;
    mergeAttack(target.attacks[0], counts.attacks[0]);
    mergeAttack(target.attacks[1], counts.attacks[1]);
    target.uses += counts.uses;
    target.useSuccesses += counts.useSuccesses;
    target.exactUse ??= counts.exactUse;
    target.blastRolls += counts.blastRolls;
    target.blastKills += counts.blastKills;
    target.exactBlastKill ??= counts.exactBlastKill;
  }
}

function emptyAggregate(): SurvivorsAggregate {
  return {
    matches: 0,
    wins: [0, 0],
    byCondition: {},
    rounds: emptyMoments(),
    roundsHistogram: {},
    matchesWithDeath: 0,
    firstDeathRound: emptyMoments(),
    deaths: emptyMoments(),
    actions: {},
    actionsPerGame: {},
    actionPoints: {},
    barricadesBuilt: 0,
    barricadesBrokenByZombies: 0,
    absorbedPerBarricade: emptyMoments(),
    zombieActions: {},
    passes: 0,
    passesBitten: 0,
    passesByZombies: {},
    passExactByZombies: {},
    zombieAttackRolls: 0,
    zombieAttackHits: 0,
    exactZombieHit: null,
    barricadeAttackRolls: 0,
    barricadeAttackBreaks: 0,
    exactBarricadeBreak: null,
    downed: 0,
    rescued: 0,
    carries: 0,
    wallsDestroyed: 0,
    cards: {},
  };
}

const inside = (exact: number | null, rate: RateEstimate): boolean => exact === null || rate.n === 0 || (rate.lower <= exact && exact <= rate.upper);

function attackFigure(counts: AttackCounts, confidence: number, designEffect: number): AttackFigure {
  const killRate = wilsonInterval(counts.kills, counts.attacks, confidence, designEffect);
  const pushRate = wilsonInterval(counts.pushes, counts.attacks, confidence, designEffect);
  const breakRate = wilsonInterval(counts.breaks, counts.attacks, confidence, designEffect);
  const exact = counts.exact;
  return {
    attacks: counts.attacks,
    killRate,
    exactKill: exact?.kill ?? null,
    pushRate,
    exactPush: exact?.push ?? null,
    breakRate,
    exactBreak: exact?.break ?? null,
    exactInsideIntervals: exact === null || (inside(exact.kill, killRate) && inside(exact.push, pushRate) && inside(exact.break, breakRate)),
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

function summarize(aggregate: SurvivorsAggregate, confidence: number, designEffect: number): SurvivorsSummary {
  const n = aggregate.matches;
  const rate = (successes: number, total: number): RateEstimate => wilsonInterval(successes, total, confidence, designEffect);
  const totalActions = ACTIONS.reduce((sum, kind) => sum + (aggregate.actions[kind] ?? 0), 0);
  const actionMix: Record<string, { share: RateEstimate; perGame: MeanEstimate; actionPoints: number }> = {};
  for (const kind of ACTIONS) {
    actionMix[kind] = {
      share: rate(aggregate.actions[kind] ?? 0, totalActions),
      perGame: meanEstimate(aggregate.actionsPerGame[kind] ?? emptyMoments(), confidence, designEffect),
      actionPoints: aggregate.actionPoints[kind] ?? 0,
    };
  }
  const endCondition: Record<string, RateEstimate> = {};
  for (const condition of CONDITIONS) endCondition[condition] = rate(aggregate.byCondition[condition] ?? 0, n);
  const cards: Record<string, CardFigure> = {};
  for (const name of Object.keys(aggregate.cards).sort()) {
    const counts = aggregate.cards[name] as CardCounts;
    cards[name] = {
      drawn: counts.drawn,
      unaimed: attackFigure(counts.attacks[0], confidence, designEffect),
      aimed: attackFigure(counts.attacks[1], confidence, designEffect),
      useSuccessRate: rate(counts.useSuccesses, counts.uses),
      exactUseSuccess: counts.exactUse,
      blastKillRate: rate(counts.blastKills, counts.blastRolls),
      exactBlastKill: counts.exactBlastKill,
    };
  }
  return {
    matches: n,
    humansWinRate: rate(aggregate.wins[0], n),
    zombiesWinRate: rate(aggregate.wins[1], n),
    endCondition,
    rounds: meanWithHistogram(aggregate.rounds, aggregate.roundsHistogram, confidence, designEffect),
    gamesWithADeath: rate(aggregate.matchesWithDeath, n),
    firstDeathRound: meanEstimate(aggregate.firstDeathRound, confidence, designEffect),
    deathsPerGame: meanEstimate(aggregate.deaths, confidence, designEffect),
    actionMix,
    barricades: {
      builtPerGame: meanEstimate(aggregate.actionsPerGame['barricade'] ?? emptyMoments(), confidence, designEffect),
      built: aggregate.barricadesBuilt,
      brokenByZombies: aggregate.barricadesBrokenByZombies,
      zombieActionsAbsorbed: meanEstimate(aggregate.absorbedPerBarricade, confidence, designEffect),
    },
    zombieActions: Object.fromEntries(Object.entries(aggregate.zombieActions).sort(([a], [b]) => a.localeCompare(b))),
    passThroughZombies: { tries: aggregate.passes, bittenRate: rate(aggregate.passesBitten, aggregate.passes), exactBittenRate: exactPassBite(aggregate) },
    zombieDice: {
      hitRate: rate(aggregate.zombieAttackHits, aggregate.zombieAttackRolls),
      exactHit: aggregate.exactZombieHit,
      barricadeBreakRate: rate(aggregate.barricadeAttackBreaks, aggregate.barricadeAttackRolls),
      exactBarricadeBreak: aggregate.exactBarricadeBreak,
    },
    downedRescuedRate: rate(aggregate.rescued, aggregate.downed),
    carries: aggregate.carries,
    wallsDestroyed: aggregate.wallsDestroyed,
    cards,
  };
}

const pct = (value: number | null): string => (value === null ? '-' : `${(100 * value).toFixed(1)}%`);
const simulated = (estimate: RateEstimate): string => (estimate.n === 0 ? '-' : `${formatRate(estimate)[0]} ${formatRate(estimate)[1]}`);

function formatSummary(summary: SurvivorsSummary): string {
  const lines: string[] = [];
  lines.push(
    table(
      ['side', 'wins', '95% interval'],
      [
        ['Humans', ...formatRate(summary.humansWinRate)],
        ['Zombies', ...formatRate(summary.zombiesWinRate)],
      ],
    ),
  );
  lines.push('');
  const labels: Record<string, string> = {
    kills: 'zombies: deaths reached',
    survived: 'humans: survived the rounds',
    escape: 'humans: escaped',
    timeLimit: 'zombies: time ran out',
  };
  lines.push(
    table(
      ['end condition', 'share', '95% interval'],
      Object.entries(summary.endCondition).map(([condition, estimate]) => [labels[condition] ?? condition, ...formatRate(estimate)]),
    ),
  );
  lines.push('');
  lines.push('Cards: simulated rate [95% interval] beside the exact rate from the icons');
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
  if (useRows.length > 0) {
    lines.push('');
    lines.push(table(['items used', 'n', 'use success', 'zombie killed'], useRows));
  }
  lines.push('');
  lines.push(
    table(
      ['human action', 'share', '95% interval', 'per game [95%]'],
      Object.entries(summary.actionMix).map(([kind, mix]) => [kind, ...formatRate(mix.share), formatMean(mix.perGame)]),
    ),
  );
  lines.push('');
  const b = summary.barricades;
  lines.push(
    `Rounds per game ${formatMean(summary.rounds)}; games with a death ${formatRate(summary.gamesWithADeath)[0]}, ` +
      `first death in round ${formatMean(summary.firstDeathRound, 1)}; deaths per game ${formatMean(summary.deathsPerGame)}`,
  );
  lines.push(
    `Barricades: ${formatMean(b.builtPerGame)} built per game, ${b.brokenByZombies} of ${b.built} broken by zombies, ` +
      `${formatMean(b.zombieActionsAbsorbed)} zombie attacks absorbed each`,
  );
  lines.push(
    `Passes through zombies: ${summary.passThroughZombies.tries}, bitten ${formatRate(summary.passThroughZombies.bittenRate)[0]}; ` +
      `downed humans healed back ${formatRate(summary.downedRescuedRate)[0]}; carries ${summary.carries}; walls blown open ${summary.wallsDestroyed}`,
  );
  const dice = summary.zombieDice;
  lines.push(
    `Zombie dice: hits ${simulated(dice.hitRate)} vs ${pct(dice.exactHit)}; barricade breaks ${simulated(dice.barricadeBreakRate)} vs ${pct(dice.exactBarricadeBreak)}; ` +
      `bites per pass ${simulated(summary.passThroughZombies.bittenRate)} vs ${pct(summary.passThroughZombies.exactBittenRate)}`,
  );
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

function cardRows(summary: SurvivorsSummary): CsvValue[][] {
  const rows: CsvValue[][] = [];
  const cell = (value: number | null): CsvValue => (value === null || Number.isNaN(value) ? '' : value);
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

export const survivorsReport: GameReport<SurvivorsEvent, SurvivorsAggregate, SurvivorsSummary> = {
  gameId: 'survivors',
  matchColumns: ['winner', 'endCondition', 'rounds', 'deaths', 'firstDeathRound', 'humanActions', 'barricadesBuilt', 'passes', 'zombieAttacks'],
  eventTables: [],
  summaryTables: (summary) => [{ file: 'survivors-cards.csv', columns: CARD_COLUMNS, rows: cardRows(summary) }],
  createCollector: () => new SurvivorsCollector(),
  emptyAggregate,
  mergeAggregates(into, other) {
    into.matches += other.matches;
    into.wins[0] += other.wins[0];
    into.wins[1] += other.wins[1];
    for (const [key, count] of Object.entries(other.byCondition)) into.byCondition[key] = (into.byCondition[key] ?? 0) + count;
    mergeMoments(into.rounds, other.rounds);
    mergeHistograms(into.roundsHistogram, other.roundsHistogram);
    into.matchesWithDeath += other.matchesWithDeath;
    mergeMoments(into.firstDeathRound, other.firstDeathRound);
    mergeMoments(into.deaths, other.deaths);
    for (const [key, count] of Object.entries(other.actions)) into.actions[key] = (into.actions[key] ?? 0) + count;
    for (const [key, count] of Object.entries(other.actionPoints)) into.actionPoints[key] = (into.actionPoints[key] ?? 0) + count;
    for (const [key, moments] of Object.entries(other.actionsPerGame)) mergeMoments((into.actionsPerGame[key] ??= emptyMoments()), moments);
    into.barricadesBuilt += other.barricadesBuilt;
    into.barricadesBrokenByZombies += other.barricadesBrokenByZombies;
    mergeMoments(into.absorbedPerBarricade, other.absorbedPerBarricade);
    for (const [key, count] of Object.entries(other.zombieActions)) into.zombieActions[key] = (into.zombieActions[key] ?? 0) + count;
    into.passes += other.passes;
    into.passesBitten += other.passesBitten;
    mergeHistograms(into.passesByZombies, other.passesByZombies);
    Object.assign(into.passExactByZombies, other.passExactByZombies);
    into.zombieAttackRolls += other.zombieAttackRolls;
    into.zombieAttackHits += other.zombieAttackHits;
    into.exactZombieHit ??= other.exactZombieHit;
    into.barricadeAttackRolls += other.barricadeAttackRolls;
    into.barricadeAttackBreaks += other.barricadeAttackBreaks;
    into.exactBarricadeBreak ??= other.exactBarricadeBreak;
    into.downed += other.downed;
    into.rescued += other.rescued;
    into.carries += other.carries;
    into.wallsDestroyed += other.wallsDestroyed;
    mergeCards(into.cards, other.cards);
  },
  summarize,
  formatSummary,
};
