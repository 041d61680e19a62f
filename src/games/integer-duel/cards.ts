/**
 * Integer Duel cards: combatants (an integer value) and spells (an integer operation on a
 * combatant's current value). Decks are counts per card name; names are `+3`, `-5`, `negate`,
 * `double`, `annul`, `add:2`, `subtract:1`.
 */

export type SpellOperation = 'negate' | 'double' | 'annul' | 'add' | 'subtract';

export type Card =
  | { readonly kind: 'combatant'; readonly name: string; readonly value: number }
  | { readonly kind: 'spell'; readonly name: string; readonly operation: SpellOperation; readonly amount: number };

/** Spell kinds as the rules name them (rule 3): `add:k` and `subtract:k` take an amount. */
export const SPELL_KINDS = ['negate', 'double', 'annul', 'add:k', 'subtract:k'] as const;

/** Parses a card name, or explains what was expected. */
export function parseCard(name: string): Card | string {
  const combatant = /^([+-])([1-9]\d*)$/.exec(name);
  if (combatant !== null) {
    const value = Number(combatant[2]) * (combatant[1] === '-' ? -1 : 1);
    return { kind: 'combatant', name: formatCombatant(value), value };
  }
  if (name === 'negate' || name === 'double' || name === 'annul') return { kind: 'spell', name, operation: name, amount: 0 };
  const withAmount = /^(add|subtract):([1-9]\d*)$/.exec(name);
  if (withAmount !== null) {
    return { kind: 'spell', name, operation: withAmount[1] as 'add' | 'subtract', amount: Number(withAmount[2]) };
  }
  // YAML reads a bare +3 (a key of decks.plants, a --set value) as the number 3 (audit 36b).
  const unsigned = /^[1-9]\d*$/.test(name) ? `; a positive combatant is written with its sign, "+${name}", quoted in YAML, which reads a bare +${name} as the number ${name}` : '';
  return `unknown card "${name}"; expected a combatant such as +3 or -5, or a spell: negate, double, annul, add:k, subtract:k${unsigned}`;
}

export function formatCombatant(value: number): string {
  return value > 0 ? `+${value}` : String(value);
}

/** The spell kind of a card as `spellKinds` lists it (`add:2` → `add:k`). */
export function spellKind(card: Card): string | null {
  if (card.kind !== 'spell') return null;
  return card.operation === 'add' || card.operation === 'subtract' ? `${card.operation}:k` : card.operation;
}

/** Rule 3: a spell's integer operation on a combatant's current value. */
export function applySpell(value: number, spell: Card): number {
  if (spell.kind !== 'spell') throw new Error(`${spell.name} is not a spell`);
  switch (spell.operation) {
    case 'negate':
      return -value;
    case 'double':
      return value * 2;
    case 'annul':
      return 0;
    case 'add':
      return value + spell.amount;
    case 'subtract':
      return value - spell.amount;
  }
}

/** Card names in a stable order: combatants by value, then spells by name. */
export function compareCardNames(a: string, b: string): number {
  const ca = parseCard(a);
  const cb = parseCard(b);
  if (typeof ca === 'string' || typeof cb === 'string') return a.localeCompare(b);
  if (ca.kind === 'combatant' && cb.kind === 'combatant') return ca.value - cb.value;
  if (ca.kind !== cb.kind) return ca.kind === 'combatant' ? -1 : 1;
  return a.localeCompare(b);
}
