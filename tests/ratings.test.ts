/**
 * Agent ratings: the Bradley–Terry fit on hand-made results against reference values, and on
 * simulated games recovering known Elo differences, its profile-likelihood intervals covering them
 * a clean sweep getting a one-sided bound and a warning. Their coverage over many simulated data
 * sets: tests/ratings-coverage.test.ts. Round robins that produce the results: tests/round-robin.test.ts. Only the statistics here, so
 * that mutation testing of src/stats/ratings.ts runs these alone.
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../src/core/rng.js';
import { fitRatings, rateAgents, type PairingResult } from '../src/stats/ratings.js';
import { simulate } from './ratings-simulation.js';

describe('Bradley–Terry ratings on tiny hand-made results', () => {
  // Reference values: the maximum-likelihood gap of a pairing is 400·log10(score/(games − score));
  // the fit stops at a Newton decrement of 1e−14, about 1e−5 Elo, so estimates are compared to 4 decimals;
  // interval ends solve 2·(ℓ̂ − ℓ)/φ = threshold for the binomial likelihood (SciPy 1.17 brentq),
  // or, for three agents, the constrained profile maximized numerically (scipy.optimize).

  it('fit one pairing exactly: 9–1 is a gap of 400·log10 9, 6 wins, 2 draws, 2 losses one of 400·log10(7/3)', () => {
    const [strong, weak] = fitRatings(2, [{ a: 0, b: 1, wins: 9, draws: 0, losses: 1 }]);
    expect(strong).toBeCloseTo(200 * Math.log10(9), 4);
    expect(weak).toBeCloseTo(-200 * Math.log10(9), 4);
    const [first, second] = fitRatings(2, [{ a: 1, b: 0, wins: 6, draws: 2, losses: 2 }]);
    expect((second as number) - (first as number)).toBeCloseTo(400 * Math.log10(7 / 3), 4);
  });

  it('fit three agents whose results agree with one set of ratings: 3:1, 3:1 and 9:1 give 190.85, 0, −190.85', () => {
    const pairings: PairingResult[] = [
      { a: 0, b: 1, wins: 3, draws: 0, losses: 1 },
      { a: 2, b: 1, wins: 1, draws: 0, losses: 3 },
      { a: 0, b: 2, wins: 9, draws: 0, losses: 1 },
    ];
    const fitted = fitRatings(3, pairings);
    [200 * Math.log10(9), 0, -200 * Math.log10(9)].forEach((rating, agent) => expect(fitted[agent], `agent ${agent}`).toBeCloseTo(rating, 4));
    const { ratings } = rateAgents(3, pairings);
    const expected: [number, number][] = [
      [34.54745551160222, 408.4758413787318],
      [-191.99236328046314, 191.9923632804631],
      [-408.4758413787316, -34.547455511602216],
    ];
    ratings.forEach((rating, agent) => {
      expect(rating.rating, `agent ${agent}`).toBeCloseTo(fitted[agent] as number, 9);
      expect(rating.lower, `agent ${agent}`).toBeCloseTo(expected[agent]?.[0] as number, 3);
      expect(rating.upper, `agent ${agent}`).toBeCloseTo(expected[agent]?.[1] as number, 3);
    });
    expect(ratings.map((rating) => [rating.games, rating.score])).toEqual([
      [14, 12 / 14],
      [8, 4 / 8],
      [14, 2 / 14],
    ]);
  });

  it('give the likelihood-ratio interval of a pairing: 9–1 at 95% is 45.62 to 443.98 for the stronger agent', () => {
    const { ratings, warnings } = rateAgents(2, [{ a: 0, b: 1, wins: 9, draws: 0, losses: 1 }]);
    expect(ratings[0]?.rating).toBeCloseTo(190.84850188786498, 4);
    expect(ratings[0]?.lower).toBeCloseTo(45.618774629144674, 3);
    expect(ratings[0]?.upper).toBeCloseTo(443.97644816660056, 3);
    expect(ratings[1]?.lower).toBeCloseTo(-443.97644816660056, 3);
    expect(ratings[1]?.upper).toBeCloseTo(-45.618774629144674, 3);
    expect(warnings).toEqual(['agent 0 beat agent 1 9–1, a near-clean sweep: their gap rests on 1 point, and its interval is wide and may be open above']);
  });

  it('widen by the dispersion (the log-likelihood over φ) and by its degrees of freedom (t² for z²)', () => {
    const pairing = { a: 0, b: 1, wins: 9, draws: 0, losses: 1, dispersion: 2 };
    const known = rateAgents(2, [pairing]).ratings[0];
    expect(known?.lower).toBeCloseTo(-3.449289106837526, 3);
    expect(known?.upper).toBeCloseTo(615.3003581337657, 3);
    const estimated = rateAgents(2, [{ ...pairing, dispersionDf: 10 }]).ratings[0];
    expect(estimated?.lower).toBeCloseTo(-25.54207192235117, 3);
    expect(estimated?.upper).toBeCloseTo(713.3478846910904, 3);
    // Draws make φ < 1: 6 wins, 2 draws, 2 losses with φ = 0.8 is narrower than with φ = 1.
    const drawn = rateAgents(2, [{ a: 0, b: 1, wins: 6, draws: 2, losses: 2, dispersion: 0.8 }]).ratings[0];
    expect(drawn?.rating).toBeCloseTo(73.59535705891888, 4);
    expect(drawn?.lower).toBeCloseTo(-26.11063860619009, 3);
    expect(drawn?.upper).toBeCloseTo(190.84622878757054, 3);
    const plainRatings = rateAgents(2, [{ a: 0, b: 1, wins: 6, draws: 2, losses: 2 }]).ratings;
    // A draw is half a point to each side.
    expect(plainRatings.map((rating) => [rating.games, rating.score])).toEqual([
      [10, 0.7],
      [10, 0.3],
    ]);
    const plain = plainRatings[0];
    expect(plain?.lower).toBeCloseTo(-37.591419149868756, 3);
    expect(plain?.upper).toBeCloseTo(206.89449134051318, 3);
    // A dispersion of 0 or below is no measurement: taken as 1.
    expect(rateAgents(2, [{ a: 0, b: 1, wins: 6, draws: 2, losses: 2, dispersion: 0 }]).ratings[0]?.lower).toBeCloseTo(-37.591419149868756, 3);
  });

  it('pool the degrees of freedom of every measured dispersion: three pairings of 9 each, t² at 27', () => {
    const pairings: PairingResult[] = [
      { a: 0, b: 1, wins: 5, draws: 2, losses: 3, dispersion: 0.9, dispersionDf: 9 },
      { a: 1, b: 2, wins: 4, draws: 0, losses: 6, dispersion: 1.2, dispersionDf: 9 },
      { a: 0, b: 2, wins: 7, draws: 1, losses: 2, dispersion: 0.7, dispersionDf: 9 },
    ];
    // The maximum-likelihood fit, whatever the dispersions; each interval's threshold times the
    // agent's sandwich-over-naive variance ratio (0.7995, 1.0529, 0.9543). Reference values from an
    // independent fit (SciPy 1.17: BFGS on the likelihood, numpy's pinv, brentq on the profile).
    const expected: [number, number, number][] = [
      [84.66993750918635, -13.199423645733704, 193.10117834890147],
      [-48.37402136284398, -167.32319307275102, 63.092865759895325],
      [-36.29591614634237, -147.60524624284335, 69.9878158771691],
    ];
    rateAgents(3, pairings).ratings.forEach((rating, agent) => {
      const [centre, lower, upper] = expected[agent] as [number, number, number];
      expect(rating.rating, `agent ${agent}`).toBeCloseTo(centre, 3);
      expect(rating.lower, `agent ${agent}`).toBeCloseTo(lower, 3);
      expect(rating.upper, `agent ${agent}`).toBeCloseTo(upper, 3);
    });
  });

  it('are the maximum-likelihood fit whatever the dispersions, which move only the intervals (audit 26a: dividing each pairing by its own dispersion moved aggro from +37.5 to +30)', () => {
    // Audit 26a's round robin of one-card poker, 1,000 rotated pairs a pairing: counts and
    // measured dispersions from its tournament.json. Reference: the same independent fit as above.
    const pairings: PairingResult[] = [
      { a: 0, b: 1, wins: 948, draws: 0, losses: 1052, dispersion: 0.20705435802558267, dispersionDf: 999 },
      { a: 0, b: 2, wins: 737, draws: 0, losses: 1263, dispersion: 0.42571034636983035, dispersionDf: 999 },
      { a: 1, b: 2, wins: 943, draws: 0, losses: 1057, dispersion: 0.11569337683174125, dispersionDf: 999 },
    ];
    const expected: [number, number, number][] = [
      [-36.896547893117706, -40.99251491690907, -32.808172709974855],
      [-0.5857236798549467, -3.487059481057567, 2.3155579486678137],
      [37.48227157297266, 33.701612986859935, 41.269518377133814],
    ];
    const ratings = rateAgents(3, pairings).ratings;
    const plain = fitRatings(3, pairings.map(({ a, b, wins, draws, losses }) => ({ a, b, wins, draws, losses })));
    ratings.forEach((rating, agent) => {
      const [centre, lower, upper] = expected[agent] as [number, number, number];
      expect(rating.rating, `agent ${agent}`).toBeCloseTo(centre, 3);
      expect(rating.rating, `agent ${agent}`).toBeCloseTo(plain[agent] as number, 6);
      expect(rating.lower, `agent ${agent}`).toBeCloseTo(lower, 3);
      expect(rating.upper, `agent ${agent}`).toBeCloseTo(upper, 3);
    });
    // On a balanced schedule the fit's expected scores are the scores seen: aggro's 58.0%.
    const predicted = (1 / (1 + 10 ** (((ratings[0]?.rating as number) - (ratings[2]?.rating as number)) / 400)) + 1 / (1 + 10 ** (((ratings[1]?.rating as number) - (ratings[2]?.rating as number)) / 400))) / 2;
    expect(predicted).toBeCloseTo(ratings[2]?.score as number, 6);
  });

  it('weigh each pairing in the variance ratio by its own games and dispersion: pairings of 50, 20 and 100 games', () => {
    const pairings: PairingResult[] = [
      { a: 0, b: 1, wins: 30, draws: 5, losses: 15, dispersion: 0.6, dispersionDf: 49 },
      { a: 1, b: 2, wins: 8, draws: 2, losses: 10, dispersion: 1.5, dispersionDf: 19 },
      { a: 0, b: 2, wins: 70, draws: 10, losses: 20, dispersion: 0.9, dispersionDf: 99 },
    ];
    // The same independent fit as above (variance ratios 0.7582, 0.9335, 1.0773).
    const expected: [number, number, number][] = [
      [103.88212507576539, 67.49586724923482, 141.874667294263],
      [-34.823568171843995, -92.38121274669068, 21.059637935769302],
      [-69.0585569039214, -121.38928229742255, -18.452466828454238],
    ];
    rateAgents(3, pairings).ratings.forEach((rating, agent) => {
      const [centre, lower, upper] = expected[agent] as [number, number, number];
      expect(rating.rating, `agent ${agent}`).toBeCloseTo(centre, 3);
      expect(rating.lower, `agent ${agent}`).toBeCloseTo(lower, 3);
      expect(rating.upper, `agent ${agent}`).toBeCloseTo(upper, 3);
    });
  });

  it("across a sweep (no finite fit) give every agent the largest dispersion of all pairings, a bound on its variance ratio (review 26c: its own pairings' largest was none)", () => {
    // A chain A–B (dispersion 0.5), B–C (5), and a sweep C–D elsewhere.
    const chain: PairingResult[] = [
      { a: 0, b: 1, wins: 60, draws: 0, losses: 40, dispersion: 0.5, dispersionDf: 99 },
      { a: 1, b: 2, wins: 55, draws: 0, losses: 45, dispersion: 5, dispersionDf: 99 },
    ];
    const swept: PairingResult[] = [...chain, { a: 2, b: 3, wins: 2, draws: 0, losses: 0, dispersion: 1, dispersionDf: 1 }];
    const ratings = rateAgents(4, swept).ratings;
    const allAt = (dispersion: number): ReturnType<typeof rateAgents>['ratings'] => rateAgents(4, swept.map((pairing) => ({ ...pairing, dispersion }))).ratings;
    for (let agent = 0; agent < 4; agent++) {
      const same = allAt(5)[agent];
      expect([ratings[agent]?.lower, ratings[agent]?.upper], `agent ${agent}`).toEqual([same?.lower, same?.upper]);
    }
    // Without the sweep, A's ratio mixes both pairings (about 1.38): never above the largest, 5.
    const finite = rateAgents(3, chain).ratings[0];
    const widest = rateAgents(3, chain.map((pairing) => ({ ...pairing, dispersion: 5 }))).ratings[0];
    expect((finite?.upper as number) - (finite?.lower as number)).toBeLessThan((widest?.upper as number) - (widest?.lower as number));
  });

  it('give agents without games no rating and no interval', () => {
    const ratings = rateAgents(2, [{ a: 0, b: 1, wins: 0, draws: 0, losses: 0, dispersion: 0.5, dispersionDf: 3 }]).ratings;
    expect(ratings.map((rating) => [rating.rating, rating.lower, rating.upper])).toEqual([
      [Number.NaN, -Infinity, Infinity],
      [Number.NaN, -Infinity, Infinity],
    ]);
  });

  it('pool the degrees of freedom of the measured dispersions only: a pairing without one adds none', () => {
    // A dispersion of 1 leaves the likelihood as it is, so only the pooled degrees of freedom differ.
    const base: PairingResult[] = [
      { a: 0, b: 1, wins: 5, draws: 2, losses: 3 },
      { a: 1, b: 2, wins: 4, draws: 0, losses: 6 },
      { a: 0, b: 2, wins: 7, draws: 1, losses: 2 },
    ];
    const mixed = rateAgents(3, [{ ...base[0], dispersion: 1, dispersionDf: 9 } as PairingResult, base[1] as PairingResult, base[2] as PairingResult]).ratings;
    const spread = rateAgents(3, base.map((pairing) => ({ ...pairing, dispersion: 1, dispersionDf: 3 }))).ratings;
    const plain = rateAgents(3, base).ratings;
    mixed.forEach((rating, agent) => {
      expect(rating.lower, `agent ${agent}`).toBeCloseTo(spread[agent]?.lower as number, 6);
      expect(rating.upper, `agent ${agent}`).toBeCloseTo(spread[agent]?.upper as number, 6);
      expect(rating.upper - rating.lower, `agent ${agent}`).toBeGreaterThan((plain[agent]?.upper as number) - (plain[agent]?.lower as number) + 1);
    });
  });

  it('give a clean sweep no finite rating, a one-sided bound at the full confidence, and warnings', () => {
    // 20–0: the winner's one-sided 95% bound solves 2·20·ln(1/p) = z²₀.₉₀ = 2.7055, so p = 0.9346
    // and half the gap is 231.01.
    const { ratings, warnings } = rateAgents(2, [{ a: 1, b: 0, wins: 0, draws: 0, losses: 20 }]);
    expect(fitRatings(2, [{ a: 1, b: 0, wins: 0, draws: 0, losses: 20 }])).toEqual([Number.NaN, Number.NaN]);
    expect(Number.isNaN(ratings[0]?.rating)).toBe(true);
    expect(ratings[0]?.lower).toBeCloseTo(231.0070322990387, 3);
    expect(ratings[0]?.upper).toBe(Infinity);
    expect(ratings[1]?.lower).toBe(-Infinity);
    expect(ratings[1]?.upper).toBeCloseTo(-231.0070322990387, 3);
    expect(ratings.map((rating) => [rating.games, rating.score])).toEqual([
      [20, 1],
      [20, 0],
    ]);
    // With a measured dispersion (1, on 5 degrees of freedom) the one-sided bound takes t²₀.₉₀,₅
    // = 4.0604: p = 0.9035 and 194.25 (SciPy 1.17, t.ppf(0.95, 5)).
    const measured = rateAgents(2, [{ a: 1, b: 0, wins: 0, draws: 0, losses: 20, dispersion: 1, dispersionDf: 5 }]).ratings;
    expect(measured[0]?.lower).toBeCloseTo(194.25197320763348, 3);
    expect(measured[1]?.upper).toBeCloseTo(-194.25197320763348, 3);
    expect(warnings).toEqual([
      'agent 0 swept agent 1 20–0: their gap has no finite estimate, only a lower bound',
      'a clean sweep splits the agents: no finite maximum-likelihood ratings, only the intervals (open on the swept side)',
    ]);
  });

  it('count a cycle of sweeps as connected: every agent beat one and lost to another, so all rate 0', () => {
    const pairings: PairingResult[] = [
      { a: 0, b: 1, wins: 3, draws: 0, losses: 0 },
      { a: 1, b: 2, wins: 3, draws: 0, losses: 0 },
      { a: 2, b: 0, wins: 3, draws: 0, losses: 0 },
    ];
    for (const rating of fitRatings(3, pairings)) expect(rating).toBeCloseTo(0, 9);
    const { ratings, warnings } = rateAgents(3, pairings, 0.95, ['x', 'y', 'z']);
    for (const rating of ratings) {
      expect(rating.rating).toBeCloseTo(0, 9);
      expect(Number.isFinite(rating.lower) && Number.isFinite(rating.upper)).toBe(true);
    }
    expect(warnings).toEqual(['x swept y 3–0: their gap has no finite estimate, only a lower bound', 'y swept z 3–0: their gap has no finite estimate, only a lower bound', 'z swept x 3–0: their gap has no finite estimate, only a lower bound']);
    // Draws connect both ways: a drawn game keeps the fit finite across what would be a sweep.
    const drawn = fitRatings(2, [{ a: 0, b: 1, wins: 4, draws: 1, losses: 0 }]);
    expect((drawn[0] as number) - (drawn[1] as number)).toBeCloseTo(400 * Math.log10(4.5 / 0.5), 4);
  });

  it('warn of near sweeps by the points they rest on, and not from 2 points on', () => {
    const warningsOf = (wins: number, draws: number, losses: number): string[] => rateAgents(2, [{ a: 0, b: 1, wins, draws, losses }], 0.95, ['p', 'q']).warnings;
    expect(warningsOf(18, 1, 1)).toEqual(['p beat q 18.5–1.5, a near-clean sweep: their gap rests on 1.5 points, and its interval is wide and may be open above']);
    expect(warningsOf(1, 0, 12)).toEqual(['q beat p 12–1, a near-clean sweep: their gap rests on 1 point, and its interval is wide and may be open above']);
    expect(warningsOf(18, 0, 2)).toEqual([]);
    expect(warningsOf(2, 0, 2)).toEqual([]);
  });

  it('call an even split of one or two games a split, not a sweep', () => {
    const warningsOf = (wins: number, draws: number, losses: number): string[] => rateAgents(2, [{ a: 0, b: 1, wins, draws, losses }], 0.95, ['p', 'q']).warnings;
    expect(warningsOf(1, 0, 1)).toEqual(['p and q split 1–1 in 2 games: their gap rests on so few points that its interval is wide']);
    expect(warningsOf(0, 1, 0)).toEqual(['p and q split 0.5–0.5 in 1 game: their gap rests on so few points that its interval is wide']);
    expect(warningsOf(0, 3, 0)).toEqual(['p and q split 1.5–1.5 in 3 games: their gap rests on so few points that its interval is wide']);
    expect(warningsOf(1, 2, 1)).toEqual([]);
  });

  it('leave agents without games unrated, and ignore pairings without games', () => {
    const pairings: PairingResult[] = [
      { a: 0, b: 2, wins: 9, draws: 0, losses: 1 },
      { a: 1, b: 2, wins: 0, draws: 0, losses: 0 },
    ];
    const fitted = fitRatings(3, pairings);
    expect(fitted[0]).toBeCloseTo(200 * Math.log10(9), 4);
    expect(Number.isNaN(fitted[1])).toBe(true);
    expect(fitted[2]).toBeCloseTo(-200 * Math.log10(9), 4);
    const { ratings, warnings } = rateAgents(3, pairings);
    expect(ratings[1]).toEqual({ agent: 1, rating: Number.NaN, lower: -Infinity, upper: Infinity, games: 0, score: Number.NaN });
    expect(ratings[0]?.lower).toBeCloseTo(45.618774629144674, 3);
    expect(ratings[2]?.upper).toBeCloseTo(-45.618774629144674, 3);
    expect(warnings).toHaveLength(1);
    // A single agent has no one to be rated against.
    expect(rateAgents(1, []).ratings).toEqual([{ agent: 0, rating: Number.NaN, lower: -Infinity, upper: Infinity, games: 0, score: Number.NaN }]);
    // Not even itself: its games are counted, and it stays unrated.
    expect(rateAgents(1, [{ a: 0, b: 0, wins: 2, draws: 0, losses: 1 }]).ratings).toEqual([{ agent: 0, rating: Number.NaN, lower: -Infinity, upper: Infinity, games: 3, score: 2 / 3 }]);
    // Pairings without games split nobody: no warning.
    expect(rateAgents(2, [{ a: 0, b: 1, wins: 0, draws: 0, losses: 0 }]).warnings).toEqual([]);
  });
});

describe('Elo ratings', () => {
  it('recover known rating differences from simulated games, with no prior pulling them together', () => {
    const truth = [-150, 0, 50, 100];
    const fitted = fitRatings(4, simulate(truth, 4000, Rng.fromSeed(0x1e10n)));
    expect(fitted.reduce((sum, r) => sum + r, 0)).toBeCloseTo(0, 9);
    const centre = truth.reduce((sum, r) => sum + r, 0) / truth.length;
    fitted.forEach((rating, agent) => expect(Math.abs(rating - ((truth[agent] as number) - centre)), `agent ${agent}`).toBeLessThan(15));
    // 9 wins, 1 loss: the maximum-likelihood gap is 400·log10(9) = 381.7 exactly (a virtual draw would shrink it).
    const [strong, weak] = fitRatings(2, [{ a: 0, b: 1, wins: 9, draws: 0, losses: 1 }]);
    expect((strong as number) - (weak as number)).toBeCloseTo(400 * Math.log10(9), 6);
  });

  it('give intervals that contain the truth, and one-sided ones with a warning across a clean sweep', () => {
    const truth = [0, 120, 300];
    const { ratings, warnings } = rateAgents(3, simulate(truth, 600, Rng.fromSeed(0x5eedn)));
    const centre = truth.reduce((sum, r) => sum + r, 0) / truth.length;
    expect(warnings).toEqual([]);
    for (const rating of ratings) {
      expect(rating.lower).toBeLessThan(rating.rating);
      expect(rating.upper).toBeGreaterThan(rating.rating);
      expect((truth[rating.agent] as number) - centre).toBeGreaterThanOrEqual(rating.lower);
      expect((truth[rating.agent] as number) - centre).toBeLessThanOrEqual(rating.upper);
    }
    const sweep = rateAgents(2, [{ a: 0, b: 1, wins: 20, draws: 0, losses: 0 }], 0.95, ['strong', 'weak']);
    const [winner, loser] = sweep.ratings;
    expect(Number.isNaN(winner?.rating)).toBe(true);
    expect(winner?.upper).toBe(Infinity);
    expect(winner?.lower).toBeGreaterThan(0);
    expect(loser?.lower).toBe(-Infinity);
    expect(loser?.upper).toBeCloseTo(-(winner?.lower as number), 6);
    expect(sweep.warnings[0]).toBe('strong swept weak 20–0: their gap has no finite estimate, only a lower bound');
    expect(rateAgents(2, [{ a: 0, b: 1, wins: 19, draws: 1, losses: 0 }], 0.95, ['strong', 'weak']).warnings[0]).toContain('near-clean sweep');
  });
});
