/** Joint setting names, as `--vary` and `--space` take them; imports nothing (the flag reader uses it). */

/**
 * The settings a joint name varies together: `seat1.iterations+seat2.iterations` is two. A `+`
 * right after a dot or at the start belongs to a key (Integer Duel's card `decks.plants.+6`),
 * so `decks.plants.+5+decks.plants.+6` is two cards.
 */
export function jointParts(name: string): string[] {
  return name.split(/(?<=[^.])\+/).map((part) => part.trim());
}
