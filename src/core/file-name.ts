/**
 * A name as part of a file or folder name: letters, digits, `.`, `_` and `-` kept, each run of
 * anything else made one `_`, and leading `.`, `_` and `-` dropped, so `ls` shows the file and
 * no command reads its name as a flag (review 31e: a module agent `./agent.mjs` made a round-robin
 * folder `._agent.mjs-vs-random` that `ls` hid). A name with nothing left is `_`.
 */
export function fileNamePart(name: string): string {
  const part = name.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^[._-]+/, '');
  return part === '' ? '_' : part;
}
