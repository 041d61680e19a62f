/**
 * Wald's sequential probability ratio test for a rate (Wald 1945), the test chess engines are
 * tuned with (fishtest): decide between p0 and p1 from the log-likelihood ratio of the
 * successes so far, stopping as soon as it leaves (B, A), with A = ln((1 − β)/α) and
 * B = ln(β/(1 − α)). Its error rates hold however often it is looked at, and at the same error
 * rates it needs on average about half the matches of a fixed-size test, far fewer when the
 * truth is far from p0 and p1.
 */
import { normalQuantile } from './intervals.js';

export type SprtDecision = 'above' | 'below' | 'continue';

export interface SprtState {
  readonly llr: number;
  readonly lowerBound: number;
  readonly upperBound: number;
  readonly decision: SprtDecision;
}

/**
 * The SPRT of p0 = edge − margin against p1 = edge + margin after `successes` in `trials`
 * (effective counts: divide correlated samples by their design effect). `above` accepts p1
 * (the rate is above the edge), `below` accepts p0.
 */
export function sprt(successes: number, trials: number, edge: number, margin: number, alpha: number, beta = alpha): SprtState {
  const p0 = Math.max(1e-9, edge - margin);
  const p1 = Math.min(1 - 1e-9, edge + margin);
  const failures = trials - successes;
  const llr = successes * Math.log(p1 / p0) + failures * Math.log((1 - p1) / (1 - p0));
  const upperBound = Math.log((1 - beta) / alpha);
  const lowerBound = Math.log(beta / (1 - alpha));
  return { llr, lowerBound, upperBound, decision: llr >= upperBound ? 'above' : llr <= lowerBound ? 'below' : 'continue' };
}

/**
 * Trials a fixed-size one-sided test needs for the same decision and error rates:
 * n = ((z_{1−α}·√(p0·q0) + z_{1−β}·√(p1·q1)) / (p1 − p0))².
 */
export function fixedSizeTrials(edge: number, margin: number, alpha: number, beta = alpha): number {
  const p0 = Math.max(1e-9, edge - margin);
  const p1 = Math.min(1 - 1e-9, edge + margin);
  const zAlpha = normalQuantile(1 - 2 * alpha);
  const zBeta = normalQuantile(1 - 2 * beta);
  return Math.ceil(((zAlpha * Math.sqrt(p0 * (1 - p0)) + zBeta * Math.sqrt(p1 * (1 - p1))) / (p1 - p0)) ** 2);
}
