/**
 * Per-cell arrays for game states. A state that search clones thousands of times a match keeps
 * its per-cell numbers in plain arrays of small integers rather than typed arrays: copying a
 * plain array of a few hundred cells costs a fraction of allocating a typed array with its own
 * buffer (on Node 20, 0.19 µs against 1.6 µs for a Zombie Trainers state of two 100-cell
 * arrays). Plain arrays stay fast only while V8 keeps them packed small integers: build them
 * with {@link filledArray} (`new Array(n).fill(v)` is holey) and store only integers.
 */

/** `count` copies of the small integer `value`, as a packed array. */
export function filledArray(count: number, value: number): number[] {
  const values: number[] = [];
  for (let i = 0; i < count; i++) values.push(value);
  return values;
}
