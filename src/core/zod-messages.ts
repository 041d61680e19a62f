/**
 * Zod's own words where a schema gives none, for values a YAML file or `--set` can hold that its
 * defaults describe badly: `.nan` read as "Invalid input: expected number, received NaN", and
 * `.inf` or `1e999` as "received Infinity". Set
 * once, for every schema (zod's global configuration); a schema's own message still wins.
 */
import { z } from 'zod';

z.config({
  customError: (issue) => {
    if (issue.code === 'invalid_type' && issue.expected === 'number' && typeof issue.input === 'number') {
      if (Number.isNaN(issue.input)) return 'expected a number, got NaN (.nan)';
      if (!Number.isFinite(issue.input)) return `expected a finite number, got ${issue.input}`;
    }
    return undefined;
  },
});
