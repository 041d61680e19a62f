/**
 * "Did you mean --matches?": the closest known name to a mistyped one, by edit distance with
 * transpositions (optimal string alignment: Damerau 1964, as git and cargo suggest commands),
 * or by being the start of exactly one name.
 */

/** Edits (insert, delete, substitute, swap two neighbours) turning `a` into `b`. */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const columns = b.length + 1;
  const distance = new Uint32Array(rows * columns);
  for (let i = 0; i < rows; i++) distance[i * columns] = i;
  for (let j = 0; j < columns; j++) distance[j] = j;
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < columns; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min((distance[(i - 1) * columns + j] as number) + 1, (distance[i * columns + j - 1] as number) + 1, (distance[(i - 1) * columns + j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, (distance[(i - 2) * columns + j - 2] as number) + 1);
      distance[i * columns + j] = best;
    }
  }
  return distance[rows * columns - 1] as number;
}

/**
 * The known name closest to `typed`, or null when none is close: at most one edit for names of
 * up to 4 letters, two beyond, or `typed` (3 letters or more) starting exactly one name.
 */
export function closestName(typed: string, known: readonly string[]): string | null {
  let best: string | null = null;
  let bestDistance = Infinity;
  for (const name of known) {
    const distance = editDistance(typed, name);
    if (distance < bestDistance) {
      best = name;
      bestDistance = distance;
    }
  }
  if (best !== null && bestDistance <= (Math.max(typed.length, best.length) <= 4 ? 1 : 2)) return best;
  const extending = known.filter((name) => typed.length >= 3 && name.startsWith(typed));
  return extending.length === 1 ? (extending[0] as string) : null;
}

/**
 * Whether a function named `written` on a definition is a slip for the optional `meant` it lacks:
 * the same letters in another case, or one edit away (a letter left out, added, changed, or two
 * swapped). Not a name a helper of its own plausibly has: one `s` more or less (`chanceGroup`), or
 * marked private by a leading `_` or `$` (`_validateConfig`); two edits (`determine` beside
 * `determinize`, `invalidateConfig`) are another word (review 33c, 34a).
 */
export function isSlipOf(written: string, meant: string): boolean {
  if (written === meant) return false;
  if (written.toLowerCase() === meant.toLowerCase()) return true;
  if (/^[_$]/.test(written) || written === `${meant}s` || `${written}s` === meant) return false;
  return editDistance(written, meant) === 1;
}
