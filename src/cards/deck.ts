/**
 * A deck in a game's parameters, as `hordelab cards` reads it: counts by card name
 * (`decks.plants`) or a list of cards with `name` and `count` (Survivors' `itemDeck`). Apart from
 * the study itself, so that a scenario's `cards.decks` is checked where every command loads it.
 */

export type Deck = { kind: 'counts'; counts: Record<string, number> } | { kind: 'list'; cards: Record<string, unknown>[] };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The deck at `path` in validated parameters, or a message saying why it is not one. */
export function readDeck(params: unknown, path: string): Deck | string {
  let node: unknown = params;
  // Own keys only: `toString` or `__proto__` name no parameter, whatever the prototype holds.
  for (const key of path.split('.')) node = isRecord(node) && Object.hasOwn(node, key) ? node[key] : undefined;
  if (isRecord(node) && Object.values(node).every((count) => typeof count === 'number')) return { kind: 'counts', counts: { ...(node as Record<string, number>) } };
  if (Array.isArray(node) && node.every((card) => isRecord(card) && typeof card['name'] === 'string' && typeof card['count'] === 'number')) {
    return { kind: 'list', cards: (node as Record<string, unknown>[]).map((card) => ({ ...card })) };
  }
  return node === undefined ? 'no parameter there' : 'not a deck: expected counts by card name, or a list of cards with name and count';
}

