/**
 * Integer Duel parameters: every [default] rule of `shared/rules/integer-duel.md`, named, with
 * its default. [seed] rules are in `rules.ts`.
 */
import { z } from 'zod';
import type { ParameterIssue, ParameterSpecs } from '../../core/parameters.js';
import { SPELL_KINDS, parseCard, spellKind } from './cards.js';

/** Counts per card name, e.g. `{ "+3": 4, negate: 2 }`. */
export type Deck = Readonly<Record<string, number>>;

export interface IntegerDuelParams {
  decks: { plants: Deck; zombies: Deck };
  spellKinds: string[];
  openingHand: number;
  firstStarter: 'random' | 'plants' | 'zombies';
  dieFaces: number;
  maxHandSize: number | null;
  finalTie: 'draw' | 'plants' | 'zombies';
  maxRounds: number;
}

function defaultDeck(sign: 1 | -1): Record<string, number> {
  const deck: Record<string, number> = {};
  for (let value = 1; value <= 6; value++) deck[sign > 0 ? `+${value}` : `-${value}`] = 4;
  return { ...deck, negate: 2, double: 2, annul: 2 };
}

/** Most copies of one card, and the largest k of add:k and subtract:k: far past any real deck, short of what exhausts memory or precision. */
const MOST_COPIES = 10_000;
const MOST_SPELL_AMOUNT = 1_000;
const deckSchema = z.record(z.string(), z.number().int().min(0, { message: 'expected a count >= 0' }).max(MOST_COPIES, { message: `expected a count of at most ${MOST_COPIES}` }));

export const integerDuelParameters: ParameterSpecs<IntegerDuelParams> = {
  decks: {
    description: 'Rule 4: each side\'s deck as counts per card (+1..+6 for plants, -6..-1 for zombies, and spells).',
    schema: z.strictObject({ plants: deckSchema, zombies: deckSchema }),
    default: { plants: defaultDeck(1), zombies: defaultDeck(-1) },
  },
  spellKinds: {
    description: 'Rule 3: the spell kinds decks may hold: negate (×−1), double (×2), annul (×0), add:k (+k), subtract:k (−k).',
    schema: z.array(z.enum(SPELL_KINDS)).min(0),
    default: [...SPELL_KINDS],
  },
  openingHand: {
    description: 'Rule 6: cards each side draws before round 1 (at most 1,000,000).',
    // Bounded: a hand past any deck only empties it, and 2^53 cards overflowed the match length
    // bound, which then blamed the game instead of this parameter (audit 27b).
    schema: z.number().int().min(0).max(1_000_000),
    default: 6,
    tunable: { kind: 'int', min: 0, max: 12 },
  },
  firstStarter: {
    description: 'Rule 7: who starts round 1: random (a fair coin), plants or zombies.',
    schema: z.enum(['random', 'plants', 'zombies']),
    default: 'random',
  },
  dieFaces: {
    description: 'Rule 8: faces of the die that sets how many cards a side draws and may play in a round (at most 1000).',
    // Bounded: a die of 10^9 faces would draw that many cards a round and exhaust memory.
    schema: z.number().int().min(1).max(1000),
    default: 6,
    tunable: { kind: 'int', min: 2, max: 12 },
  },
  maxHandSize: {
    description: 'Rule 8: the most cards a hand may hold (drawing stops there); null for no limit.',
    schema: z.number().int().min(1).nullable(),
    default: null,
  },
  finalTie: {
    description: 'Rule 16: equal absolute totals at the end: a draw, or a win for plants or zombies.',
    schema: z.enum(['draw', 'plants', 'zombies']),
    default: 'draw',
  },
  maxRounds: {
    description: 'Rule 17: rounds after which a game ends whatever happens, counted as capped (at most 100000).',
    schema: z.number().int().min(1).max(100_000),
    default: 100,
  },
};

/**
 * Checks the decks card by card: known cards, the right side's combatants, allowed spells, not
 * empty; and that some card can ever be played: spells need a combatant on the table, so two
 * decks without a combatant make playing impossible (every round scores 0 and ties).
 */
export function validateIntegerDuelParams(params: IntegerDuelParams): ParameterIssue[] {
  const issues: ParameterIssue[] = [];
  for (const side of ['plants', 'zombies'] as const) {
    const deck = params.decks[side];
    let total = 0;
    for (const [name, count] of Object.entries(deck)) {
      total += count;
      const card = parseCard(name);
      if (typeof card === 'string') {
        issues.push({ path: ['decks', side, name], message: card });
      } else if (card.kind === 'combatant') {
        // Rule 2: plant combatants are +1..+6, zombie combatants -6..-1.
        const fits = side === 'plants' ? card.value >= 1 && card.value <= 6 : card.value <= -1 && card.value >= -6;
        if (!fits) issues.push({ path: ['decks', side, name], message: `${side} combatants are ${side === 'plants' ? '+1..+6' : '-6..-1'} (rule 2)` });
      } else if (card.amount > MOST_SPELL_AMOUNT) {
        issues.push({ path: ['decks', side, name], message: `expected k of ${card.operation}:k from 1 to ${MOST_SPELL_AMOUNT}` });
      } else if (!params.spellKinds.includes(spellKind(card) as string)) {
        issues.push({ path: ['decks', side, name], message: `spell kind ${spellKind(card)} is not in spellKinds (${params.spellKinds.join(', ')})` });
      }
    }
    if (total === 0) issues.push({ path: ['decks', side], message: 'the deck is empty; expected at least one card' });
  }
  const hasCombatant = (deck: Deck): boolean => Object.entries(deck).some(([name, count]) => count > 0 && typeof parseCard(name) !== 'string' && (parseCard(name) as { kind: string }).kind === 'combatant');
  if (issues.length === 0 && !hasCombatant(params.decks.plants) && !hasCombatant(params.decks.zombies)) {
    issues.push({ path: ['decks'], message: 'neither deck holds a combatant, so no card could ever be played (a spell needs a combatant on the table, rule 3); expected at least one' });
  }
  return issues;
}
