/**
 * YAML as Hordelab reads user input: plain data only. The `yaml` package resolves an unknown tag
 * (`!!js/function`) to a string, and a list or map used as a key to a string, each with a
 * multi-line warning of its own on stderr; here those are refused like a syntax error, with a
 * one-line message, and nothing is printed.
 */
import { isCollection, parseAllDocuments, parseDocument, visit, type Document } from 'yaml';

/** What is wrong with a document, in one line. */
export class StrictYamlError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StrictYamlError';
  }
}

/** The data of `text`; @throws StrictYamlError for the first syntax error, unresolved tag or collection key. */
export function parseStrictYaml(text: string): unknown {
  const documents = parseAllDocuments(text, { logLevel: 'silent' });
  // `---` or `...` then more: a second document, which a parse of the first alone drops unsaid
  // (two checks files joined into one would lose the second file's checks from a CI gate).
  if (Array.isArray(documents) && documents.length > 1) {
    const second = documents[1] as Document;
    const line = text.slice(0, second.range?.[0] ?? text.length).split('\n').length;
    throw new StrictYamlError(`holds ${documents.length} YAML documents (the second starts at line ${line}); expected one`);
  }
  const document = parseDocument(text, { logLevel: 'silent' });
  const problem = document.errors[0] ?? document.warnings[0];
  if (problem !== undefined) throw new StrictYamlError((problem.message.split('\n')[0] as string).replace(/:\s*$/, ''));
  let collectionKey: number | null = null;
  visit(document, {
    Pair(_, pair) {
      if (isCollection(pair.key)) {
        collectionKey = pair.key.range?.[0] ?? 0;
        return visit.BREAK;
      }
      return undefined;
    },
  });
  if (collectionKey !== null) {
    const line = text.slice(0, collectionKey).split('\n').length;
    throw new StrictYamlError(`a key must be a plain value, not a list or map, at line ${line}`);
  }
  return document.toJS({ maxAliasCount: 100 });
}

/**
 * Where JSON `text` gives one key twice in an object (`JSON.parse` keeps the last silently), as
 * "line L, column C", or null when it does not. JSON is YAML, so YAML's parser finds them.
 */
export function duplicateJsonKey(text: string): string | null {
  const duplicate = parseDocument(text).errors.find((error) => error.code === 'DUPLICATE_KEY');
  if (duplicate === undefined) return null;
  const at = duplicate.linePos?.[0];
  return at === undefined ? 'somewhere' : `line ${at.line}, column ${at.col}`;
}

