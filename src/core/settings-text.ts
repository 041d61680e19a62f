/**
 * Settings (an agent's config, a parameter) as one text, so that two compare equal exactly when
 * an agent would be handed the same data: every mapping's keys in order (two configs written in
 * another key order are one), and values JSON writes alike told apart, each as
 * {@link taggedData} records it (a Map's entries, a Set, a Date, -0, NaN, undefined, a list's
 * hole), a value that holds itself written once. Review 33: two seats under one name whose
 * settings differed only in a Map, or in 0 and -0, were taken as one agent, their matches as
 * self-play; two ladder levels were refused as one.
 */
import { taggedData } from './tagged-data.js';

/** `value`'s text as compared: tagged, then with every mapping's keys in order. */
export function settingsText(value: unknown): string {
  return sortedJson(taggedData(value));
}

/** Tagged data (plain JSON values) as JSON with every mapping's keys in order. */
function sortedJson(value: unknown): string {
  if (typeof value !== 'object' || value === null) return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(sortedJson).join(',')}]`;
  return `{${Object.keys(value)
    .sort()
    .map((key) => `${JSON.stringify(key)}:${sortedJson((value as Record<string, unknown>)[key])}`)
    .join(',')}}`;
}
