/**
 * Survivors through the runner and its report: per-card rates against the exact rates from the
 * icons, figures that do not depend on chunking, and bad maps and seats refused before any match.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { weaponOdds, type EscapeFigures, type SurvivorsEvent, type WeaponOdds } from '../src/games/survivors/index.js';
import { survivorsReport, type SurvivorsSummary } from '../src/games/survivors/report.js';
import { runScenario } from '../src/run/run-scenario.js';
import { parseScenario } from '../src/scenario/scenario.js';
import { effectiveRateInterval, rateInterval, type RateEstimate } from '../src/stats/intervals.js';

const tempDir = (): string => mkdtempSync(join(tmpdir(), 'hordelab-survivors-'));

/** A small open yard crowded with zombies, so random humans attack with every card often. */
const ARENA = `
game: survivors
matches: 400
seed: 606
params:
  boardWidth: 8
  boardHeight: 8
  windows: 0
  doorways: 0
  searchSpots: 0
  spawnPoints: 4
  initialZombies: 4
  spawnPerRound: 4
  spawnMinDistanceToHuman: 1
  startingCardsPerHuman: 3
  eventCardsEnabled: false
  humanDeathsToWin: 4
  map: |
    +-+-+-+-+-+-+-+-+
    |Z . . . . . . Z|
    |               |
    |. . . . . . . .|
    |               |
    |. . . . . . . .|
    |               |
    |. . . H H . . .|
    |               |
    |. . . H H . . .|
    |               |
    |. . . . . . . .|
    |               |
    |. . . . . . . .|
    |               |
    |Z . . . . . . Z|
    +-+-+-+-+-+-+-+-+
seats: [random, random]
`;

function expectExactInside(exact: number | null, simulated: RateEstimate, label: string): void {
  expect(exact, label).not.toBeNull();
  // 99.9% intervals: dozens of rates are checked at once and must not trip on ordinary luck.
  const interval = rateInterval(simulated.successes, simulated.n, 0.999);
  expect(exact as number, label).toBeGreaterThanOrEqual(interval.lower);
  expect(exact as number, label).toBeLessThanOrEqual(interval.upper);
}

describe('Survivors report', () => {
  it('puts every card\'s simulated kill, push, break and use rates beside exact rates that they agree with', async () => {
    const scenario = await parseScenario(ARENA, 'arena.yaml');
    const run = await runScenario(scenario, { outDir: tempDir(), eventFiles: false, command: 'test' });
    const results = run.results as SurvivorsSummary;
    let checked = 0;
    for (const [name, card] of Object.entries(results.cards)) {
      for (const [aim, attack] of [['unaimed', card.unaimed], ['aimed', card.aimed]] as const) {
        if (attack.attacks < 40) continue;
        expectExactInside(attack.exactKill, attack.killRate, `${name} ${aim} kill`);
        expectExactInside(attack.exactPush, attack.pushRate, `${name} ${aim} push`);
        expectExactInside(attack.exactBreak, attack.breakRate, `${name} ${aim} break`);
        checked++;
      }
      if (card.useSuccessRate.n >= 40) {
        expectExactInside(card.exactUseSuccess, card.useSuccessRate, `${name} use`);
        checked++;
      }
    }
    // Unarmed, the melee weapons and the pistol at least, aimed and not.
    expect(checked).toBeGreaterThanOrEqual(10);
    expect(results.cards['Unarmed']?.unaimed.exactKill).toBeCloseTo(1 / 6, 12);
    expect(results.cards['Unarmed']?.aimed.exactKill).toBeCloseTo(2 / 6, 12);
    // Every game ends one way, and the win rates add up.
    const shares = Object.values(results.endCondition).reduce((sum, rate) => sum + rate.successes, 0);
    expect(shares).toBe(results.matches);
    expect(results.humansWinRate.successes + results.zombiesWinRate.successes).toBe(results.matches);
  });

  it('gives the same figures whatever the chunking', async () => {
    const scenario = await parseScenario(ARENA.replace('matches: 400', 'matches: 60'), 'arena.yaml');
    const a = await runScenario(scenario, { outDir: tempDir(), eventFiles: false, command: 'test', chunkSize: 7 });
    const b = await runScenario(scenario, { outDir: tempDir(), eventFiles: false, command: 'test', chunkSize: 60 });
    expect(JSON.stringify(a.results)).toBe(JSON.stringify(b.results));
  });
});

describe('Survivors bad input', () => {
  it('names the map line and column of a broken edge', async () => {
    const text = ARENA.replace('    |. . . H H . . .|\n    |               |\n    |. . . H H', '    |. . . H H . . .|\n    |      x        |\n    |. . . H H');
    await expect(parseScenario(text, 'broken.yaml')).rejects.toThrow(/broken\.yaml: params\.map: line 9, column 8: unknown edge "x"/);
  });

  it('refuses a map that does not match the numbers the scenario states', async () => {
    await expect(parseScenario(ARENA.replace('spawnPoints: 4', 'spawnPoints: 5'), 'count.yaml')).rejects.toThrow(/params\.spawnPoints: the map has 4, but spawnPoints is 5/);
  });

  it('seats the scripted zombie player only in the Zombie seat, never rotated', async () => {
    await expect(parseScenario(ARENA.replace('seats: [random, random]', 'seats: [scripted-zombies, random]'), 'seat.yaml')).rejects.toThrow(
      /plays only the Zombies seat \(seat 2\), not seat 1/,
    );
    await expect(parseScenario(ARENA.replace('seats: [random, random]', 'seats: {rotate: [random, scripted-zombies]}'), 'rotate.yaml')).rejects.toThrow(
      /seats cannot be rotated/,
    );
    await expect(parseScenario('game: integer-duel\nmatches: 2\nseed: 1\nseats: [random, scripted-zombies]\n', 'duel.yaml')).rejects.toThrow(
      /plays only survivors, not integer-duel/,
    );
  });
});

describe('Survivors report counting, from hand-made event streams', () => {
  const end = (escape: EscapeFigures | null = null): SurvivorsEvent => ({ type: 'matchEnd', winner: escape === null ? 'humans' : 'draw', condition: escape === null ? 'survived' : 'timeLimit', round: 12, deaths: 0, escape });
  const knife = weaponOdds([6], [4, 5], [], 1, true);
  const pistol = weaponOdds([5, 6], [4], [1], 1, false);

  /** Feeds one match of events; returns the summary and the rows of the match. */
  function count(events: SurvivorsEvent[]) {
    const collector = survivorsReport.createCollector({ eventRows: true });
    const aggregate = survivorsReport.emptyAggregate();
    for (const event of events) collector.onEvent(event);
    const rows = collector.finishMatch({ matchIndex: 0, seed: '0', cluster: 0, clusterSize: 1 }, aggregate);
    return { summary: survivorsReport.summarize(aggregate, 0.95) as SurvivorsSummary, rows };
  }

  const zombieBreak = (edge: number, success: boolean): SurvivorsEvent => ({ type: 'zombieAction', action: 'break', cost: 1, edge, roll: success ? 5 : 2, success, round: 3, exactSuccess: 1 / 3 });

  it('counts barricades built by humans apart from the map\'s, with the attacks each took and how it ended', () => {
    const { summary, rows } = count([
      { type: 'barricadeBuilt', edge: 5, human: 0, round: 1 },
      { type: 'barricadeBuilt', edge: 7, human: 1, round: 1 }, // never attacked: standing at the end
      zombieBreak(5, false),
      zombieBreak(5, true),
      { type: 'barricadeBroken', edge: 5, by: 'zombie', round: 3 },
      zombieBreak(9, false), // a map barricade, first seen when attacked
      zombieBreak(9, false),
      { type: 'barricadeBroken', edge: 12, by: 'blast', round: 4 }, // a map barricade never attacked
      end(),
    ]);
    expect(summary.barricades.built).toMatchObject({ built: 2, attacked: 1, zombieAttacks: 2, brokenByZombies: 1, brokenByBlast: 0 });
    // 2 attacks, 1 break: 2 attacks a break (the map's 2 attacks on edge 9, still standing, are apart).
    expect(summary.barricades.built.attacksToBreak.simulated).toBe(2);
    expect(summary.barricades.built.attacksToBreak.exact).toBeCloseTo(3, 12);
    expect(summary.barricades.map.attacksToBreak.simulated).toBeNull();
    expect(summary.barricades.map).toMatchObject({ built: 0, attacked: 1, zombieAttacks: 2, brokenByZombies: 0, brokenByBlast: 1 });
    expect(summary.barricades.builtPerGame.mean).toBe(2);
    // survivors-barricades.csv: one row per barricade, how it ended.
    expect(rows.eventRows[2]?.map((row) => [row[1], row[2], row[4], row[5]])).toEqual([
      [5, 'built', 2, 'zombie'],
      [12, 'map', 0, 'blast'],
      [7, 'built', 0, 'standing'],
      [9, 'map', 2, 'standing'],
    ]);
  });

  it('takes the interval of attacks to break a barricade from the matches, not from counting attacks as independent', () => {
    // Match 0: a barricade takes 4 attacks and stands. Match 1: two barricades break at their
    // first attack. 2 breaks in 6 attacks: 3 attacks a break; the matches disagree far more than
    // 6 independent attacks would, so the interval is wider than Wilson's over the attacks.
    const collector = survivorsReport.createCollector({ eventRows: false });
    const aggregate = survivorsReport.emptyAggregate();
    const matches: SurvivorsEvent[][] = [
      [zombieBreak(5, false), zombieBreak(5, false), zombieBreak(5, false), zombieBreak(5, false), end()],
      [zombieBreak(5, true), { type: 'barricadeBroken', edge: 5, by: 'zombie', round: 3 }, zombieBreak(7, true), { type: 'barricadeBroken', edge: 7, by: 'zombie', round: 3 }, end()],
    ];
    matches.forEach((events, index) => {
      for (const event of events) collector.onEvent(event);
      collector.finishMatch({ matchIndex: index, seed: String(index), cluster: index, clusterSize: 1 }, aggregate);
    });
    const figure = (survivorsReport.summarize(aggregate, 0.95) as SurvivorsSummary).barricades.map.attacksToBreak;
    expect(figure.simulated).toBeCloseTo(3, 12);
    // Clusters (x, n) = (0, 4), (2, 2); R = 1/3; Σ(x − R·n)² = 32/9, times C/(C − 1) = 2: 64/9;
    // over R(1 − R)·Σn = 4/3: a design effect of 16/3.
    const clustered = effectiveRateInterval(2, 6, 16 / 3, 2, 0.95);
    expect(figure.lower).toBeCloseTo(1 / clustered.upper, 9);
    expect(figure.upper).toBeCloseTo(1 / clustered.lower, 9);
    const independent = rateInterval(2, 6, 0.95);
    expect(figure.upper as number).toBeGreaterThan(1 / independent.lower);
  });

  it('weighs the action mix by action points, with passes and unspent actions apart', () => {
    const action = (human: number, kind: 'move' | 'aim' | 'pass', cost: number): SurvivorsEvent => ({ type: 'action', human, action: kind, cost, round: 1 });
    const { summary, rows } = count([
      action(0, 'move', 3), // a window: one action event, three points
      action(0, 'aim', 1),
      { type: 'activationEnd', human: 0, unspent: 0, reason: 'spent', round: 1 },
      action(1, 'pass', 0),
      { type: 'activationEnd', human: 1, unspent: 4, reason: 'pass', round: 1 },
      end(),
    ]);
    expect(summary.actionMix['move']).toMatchObject({ points: 3, share: { successes: 3, n: 4 } });
    expect(summary.actionMix['aim']).toMatchObject({ points: 1, share: { successes: 1, n: 4 } });
    expect(summary.actionMix['pass']).toBeUndefined();
    expect(summary.activations.passed).toMatchObject({ successes: 1, n: 2 });
    expect(summary.activations.passesPerGame.mean).toBe(1);
    expect(summary.actionPoints.spentPerGame.mean).toBe(4);
    expect(summary.actionPoints.unspentPerGame.mean).toBe(4);
    const columns = survivorsReport.matchColumns;
    const byName = (name: string) => rows.matchRow[columns.indexOf(name)];
    expect([byName('activations'), byName('activationsPassed'), byName('actionPointsSpent'), byName('actionPointsUnspent'), byName('humanActions')]).toEqual([2, 1, 4, 4, 2]);
  });

  it('answers the weapon questions exactly: aim then attack beats attacking twice for the knife; for the pistol only a weapon that never breaks would make two shots better', () => {
    const attack = (card: string, weapon: WeaponOdds, aimed: boolean, result: 'kill' | 'miss', broke = false): SurvivorsEvent => ({
      type: 'attack',
      human: 0,
      card,
      roll: 3,
      aimed,
      result,
      broke,
      discarded: broke,
      ranged: card === 'Pistol',
      round: 1,
      exact: aimed ? weapon.aimed : weapon.unaimed,
      weapon,
    });
    const { summary } = count([attack('Kitchen knife', knife, true, 'kill'), attack('Kitchen knife', knife, false, 'miss'), attack('Pistol', pistol, false, 'kill', true), end()]);
    const k = summary.weapons['Kitchen knife']!;
    expect(k.aimThenAttack.exact).toBeCloseTo(1 / 3, 12);
    expect(k.attackTwice.exact).toBeCloseTo(11 / 36, 12); // 30.6%
    expect(k.betterTwoActions).toBe('aimThenAttack');
    expect(k.attackTwiceIfPushOrBreakEnds).toBeCloseTo(1 / 6 + (3 / 6) * (1 / 6), 12);
    expect(k.attacksUntilBreak.exact).toBeNull();
    // 1 kill in 3 actions (the aim counts); exact for the same mix: (1/3 + 1/6) / 3.
    expect(k.killsPerAction.simulated).toBeCloseTo(1 / 3, 12);
    expect(k.killsPerAction.exact).toBeCloseTo((1 / 3 + 1 / 6) / 3, 12);
    const p = summary.weapons['Pistol']!;
    expect(p.aimThenAttack.exact).toBe(0.5);
    expect(p.attackTwice.exact).toBeCloseTo(5 / 9, 12); // 55.6%
    expect(p.betterTwoActions).toBe('equal');
    // Counting that a break ends the second shot (a push does not, at range): 1/3 + 3/6 · 1/3 = 1/2, a tie.
    expect(p.attackTwiceIfPushOrBreakEnds).toBeCloseTo(0.5, 12);
    expect(p.attacksUntilBreak.exact).toBeCloseTo(6, 12);
    expect(p.turnsUntilBreak.exact).toBeCloseTo(1 / (1 - (5 / 6) ** 4), 12);
    expect(p.attacksUntilBreak.simulated).toBe(1); // broke on its only attack
  });

  it("reads the humans' share of the decided games apart from their share of all games: draws count in neither side's decided share", () => {
    const collector = survivorsReport.createCollector({ eventRows: false });
    const aggregate = survivorsReport.emptyAggregate();
    const drawn = end({ deck: 35, keysTopSize: 18, drawsPossible: 20, drawsMade: 9, keysFound: false });
    const winners: SurvivorsEvent[] = [end(), { ...end(), winner: 'zombies', condition: 'kills' } as SurvivorsEvent, drawn, end(), drawn];
    winners.forEach((event, index) => {
      collector.onEvent(event);
      collector.finishMatch({ matchIndex: index, seed: String(index), cluster: index, clusterSize: 1 }, aggregate);
    });
    const summary = survivorsReport.summarize(aggregate, 0.95) as SurvivorsSummary;
    expect([summary.humansWinRate.successes, summary.humansWinRate.n]).toEqual([2, 5]);
    expect([summary.decided.humansWinRate.successes, summary.decided.humansWinRate.n]).toEqual([2, 3]);
    expect(summary.decided.humansWinRate.rate).toBeCloseTo(2 / 3, 12);
    expect(survivorsReport.formatSummary(summary)).toMatch(/Humans among decided games +66\.7% /);
  });

  it('puts the escape arithmetic in the escape report: where the Keys can be and how many draws were possible', () => {
    const { summary } = count([end({ deck: 35, keysTopSize: 18, drawsPossible: 20, drawsMade: 9, keysFound: false })]);
    expect(summary.escape).toMatchObject({ deck: 35, keysFrom: 19, drawsPossible: 20 });
    expect(summary.escape?.chanceKeysWithinReach).toBeCloseTo(2 / 17, 12);
    expect(summary.drawRate.successes).toBe(1);
    expect(survivorsReport.formatSummary(summary)).toContain('the Keys lie uniformly among draws 19–35; the humans can draw at most 20');
  });
});
