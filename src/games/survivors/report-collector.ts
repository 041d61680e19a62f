/**
 * The Survivors report's counting half: a collector that reads one match's events into per-match
 * counts and CSV rows, and the plain-data aggregate those counts merge into (exactly, in any
 * order, so chunking and workers never change a figure).
 *
 * What is counted, and how:
 * - action points by kind from `action` events (a bite's lost actions count as movement);
 *   activations and how each ended from `activationEnd` (a pass leaves actions unspent);
 * - barricades followed edge by edge: one built by a human (`barricadeBuilt`) apart from one
 *   the map started with (first seen when zombies attack or break it), each with the zombie
 *   attacks it took and how it ended (zombies, a blast, a human's tool, or standing at the end);
 * - attacks per card, unaimed and aimed, with the card's exact chances carried by the event
 *   (a failed use of a card with `useOn` is an attack that neither kills nor pushes; its use
 *   roll also comes as an `itemUse` event, counted with the card's uses);
 * - the escape arithmetic carried by `matchEnd`.
 *
 * Every figure with an interval is recorded per match into a clustered tally (`stats/clusters.ts`):
 * the activations, attacks and barricades of one game share its state, so their variance comes
 * from the games (or rotated pairs), never from counting them as independent trials. The plain
 * counts kept beside the tally are what the report prints as counts.
 */
import type { WeaponOdds } from './odds.js';
import type { AttackOdds, EscapeFigures, SurvivorsEvent } from './types.js';
import { addToHistogram, mergeHistograms, type Histogram } from '../../stats/intervals.js';
import { emptyTally, MatchFigures, mergeTally, recordMatch, type Tally } from '../../stats/clusters.js';
import type { CsvValue, MatchCollector, MatchContext, MatchRows } from '../../reports/report.js';

/** Human action kinds that spend action points (and drops, which are free), in report order. */
export const SPENDING_KINDS = ['move', 'search', 'attack', 'aim', 'throw', 'heal', 'give', 'pickUp', 'barricade', 'unbarricade', 'carry', 'drop'] as const;
export type SpendingKind = (typeof SPENDING_KINDS)[number];
/** How a match can end (`matchEnd.condition`), in report order. */
export const CONDITIONS = ['kills', 'survived', 'escape', 'timeLimit'] as const;

/** Attack counts for one card at one aim level, with the exact chances (the same for every attack). */
export interface AttackCounts {
  attacks: number;
  kills: number;
  pushes: number;
  blockedPushes: number;
  breaks: number;
  /** Attacks after which the card went to the discard pile: broken, or single-use (rule 41). */
  discards: number;
  exact: AttackOdds | null;
}

export interface CardCounts {
  drawn: number;
  /** [unaimed, aimed]. */
  attacks: [AttackCounts, AttackCounts];
  /** The weapon's exact chances, unaimed and aimed, from its icons. */
  odds: WeaponOdds | null;
  uses: number;
  useSuccesses: number;
  exactUse: number | null;
  blastRolls: number;
  blastKills: number;
  exactBlastKill: number | null;
}

/** How barricades of one origin fared: built by humans, or drawn on the map. */
export interface BarricadeCounts {
  /** Built by humans (always 0 for map barricades, which are counted once zombies touch them). */
  built: number;
  /** Barricades that took at least one zombie attack. */
  attacked: number;
  zombieAttacks: number;
  brokenByZombies: number;
  brokenByBlast: number;
  removedByHumans: number;
}

export interface SurvivorsAggregate {
  matches: number;
  /**
   * Per match, clustered by the run's independent unit. Trials (rates): `humansWin`,
   * `zombiesWin`, `draw`, `decidedHumansWin` (games not drawn only), `end:<condition>`,
   * `death`, `share:<kind>` (action points of that kind over all spent), `passed` and `downedEnd` (of activations), `barricadeBroken:built` and
   * `:map` (broken by zombies over zombie attacks on them), `bitten` (of passes through
   * zombies), `zombieHit`, `barricadeBreak`, `rescued` (of downed), `keysFound`; per card
   * `<card>|unaimed|kill` (and `push`, `break`; `aimed` likewise), `<card>|discard` (aimed or
   * not: broken, or single-use),
   * `<card>|use`, `<card>|blast`. Ratios: `<card>|killsPerAction` (kills over actions spent on
   * its attacks, an aim counted). Samples (means per game): `rounds`, `deaths`,
   * `firstDeathRound`, `actions:<kind>`, `points:<kind>`, `pointsSpent`, `pointsUnspent`,
   * `activations`, `passes`, `built`, `draws`.
   */
  tally: Tally;
  roundsHistogram: Histogram;
  /** Per kind: actions taken and action points spent, in all. */
  actions: Record<string, number>;
  actionPoints: Record<string, number>;
  /** Activations, and those ended by a pass and by a wound that downed. */
  activations: number;
  activationsPassed: number;
  activationsDowned: number;
  builtBarricades: BarricadeCounts;
  mapBarricades: BarricadeCounts;
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
  /** Escape scenario: the arithmetic (the same in every match of a run), Keys found, draws made. */
  escape: { deck: number; keysTopSize: number; drawsPossible: number } | null;
  keysFound: number;
}

const emptyAttack = (): AttackCounts => ({ attacks: 0, kills: 0, pushes: 0, blockedPushes: 0, breaks: 0, discards: 0, exact: null });
const emptyCard = (): CardCounts => ({
  drawn: 0,
  attacks: [emptyAttack(), emptyAttack()],
  odds: null,
  uses: 0,
  useSuccesses: 0,
  exactUse: null,
  blastRolls: 0,
  blastKills: 0,
  exactBlastKill: null,
});
const emptyBarricades = (): BarricadeCounts => ({ built: 0, attacked: 0, zombieAttacks: 0, brokenByZombies: 0, brokenByBlast: 0, removedByHumans: 0 });

export function emptyAggregate(): SurvivorsAggregate {
  return {
    matches: 0,
    tally: emptyTally(),
    roundsHistogram: {},
    actions: {},
    actionPoints: {},
    activations: 0,
    activationsPassed: 0,
    activationsDowned: 0,
    builtBarricades: emptyBarricades(),
    mapBarricades: emptyBarricades(),
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
    escape: null,
    keysFound: 0,
  };
}

/** One barricade's life in a match, from the event that first shows it to its end. */
interface BarricadeLife {
  readonly built: boolean;
  readonly round: number;
  attacks: number;
}

/** Columns of `survivors-activations.csv`: one row per activation. */
export const ACTIVATION_COLUMNS = ['match', 'round', 'human', 'ended', 'spent', 'unspent', ...SPENDING_KINDS.map((kind) => `${kind}Points`)];
/** Columns of `survivors-attacks.csv`: one row per attack. */
export const ATTACK_COLUMNS = ['match', 'round', 'human', 'card', 'aimed', 'roll', 'result', 'broke', 'ranged', 'exactKill'];
/** Columns of `survivors-barricades.csv`: one row per barricade that was built or that zombies touched. */
export const BARRICADE_COLUMNS = ['match', 'edge', 'origin', 'fromRound', 'zombieAttacks', 'end', 'endRound'];

export class SurvivorsCollector implements MatchCollector<SurvivorsEvent, SurvivorsAggregate> {
  private cards: Record<string, CardCounts> = {};
  private actions: Record<string, number> = {};
  private actionPoints: Record<string, number> = {};
  /** Action points by kind of the activation under way, per human. */
  private activationPoints: number[][] = [];
  private activations = 0;
  private passed = 0;
  private downedEnds = 0;
  private unspent = 0;
  private zombieActions: Record<string, number> = {};
  /** Action points the zombies spent on moves (a window step counts its cost). */
  private zombieMovePoints = 0;
  private barricades = new Map<number, BarricadeLife>();
  private built = emptyBarricades();
  private map = emptyBarricades();
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
  private activationRows: CsvValue[][] = [];
  private attackRows: CsvValue[][] = [];
  private barricadeRows: CsvValue[][] = [];
  private readonly figures = new MatchFigures();

  constructor(private readonly eventRows: boolean) {}

  private card(name: string): CardCounts {
    return (this.cards[name] ??= emptyCard());
  }

  private pointsOf(human: number): number[] {
    return (this.activationPoints[human] ??= SPENDING_KINDS.map(() => 0));
  }

  /** The barricade on `edge`, first seen now if neither built nor seen before: a map barricade. */
  private barricade(edge: number, round: number): BarricadeLife {
    let life = this.barricades.get(edge);
    if (life === undefined) {
      life = { built: false, round, attacks: 0 };
      this.barricades.set(edge, life);
    }
    return life;
  }

  private endBarricade(edge: number, end: 'zombie' | 'blast' | 'human' | 'standing', round: number): void {
    const life = this.barricades.get(edge);
    if (life === undefined) return;
    const counts = life.built ? this.built : this.map;
    if (life.attacks > 0) counts.attacked++;
    counts.zombieAttacks += life.attacks;
    if (end === 'zombie') counts.brokenByZombies++;
    else if (end === 'blast') counts.brokenByBlast++;
    else if (end === 'human') counts.removedByHumans++;
    if (this.eventRows) this.barricadeRows.push([edge, life.built ? 'built' : 'map', life.round, life.attacks, end, round]);
    this.barricades.delete(edge);
  }

  onEvent(event: SurvivorsEvent): void {
    switch (event.type) {
      case 'action': {
        this.actions[event.action] = (this.actions[event.action] ?? 0) + 1;
        this.actionPoints[event.action] = (this.actionPoints[event.action] ?? 0) + event.cost;
        const kind = SPENDING_KINDS.indexOf(event.action as SpendingKind);
        if (kind >= 0) {
          const points = this.pointsOf(event.human);
          points[kind] = (points[kind] as number) + event.cost;
        }
        return;
      }
      case 'activationEnd': {
        this.activations++;
        if (event.reason === 'pass') this.passed++;
        if (event.reason === 'downed') this.downedEnds++;
        this.unspent += event.unspent;
        const points = this.pointsOf(event.human);
        if (this.eventRows) {
          const spent = points.reduce((sum, value) => sum + value, 0);
          this.activationRows.push([event.round, event.human, event.reason, spent, event.unspent, ...points]);
        }
        points.fill(0);
        return;
      }
      case 'cardDrawn':
        this.card(event.card).drawn++;
        return;
      case 'attack': {
        const card = this.card(event.card);
        const counts = card.attacks[event.aimed ? 1 : 0];
        counts.attacks++;
        if (event.result === 'kill') counts.kills++;
        if (event.result === 'push' || event.result === 'pushBlocked') counts.pushes++;
        if (event.result === 'pushBlocked') counts.blockedPushes++;
        if (event.broke) counts.breaks++;
        if (event.discarded) counts.discards++;
        counts.exact = event.exact;
        card.odds = event.weapon;
        if (this.eventRows) this.attackRows.push([event.round, event.human, event.card, event.aimed, event.roll, event.result, event.broke, event.ranged, event.exact.kill]);
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
        this.built.built++;
        this.barricades.set(event.edge, { built: true, round: event.round, attacks: 0 });
        return;
      case 'zombieAction':
        this.zombieActions[event.action] = (this.zombieActions[event.action] ?? 0) + 1;
        if (event.action === 'move') this.zombieMovePoints += event.cost;
        if (event.action === 'attack') {
          this.zombieDice.attacks++;
          if (event.success) this.zombieDice.hits++;
          this.zombieDice.exactHit = event.exactSuccess;
        } else if (event.action === 'break') {
          this.zombieDice.breaks++;
          if (event.success) this.zombieDice.broken++;
          this.zombieDice.exactBreak = event.exactSuccess;
          this.barricade(event.edge, event.round).attacks++;
        }
        return;
      case 'barricadeBroken':
        this.barricade(event.edge, event.round);
        this.endBarricade(event.edge, event.by, event.round);
        return;
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
    this.activationPoints = [];
    this.activations = 0;
    this.passed = 0;
    this.downedEnds = 0;
    this.unspent = 0;
    this.zombieActions = {};
    this.zombieMovePoints = 0;
    this.barricades.clear();
    this.built = emptyBarricades();
    this.map = emptyBarricades();
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
    this.activationRows = [];
    this.attackRows = [];
    this.barricadeRows = [];
  }

  discardMatch(): void {
    this.reset();
  }

  /** This match's clustered figures (see `SurvivorsAggregate.tally`), recorded as part of its cluster. */
  private recordFigures(context: MatchContext, aggregate: SurvivorsAggregate, end: Extract<SurvivorsEvent, { type: 'matchEnd' }>, pointsSpent: number): void {
    const figures = this.figures;
    figures.clear();
    figures.trial('humansWin', end.winner === 'humans');
    figures.trial('zombiesWin', end.winner === 'zombies');
    figures.trial('draw', end.winner === 'draw');
    if (end.winner !== 'draw') figures.trial('decidedHumansWin', end.winner === 'humans');
    for (const condition of CONDITIONS) figures.trial(`end:${condition}`, end.condition === condition);
    figures.sample('rounds', end.round);
    figures.sample('deaths', end.deaths);
    figures.trial('death', this.firstDeath > 0);
    if (this.firstDeath > 0) figures.sample('firstDeathRound', this.firstDeath);
    for (const kind of SPENDING_KINDS) {
      const points = this.actionPoints[kind] ?? 0;
      figures.sample(`actions:${kind}`, this.actions[kind] ?? 0);
      figures.sample(`points:${kind}`, points);
      figures.trial(`share:${kind}`, points, pointsSpent);
    }
    figures.sample('pointsSpent', pointsSpent);
    figures.sample('pointsUnspent', this.unspent);
    figures.sample('activations', this.activations);
    figures.sample('passes', this.passed);
    figures.trial('passed', this.passed, this.activations);
    figures.trial('downedEnd', this.downedEnds, this.activations);
    figures.sample('built', this.built.built);
    figures.trial('barricadeBroken:built', this.built.brokenByZombies, this.built.zombieAttacks);
    figures.trial('barricadeBroken:map', this.map.brokenByZombies, this.map.zombieAttacks);
    figures.trial('bitten', this.bitten, this.passes);
    figures.trial('zombieHit', this.zombieDice.hits, this.zombieDice.attacks);
    figures.trial('barricadeBreak', this.zombieDice.broken, this.zombieDice.breaks);
    figures.trial('rescued', this.rescued, this.downed);
    for (const name in this.cards) {
      const card = this.cards[name] as CardCounts;
      const [plain, aimed] = card.attacks;
      for (const [label, counts] of [['unaimed', plain], ['aimed', aimed]] as const) {
        figures.trial(`${name}|${label}|kill`, counts.kills, counts.attacks);
        figures.trial(`${name}|${label}|push`, counts.pushes, counts.attacks);
        figures.trial(`${name}|${label}|break`, counts.breaks, counts.attacks);
      }
      // A weapon's life in attacks ends with a break or, single-use, after one attack (rule 41).
      figures.trial(`${name}|discard`, plain.discards + aimed.discards, plain.attacks + aimed.attacks);
      figures.ratio(`${name}|killsPerAction`, plain.kills + aimed.kills, plain.attacks + 2 * aimed.attacks);
      figures.trial(`${name}|use`, card.useSuccesses, card.uses);
      figures.trial(`${name}|blast`, card.blastKills, card.blastRolls);
    }
    if (end.escape !== null) {
      figures.trial('keysFound', end.escape.keysFound);
      figures.sample('draws', end.escape.drawsMade);
    }
    recordMatch(aggregate.tally, context, figures);
  }

  finishMatch(context: MatchContext, aggregate: SurvivorsAggregate): MatchRows {
    const end = this.end;
    if (end === null) throw new Error('the match ended without a matchEnd event');
    for (const edge of [...this.barricades.keys()]) this.endBarricade(edge, 'standing', end.round);
    aggregate.matches++;
    addToHistogram(aggregate.roundsHistogram, end.round);
    let actionsTaken = 0;
    let pointsSpent = 0;
    for (const kind of SPENDING_KINDS) {
      const count = this.actions[kind] ?? 0;
      const points = this.actionPoints[kind] ?? 0;
      actionsTaken += count;
      pointsSpent += points;
      aggregate.actions[kind] = (aggregate.actions[kind] ?? 0) + count;
      aggregate.actionPoints[kind] = (aggregate.actionPoints[kind] ?? 0) + points;
    }
    aggregate.activations += this.activations;
    aggregate.activationsPassed += this.passed;
    aggregate.activationsDowned += this.downedEnds;
    mergeBarricades(aggregate.builtBarricades, this.built);
    mergeBarricades(aggregate.mapBarricades, this.map);
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
    this.recordFigures(context, aggregate, end, pointsSpent);
    mergeCards(aggregate.cards, this.cards);
    mergeEscape(aggregate, end.escape);
    let attacks = 0;
    let aimedAttacks = 0;
    let kills = 0;
    for (const card of Object.values(this.cards)) {
      attacks += card.attacks[0].attacks + card.attacks[1].attacks;
      aimedAttacks += card.attacks[1].attacks;
      kills += card.attacks[0].kills + card.attacks[1].kills;
    }
    const row: CsvValue[] = [
      end.winner,
      end.condition,
      end.round,
      end.deaths,
      this.firstDeath === 0 ? '' : this.firstDeath,
      actionsTaken,
      this.built.built,
      this.passes,
      this.zombieDice.attacks,
      this.activations,
      this.passed,
      pointsSpent,
      this.unspent,
      attacks,
      aimedAttacks,
      kills,
      this.zombieDice.breaks,
      end.escape === null ? '' : end.escape.keysFound,
      this.zombieDice.hits,
      this.zombieMovePoints,
    ];
    const match = context.matchIndex;
    const eventRows = this.eventRows
      ? [this.activationRows, this.attackRows, this.barricadeRows].map((rows) => rows.map((cells) => [match, ...cells]))
      : [];
    this.reset();
    return { matchRow: row, eventRows };
  }
}

/** Columns the collector adds to `matches.csv`, in row order. */
export const MATCH_COLUMNS = [
  'winner',
  'endCondition',
  'rounds',
  'deaths',
  'firstDeathRound',
  'humanActions',
  'barricadesBuilt',
  'passes',
  'zombieAttacks',
  'activations',
  'activationsPassed',
  'actionPointsSpent',
  'actionPointsUnspent',
  'attacks',
  'aimedAttacks',
  'kills',
  'barricadeAttacks',
  'keysFound',
  'zombieHits',
  'zombieMovePoints',
];

function mergeBarricades(into: BarricadeCounts, other: BarricadeCounts): void {
  into.built += other.built;
  into.attacked += other.attacked;
  into.zombieAttacks += other.zombieAttacks;
  into.brokenByZombies += other.brokenByZombies;
  into.brokenByBlast += other.brokenByBlast;
  into.removedByHumans += other.removedByHumans;
}

function mergeAttack(into: AttackCounts, other: AttackCounts): void {
  into.attacks += other.attacks;
  into.kills += other.kills;
  into.pushes += other.pushes;
  into.blockedPushes += other.blockedPushes;
  into.breaks += other.breaks;
  into.discards += other.discards;
  into.exact ??= other.exact;
}

function mergeCards(into: Record<string, CardCounts>, other: Readonly<Record<string, CardCounts>>): void {
  for (const [name, counts] of Object.entries(other)) {
    const target = (into[name] ??= emptyCard());
    target.drawn += counts.drawn;
    mergeAttack(target.attacks[0], counts.attacks[0]);
    mergeAttack(target.attacks[1], counts.attacks[1]);
    target.odds ??= counts.odds;
    target.uses += counts.uses;
    target.useSuccesses += counts.useSuccesses;
    target.exactUse ??= counts.exactUse;
    target.blastRolls += counts.blastRolls;
    target.blastKills += counts.blastKills;
    target.exactBlastKill ??= counts.exactBlastKill;
  }
}

function mergeEscape(aggregate: SurvivorsAggregate, escape: EscapeFigures | null): void {
  if (escape === null) return;
  aggregate.escape ??= { deck: escape.deck, keysTopSize: escape.keysTopSize, drawsPossible: escape.drawsPossible };
  if (escape.keysFound) aggregate.keysFound++;
}

/** Adds `other` into `into`, exactly and in any order. */
export function mergeAggregates(into: SurvivorsAggregate, other: SurvivorsAggregate): void {
  into.matches += other.matches;
  mergeTally(into.tally, other.tally);
  mergeHistograms(into.roundsHistogram, other.roundsHistogram);
  for (const [key, count] of Object.entries(other.actions)) into.actions[key] = (into.actions[key] ?? 0) + count;
  for (const [key, count] of Object.entries(other.actionPoints)) into.actionPoints[key] = (into.actionPoints[key] ?? 0) + count;
  into.activations += other.activations;
  into.activationsPassed += other.activationsPassed;
  into.activationsDowned += other.activationsDowned;
  mergeBarricades(into.builtBarricades, other.builtBarricades);
  mergeBarricades(into.mapBarricades, other.mapBarricades);
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
  into.escape ??= other.escape;
  into.keysFound += other.keysFound;
}
