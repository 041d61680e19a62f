/** Checks for agent config fields: each problem names the field and what was expected. */

export type ConfigProblem = { field: string; message: string };

/** A value as a message shows it: NaN and ±Infinity as themselves, where JSON would say null. */
const shown = (value: unknown): string => (typeof value === 'number' && !Number.isFinite(value) ? String(value) : (JSON.stringify(value) ?? String(value)));

/** A whole number >= `min` (and <= `max`), if present. */
export function integerField(config: Readonly<Record<string, unknown>>, field: string, min: number, problems: ConfigProblem[], max = Number.MAX_SAFE_INTEGER): void {
  const value = config[field];
  if (value === undefined) return;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    const expected = max === Number.MAX_SAFE_INTEGER ? `a whole number >= ${min}` : `a whole number in ${min}..${max}`;
    problems.push({ field, message: `expected ${expected}, got ${shown(value)}` });
  }
}

/** A number in [min, max], if present. */
export function numberField(config: Readonly<Record<string, unknown>>, field: string, min: number, max: number, problems: ConfigProblem[]): void {
  const value = config[field];
  if (value === undefined) return;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max) {
    problems.push({ field, message: `expected a number in [${min}, ${max}], got ${shown(value)}` });
  }
}

/** One of `choices`, if present. */
export function choiceField(config: Readonly<Record<string, unknown>>, field: string, choices: readonly unknown[], problems: ConfigProblem[]): void {
  const value = config[field];
  if (value === undefined) return;
  if (!choices.includes(value)) problems.push({ field, message: `expected one of ${choices.map((c) => JSON.stringify(c)).join(', ')}, got ${shown(value)}` });
}

/** Fields not in `known`. */
export function unknownFields(config: Readonly<Record<string, unknown>>, known: readonly string[], problems: ConfigProblem[]): void {
  for (const field of Object.keys(config)) {
    if (!known.includes(field)) problems.push({ field, message: `unknown setting; expected one of: ${known.join(', ')}` });
  }
}

/**
 * The settings an agent takes, in the order `hordelab agents` lists them, each with what the
 * listing shows beside it (its default, or its choices). The one list both the agent's
 * unknown-setting check and its description read, so a setting the agent accepts cannot be left
 * out of the listing (rollout's `confidence` was, audit 34b L3).
 */
export type AgentSettings = readonly (readonly [name: string, shown: string])[];

/** The settings' names, as the unknown-setting check takes them. */
export function settingNames(settings: AgentSettings): string[] {
  return settings.map(([name]) => name);
}

/** The description's closing sentence: `Config: a (1), b (2).` */
export function configSentence(settings: AgentSettings): string {
  return `Config: ${settings.map(([name, shown]) => `${name} (${shown})`).join(', ')}.`;
}
