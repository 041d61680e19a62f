/**
 * A ladder's verdicts from its levels' figures, with no match played: each figure against its
 * reference or band, every two levels compared (Bonferroni), the built-in games' headlines, and
 * a fair share counted over the seats that act. Apart from the ladders that play (ladder.test.ts)
 * so that mutation testing of `src/ladder/headlines.ts` runs only these.
 */
import { describe, expect, it } from 'vitest';
import { bandOf, formatValue, headlinesOf, judge, readFigure, sideOf, withActingSeats, type Figure } from '../src/ladder/headlines.js';
import type { GameModule } from '../src/core/game-module.js';
import { games } from '../src/registry.js';
import { rateInterval } from '../src/stats/rate-interval.js';

const builtInGames = [...games.values()];

describe('verdicts', () => {
  const figure = (value: number, half = 0.02): Figure => ({ value, lower: value - half, upper: value + half, n: 1000, percent: true });
  const at = (...values: number[]): { level: string; figure: Figure }[] => values.map((value, index) => ({ level: `L${index + 1}`, figure: figure(value) }));

  it('holds when every level reads the same side of the reference', () => {
    const { verdict } = judge({ path: 'p', label: 'p', reference: 0.5 }, at(0.56, 0.6, 0.58), null, 0.95);
    expect(verdict).toEqual({ holds: true, shownToChange: false, text: 'holds at every level: above 50%' });
  });

  it('says where it crosses the reference', () => {
    const { verdict } = judge({ path: 'p', label: 'p', reference: 0.5 }, at(0.56, 0.45, 0.4), null, 0.95);
    expect([verdict.holds, verdict.shownToChange]).toEqual([false, true]);
    expect(verdict.text).toBe('crosses 50% (first between L1 and L2): above 50% at L1; below 50% at L2 and L3');
  });

  it('names the two levels it crosses between, not where the reading first differs (audit 42d F3)', () => {
    // The audit's choice game: random play is fair, greedy follows a wrong heuristic (20%), MCTS finds the right move (80%).
    const levels = ['random', 'greedy', 'mcts:iterations=200'].map((level, index) => ({ level, figure: figure([0.5, 0.2, 0.8][index] as number) }));
    expect(judge({ path: 'p', label: 'First wins among decided matches', reference: 0.5 }, levels, null, 0.95).verdict).toEqual({
      holds: false,
      shownToChange: true,
      text: 'crosses 50% (first between greedy and mcts:iterations=200): not distinguishable from 50% at random; below 50% at greedy; above 50% at mcts:iterations=200',
    });
    const where = (reference: number, ...values: number[]): string | undefined => /\((first between \S+ and \S+)\)/.exec(judge({ path: 'p', label: 'p', reference }, at(...values), null, 0.95).verdict.text)?.[1];
    // Levels not distinguishable from the reference between the two sides are passed over.
    expect(where(0.5, 0.4, 0.5, 0.5, 0.6)).toBe('first between L1 and L4');
    expect(where(0.5, 0.5, 0.6, 0.5, 0.4)).toBe('first between L2 and L4');
    // The first crossing of several; a difference changing sign alike.
    expect(where(0.5, 0.6, 0.4, 0.6)).toBe('first between L1 and L2');
    expect(where(0, 0, 0.1, 0, -0.1)).toBe('first between L2 and L4');
    // Where it does not cross, the first two levels in a row that read differently.
    expect(where(0.5, 0.6, 0.6, 0.5, 0.7)).toBe('first between L2 and L3');
  });

  it('says a difference changes sign, and when the edge fades into the interval', () => {
    const sign = judge({ path: 'd', label: 'd', reference: 0 }, at(0.1, -0.1), null, 0.95).verdict;
    expect(sign.text).toMatch(/^changes sign \(first between L1 and L2\)/);
    const fades = judge({ path: 'p', label: 'p', reference: 0.5 }, at(0.56, 0.51), null, 0.95).verdict;
    expect(fades.text).toBe('changes (first between L1 and L2): above 50% at L1; not distinguishable from 50% at L2');
    expect([sign.shownToChange, fades.shownToChange]).toEqual([true, true]);
    // Above at one level, not distinguishable at the next, the two figures 1.5 points apart
    // (within chance): a matter of the intervals, not said to be a change (audit 20).
    const resolution = judge({ path: 'p', label: 'p', reference: 0.5 }, at(0.53, 0.515), null, 0.95).verdict;
    // Neither held nor shown to change (audit 28a: a CI gate on holds alone failed there 12% of the time at three levels of one value).
    expect(resolution).toEqual({ holds: false, shownToChange: false, text: 'reads differently, though no two levels differ beyond chance (first between L1 and L2): above 50% at L1; not distinguishable from 50% at L2' });
    // Two levels far apart on the same side, the reading changing only by a little later on:
    // 80% and 51.5% do differ beyond chance, so this is a change (review 20).
    const apart = judge({ path: 'p', label: 'p', reference: 0.5 }, at(0.8, 0.53, 0.515), null, 0.95).verdict;
    expect(apart.text).toMatch(/^changes \(first between L2 and L3\)/);
  });

  it('holds each pair of levels to the confidence shared among all the pairs compared (Bonferroni; audit 22)', () => {
    // 53% and 50% are 2.08 standard errors apart: beyond chance as the one pair of two levels,
    // within it as one of three pairs (2.39 needed), where levels of one value read "changes"
    // 7.5% of the time when every pair was held to 1.96.
    expect(judge({ path: 'p', label: 'p', reference: 0.5 }, at(0.53, 0.5), null, 0.95).verdict.text).toMatch(/^changes \(first between L1 and L2\)/);
    expect(judge({ path: 'p', label: 'p', reference: 0.5 }, at(0.53, 0.5, 0.51), null, 0.95).verdict.text).toMatch(/^reads differently, though no two levels differ beyond chance \(first between L1 and L2\)/);
    // 3.5 points (2.43 standard errors) is beyond chance among three pairs.
    expect(judge({ path: 'p', label: 'p', reference: 0.5 }, at(0.535, 0.5, 0.51), null, 0.95).verdict.text).toMatch(/^changes \(first between L1 and L2\)/);
    // Without a reference, every pair too: three comparisons for three levels. 3 points (2.08
    // standard errors) is beyond chance as the one pair of two levels, within it as one of three.
    expect(judge({ path: 't', label: 't' }, at(0.1, 0.13), null, 0.95).verdict).toMatchObject({ holds: false, shownToChange: true });
    expect(judge({ path: 't', label: 't' }, at(0.1, 0.13, 0.12), null, 0.95).verdict).toEqual({ holds: true, shownToChange: false, text: 'holds at every level: no two levels differ beyond chance' });
    // A drift in steps each within chance, its ends beyond it: a change between the ends, where
    // level-by-level comparisons read "holds at every level" (audit 37a: 10%, 12.5%, 15%).
    expect(judge({ path: 't', label: 't' }, at(0.1, 0.13, 0.16), null, 0.95).verdict).toEqual({ holds: false, shownToChange: true, text: 'changes beyond chance between levels (L1 → L3: 10% → 16%)' });
    expect(judge({ path: 't', label: 't' }, at(0.1, 0.13, 0.16, 0.19), null, 0.95).verdict.text).toBe('changes beyond chance between levels (L1 → L3: 10% → 16%; L1 → L4: 10% → 19%; L2 → L4: 13% → 19%)');
  });

  it('says where a headline is outside its band, and where one without reference moves beyond chance', () => {
    const band = judge({ path: 'p', label: 'p', reference: 0.5 }, at(0.52, 0.6), { low: 0.45, high: 0.55 }, 0.95).verdict;
    expect(band.holds).toBe(false);
    expect(band.text).toMatch(/outside the band \[45%, 55%\] at L2/);
    expect(judge({ path: 't', label: 't' }, at(0.1, 0.11), null, 0.95).verdict.holds).toBe(true);
    expect(judge({ path: 't', label: 't' }, at(0.1, 0.3), null, 0.95).verdict.text).toMatch(/changes beyond chance between levels \(L1 → L2: 10% → 30%\)/);
  });
});

describe('two levels of one rate, with few matches (audit 38d)', () => {
  const rate = (successes: number, n: number): Figure => {
    const { rate: value, lower, upper } = rateInterval(successes, n, 0.95);
    return { value, lower, upper, n, percent: true };
  };
  /** Whether a headline without reference reads a change between the levels of these rates. */
  const moved = (...rates: Figure[]): boolean => judge({ path: 't', label: 't' }, rates.map((figure, index) => ({ level: `L${index + 1}`, figure })), null, 0.95).verdict.shownToChange;

  it("compares two rates by each interval's arm toward the other, not by its whole width", () => {
    // 2 of 4 against 0 of 4, 3 of 10 against 0 of 10: as likely as 29% and 26% from two levels of
    // one rate, where the whole widths of two lopsided intervals read them as beyond chance.
    expect(moved(rate(2, 4), rate(0, 4))).toBe(false);
    expect(moved(rate(3, 10), rate(0, 10))).toBe(false);
    // 4 of 4 against 0 of 4 (at most 0.8% from one rate) is beyond chance as one pair of two levels.
    expect(moved(rate(4, 4), rate(0, 4))).toBe(true);
    // Symmetric intervals (a mean's) compare as before: two standard errors, 1.96 needed.
    const mean = (value: number): Figure => ({ value, lower: value - 1.96, upper: value + 1.96, n: 100, percent: false });
    expect(moved(mean(0), mean(2.78))).toBe(true);
    expect(moved(mean(0), mean(2.76))).toBe(false);
  });

  it('flags two levels of one rate about as often as its confidence allows, counted exactly over every outcome', () => {
    const probability = (n: number, k: number, p: number): number => {
      let log = 0;
      for (let i = 1; i <= k; i++) log += Math.log((n - k + i) / i);
      return Math.exp(log + k * Math.log(p) + (n - k) * Math.log(1 - p));
    };
    for (let n = 5; n <= 40; n++) {
      const figures = Array.from({ length: n + 1 }, (_, k) => rate(k, n));
      let worst = 0;
      for (const p of [0.1, 0.2, 0.3, 0.4, 0.5]) {
        let flagged = 0;
        for (let i = 0; i <= n; i++) for (let j = 0; j <= n; j++) if (moved(figures[i] as Figure, figures[j] as Figure)) flagged += probability(n, i, p) * probability(n, j, p);
        worst = Math.max(worst, flagged);
      }
      // 5% give or take the discreteness of few matches and the intervals' own coverage: at most
      // 7.7% (at 8 matches), where the whole width gave 10.9% to 11.6% at 5 and 10 matches and
      // 8.1% at 20, and 29% at 4.
      expect(worst, `${n} matches a level`).toBeLessThan(0.08);
    }
  });
});

describe("the built-in games' headlines", () => {
  it('judge win rates against 50% and differences against 0, and give other shares no reference', () => {
    const references = Object.fromEntries(builtInGames.flatMap((module) => (module.headlines ?? []).map((headline) => [`${module.game.id}:${headline.path}`, headline.reference ?? null])));
    expect(references).toEqual({
      'zombie-trainers:p1WinRate': 0.5,
      'zombie-trainers:tieRule.tieRate': null,
      'zombie-trainers:decided.p1WinRate': 0.5,
      // Half the matches reaching the round cap is no balance line: the verdict says where it moves.
      'zombie-trainers:cappedRate': null,
      'integer-duel:plantsMinusZombies': 0,
      'integer-duel:plantsWinRate': null,
      'integer-duel:drawRate': null,
      'tic-tac-toe:quality.firstMover.decidedWin': 0.5,
      'tic-tac-toe:quality.draw': null,
      'coin-flip:decided.p1WinRate': 0.5,
      'coin-flip:drawRate': null,
      'survivors:decided.humansWinRate': 0.5,
      'survivors:drawRate': null,
    });
    const share = (level: string, value: number, lower: number, upper: number): { level: string; figure: Figure } => ({ level, figure: { value, lower, upper, n: 200, percent: true } });
    const capped = judge({ path: 'cappedRate', label: 'Capped share' }, [share('greedy', 0.27, 0.213, 0.335), share('trainers-tempo', 1, 0.981, 1)], null, 0.95).verdict.text;
    expect(capped).toMatch(/^changes beyond chance between levels \(greedy → trainers-tempo/);
  });
});

describe('a fair share over the seats that act (audit 37a F5)', () => {
  const headline = { path: 'decided.seat1WinRate', label: 'A wins among decided matches', reference: 1 / 3, fairShare: true } as const;
  const acting = (seats: number[] | undefined, wins: Record<string, number> = {}): unknown => ({
    quality: {
      firstMover: { advantage: seats === undefined ? { fair: 1 / 3 } : { fair: 1 / seats.length, actingSeats: seats } },
      bySeat: Object.fromEntries(['seat1', 'seat2', 'seat3'].map((seat) => [seat, { win: { successes: wins[seat] ?? 0 } }])),
    },
  });
  const seats = ['A', 'B', 'C'];

  it('counts the seats that acted at any level, and says which never did', () => {
    const { headline: judged, note } = withActingSeats(headline, seats, [acting([1, 2]), acting([1, 2])]);
    expect(judged).toEqual({ path: 'decided.seat1WinRate', label: 'A wins among decided matches', reference: 0.5, fairShare: true });
    expect(note).toBe('reference 50%, not 33.33%: C made no decision at any level, so the fair share counts the 2 seats that did');
    // A seat that acted at one level only acts: counted.
    expect(withActingSeats(headline, seats, [acting([1, 2]), acting(undefined)])).toEqual({ headline, note: null });
    expect(withActingSeats(headline, seats, [acting([1]), acting([2, 3])]).note).toBeNull();
    expect(withActingSeats(headline, seats, [acting([1, 3]), acting([3])]).note).toBe('reference 50%, not 33.33%: B made no decision at any level, so the fair share counts the 2 seats that did');
  });

  it('says a seat that never acts yet won is no fair reference, and gives none where one seat alone acts', () => {
    expect(withActingSeats(headline, seats, [acting([1, 2], { seat3: 4 })]).note).toBe('reference 50%, not 33.33%: C made no decision at any level, so the fair share counts the 2 seats that did; yet C won matches without ever acting, so even that share is no fair reference');
    const alone = withActingSeats(headline, seats, [acting([1], { seat2: 0, seat3: 2 }), acting([1])]);
    expect(alone.headline).toEqual({ path: 'decided.seat1WinRate', label: 'A wins among decided matches', fairShare: true });
    expect(alone.note).toBe('no reference: A alone made decisions (B and C made no decision at any level), so there is no fair share to hold it against; C won matches without ever acting');
    expect(withActingSeats(headline, seats, [acting([1])]).note).toBe('no reference: A alone made decisions (B and C made no decision at any level), so there is no fair share to hold it against');
  });

  it('leaves other headlines, and results that do not say, as they are', () => {
    const plain = { path: 'drawRate', label: 'Draws' };
    expect(withActingSeats(plain, seats, [acting([1, 2])])).toEqual({ headline: plain, note: null });
    expect(withActingSeats(headline, seats, [])).toEqual({ headline, note: null });
    expect(withActingSeats(headline, seats, [{ quality: { firstMover: { advantage: { actingSeats: ['1'] } } } }])).toEqual({ headline, note: null });
    expect(withActingSeats(headline, seats, [null])).toEqual({ headline, note: null });
    expect(withActingSeats({ ...headline, fairShare: false }, seats, [acting([1, 2])])).toEqual({ headline: { ...headline, fairShare: false }, note: null });
  });
});

describe('reading a level', () => {
  it("reads a rate, a difference or a mean with its interval, and nothing where there is no figure or no sample", () => {
    const results = {
      p: { rate: 0.4, lower: 0.3, upper: 0.5, n: 90 },
      d: { difference: -0.1, lower: -0.2, upper: 0, n: 80 },
      m: { mean: 7.5, lower: 7, upper: 8, n: 70 },
      empty: { rate: 0, lower: 0, upper: 1, n: 0 },
      nan: { rate: Number.NaN, lower: 0, upper: 1, n: 5 },
      noValue: { lower: 0, upper: 1, n: 5 },
      noN: { rate: 0.5, lower: 0, upper: 1 },
      noLower: { rate: 0.5, upper: 1, n: 5 },
      noUpper: { rate: 0.5, lower: 0, n: 5 },
      textual: { rate: '0.5', lower: 0, upper: 1, n: 5 },
      listed: [{ rate: 0.5, lower: 0, upper: 1, n: 5 }],
      group: { inner: { mean: 2, lower: 1, upper: 3, n: 4 } },
    };
    expect(readFigure(results, 'p')).toEqual({ value: 0.4, lower: 0.3, upper: 0.5, n: 90, percent: true });
    // A difference is marked, so its chart's axis runs below 0 (audit 40b F1).
    expect(readFigure(results, 'd')).toEqual({ value: -0.1, lower: -0.2, upper: 0, n: 80, percent: true, difference: true });
    expect(readFigure(results, 'm')).toEqual({ value: 7.5, lower: 7, upper: 8, n: 70, percent: false });
    expect(readFigure(results, 'group.inner')).toEqual({ value: 2, lower: 1, upper: 3, n: 4, percent: false });
    for (const path of ['empty', 'nan', 'noValue', 'noN', 'noLower', 'noUpper', 'textual', 'listed', 'listed.0', 'missing', 'p.rate', 'group']) expect(readFigure(results, path), path).toBeNull();
    expect(readFigure(null, 'p')).toBeNull();
    // A rate beside a mean: the rate is the figure, in percent.
    expect(readFigure({ both: { rate: 0.2, mean: 3, lower: 0.1, upper: 0.3, n: 9 } }, 'both')).toEqual({ value: 0.2, lower: 0.1, upper: 0.3, n: 9, percent: false });
    expect(readFigure({ both: { difference: 0.2, mean: 3, lower: 0.1, upper: 0.3, n: 9 } }, 'both')?.value).toBe(0.2);
  });

  it("takes a game's own headlines, or its default metric against 50%", () => {
    const own = [{ path: 'x', label: 'X' }];
    expect(headlinesOf({ headlines: own, defaultMetric: 'y' } as unknown as GameModule)).toBe(own);
    expect(headlinesOf({ defaultMetric: 'y' } as unknown as GameModule)).toEqual([{ path: 'y', label: 'y', reference: 0.5 }]);
  });

  it('puts an interval touching its reference or a band edge on the side it reaches', () => {
    const figure = (lower: number, upper: number): Figure => ({ value: (lower + upper) / 2, lower, upper, n: 10, percent: true });
    expect(sideOf(figure(0.5, 0.6), 0.5)).toBe('at');
    expect(sideOf(figure(0.5001, 0.6), 0.5)).toBe('above');
    expect(sideOf(figure(0.4, 0.5), 0.5)).toBe('at');
    expect(sideOf(figure(0.4, 0.4999), 0.5)).toBe('below');
    const band = { low: 0.4, high: 0.6 };
    expect(bandOf(figure(0.4, 0.6), band)).toBe('inside');
    expect(bandOf(figure(0.39, 0.6), band)).toBe('unclear');
    expect(bandOf(figure(0.4, 0.61), band)).toBe('unclear');
    expect(bandOf(figure(0.3, 0.4), band)).toBe('unclear');
    expect(bandOf(figure(0.3, 0.3999), band)).toBe('outside');
    expect(bandOf(figure(0.6, 0.7), band)).toBe('unclear');
    expect(bandOf(figure(0.6001, 0.7), band)).toBe('outside');
    expect(formatValue(0.5, true)).toBe('50%');
    expect(formatValue(1 / 3, true)).toBe('33.33%');
    expect(formatValue(0.25, false)).toBe('0.25');
    expect(formatValue(-1.23456, false)).toBe('-1.235');
    // A rate short of all or none as the tables print it (review 37h: a band edge of 0.99999 read 100%).
    expect([formatValue(0.99999, true), formatValue(0.00001, true), formatValue(1, true), formatValue(0, true)]).toEqual(['99.999%', '0.001%', '100%', '0%']);
  });
});

describe('verdicts with bands and levels without a figure', () => {
  const figure = (value: number, half = 0.02): Figure => ({ value, lower: value - half, upper: value + half, n: 1000, percent: true });
  const levels = (...values: (number | null)[]): { level: string; figure: Figure | null }[] => values.map((value, index) => ({ level: `L${index + 1}`, figure: value === null ? null : figure(value) }));

  it('says which levels are outside the band and which only unclear, and holds only inside it', () => {
    const band = { low: 0.45, high: 0.55 };
    const ref = { path: 'p', label: 'p', reference: 0.5 };
    expect(judge(ref, levels(0.5, 0.51), band, 0.95).verdict).toEqual({ holds: true, shownToChange: false, text: 'holds at every level: not distinguishable from 50%; inside the band [45%, 55%]' });
    const unclear = judge(ref, [{ level: 'L1', figure: figure(0.5) }, { level: 'L2', figure: figure(0.52, 0.05) }], band, 0.95);
    expect(unclear.readings.map((reading) => reading.band)).toEqual(['inside', 'unclear']);
    expect(unclear.verdict).toEqual({ holds: false, shownToChange: false, text: 'not distinguishable from 50%; not clearly inside the band [45%, 55%] at L2' });
    expect(judge(ref, levels(0.6, 0.54, 0.62), band, 0.95).verdict.text).toBe('above 50%; outside the band [45%, 55%] at L1 and L3; not clearly inside the band [45%, 55%] at L2');
    expect(judge({ path: 't', label: 't' }, levels(0.3), band, 0.95).verdict.text).toBe('no two levels differ beyond chance; outside the band [45%, 55%] at L1');
  });

  it('names the levels that gave no figure, and does not hold there; none measured is said so', () => {
    const ref = { path: 'p', label: 'p', reference: 0.5 };
    const some = judge(ref, levels(0.6, null, 0.62), null, 0.95);
    expect(some.readings.map((reading) => [reading.side, reading.band])).toEqual([['above', null], [null, null], ['above', null]]);
    expect(some.verdict.holds).toBe(false);
    expect(some.verdict.text).toMatch(/^above 50%; not measured at L2 \(no figure with an interval there/);
    const none = judge(ref, levels(null, null), null, 0.95);
    expect(none.verdict).toEqual({ holds: false, shownToChange: false, text: expect.stringMatching(/^not measured at any level \(no figure with an interval there/) });
    expect(none.readings).toHaveLength(2);
    // Without a reference no reading has a side.
    expect(judge({ path: 't', label: 't' }, levels(0.3, 0.31), null, 0.95).readings.map((reading) => reading.side)).toEqual([null, null]);
  });

  it('compares two figures of no spread as no change, and a change of exactly the threshold as none', () => {
    const exact = (value: number): Figure => ({ value, lower: value, upper: value, n: 10, percent: true });
    expect(judge({ path: 't', label: 't' }, [{ level: 'a', figure: exact(0.1) }, { level: 'b', figure: exact(0.3) }], null, 0.95).verdict.text).toBe('holds at every level: no two levels differ beyond chance');
    // Crossing: the first level that reads otherwise, after the one before it.
    const crossing = judge({ path: 'p', label: 'p', reference: 0.5 }, levels(0.6, 0.61, 0.4), null, 0.95).verdict;
    expect(crossing).toEqual({ holds: false, shownToChange: true, text: 'crosses 50% (first between L2 and L3): above 50% at L1 and L2; below 50% at L3' });
  });
});
