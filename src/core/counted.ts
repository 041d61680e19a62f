/**
 * `1 round`, `3 rounds`: a count with its noun in the number it needs. A match capped at one
 * round read "after 1 rounds" in replays and renders (carried from review 36's notes).
 */
export function counted(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}
