/**
 * `--help` text, written from the same declarations the parser checks against, so help and
 * behaviour cannot drift apart: every flag with its alias, value, bounds and default.
 */
import { describeBound } from '../core/input-bounds.js';
import type { CommandModule, OptionSpec } from './command.js';

const WIDTH = 30;

function flagColumn(name: string, spec: OptionSpec): string {
  const alias = spec.alias === undefined ? '    ' : `-${spec.alias}, `;
  const placeholder = spec.type === 'boolean' ? '' : ` ${spec.placeholder ?? (spec.type === 'number' ? (spec.bound.whole ? 'N' : 'X') : spec.type === 'path' ? 'PATH' : 'VALUE')}`;
  const negation = spec.type === 'boolean' && spec.negatable === true ? `, --no-${name}` : '';
  return `${alias}--${name}${negation}${placeholder}`;
}

function flagNotes(spec: OptionSpec): string {
  const notes: string[] = [];
  if (spec.type === 'number') notes.push(describeBound(spec.bound));
  if (spec.type === 'list') notes.push('repeatable');
  if (spec.required === true) notes.push('required');
  if ((spec.type === 'string' || spec.type === 'number') && spec.default !== undefined) notes.push(`default: ${spec.default}`);
  if (spec.type === 'boolean' && spec.default === true) notes.push('on by default');
  return notes.length === 0 ? '' : ` [${notes.join('; ')}]`;
}

const row = (left: string, right: string): string => (left.length + 2 >= WIDTH ? `  ${left}\n${' '.repeat(WIDTH + 2)}${right}` : `  ${left.padEnd(WIDTH)}${right}`);

/** The help of one command. */
export function commandHelp(command: CommandModule): string {
  const positionals = command.positionals.map((positional) => ` <${positional.name}${positional.variadic ? '...' : ''}>`).join('');
  const lines = [`hordelab ${command.name}${positionals} [options]`, '', command.summary];
  if (command.positionals.length > 0) {
    lines.push('', 'Arguments:');
    for (const positional of command.positionals) lines.push(row(`<${positional.name}${positional.variadic ? '...' : ''}>`, positional.describe));
  }
  lines.push('', 'Options:');
  for (const [name, spec] of Object.entries(command.options)) lines.push(row(flagColumn(name, spec), `${spec.describe}${flagNotes(spec)}`));
  lines.push(row('-h, --help', 'Show this help'));
  if (command.epilogue !== undefined) lines.push('', command.epilogue);
  if (command.examples !== undefined && command.examples.length > 0) {
    lines.push('', 'Examples:');
    for (const [example, meaning] of command.examples) lines.push(`  ${example}`, `      ${meaning}`);
  }
  return `${lines.join('\n')}\n`;
}

/** The help of `hordelab` itself: every command in one line. */
export function overviewHelp(commands: readonly CommandModule[]): string {
  const lines = [
    'hordelab <command> [options]',
    '',
    'Plays tabletop games headlessly, thousands of seeded matches at a time, to measure their balance.',
    '',
    'Commands:',
    ...commands.map((command) => row(`${command.name}${command.positionals.map((positional) => ` <${positional.name}${positional.variadic ? '...' : ''}>`).join('')}`, command.summary)),
    '',
    'Options:',
    row('-h, --help', 'Show help; "hordelab <command> --help" for a command\'s flags'),
    row('--version', 'Show the version'),
    '',
    'Exit codes: 0 done; 1 a match or check failed, or an internal failure; 2 bad input (nothing run, nothing written); 3 check: only inconclusive checks; 130 interrupted (Ctrl-C or SIGTERM).',
  ];
  return `${lines.join('\n')}\n`;
}
