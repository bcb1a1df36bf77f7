// JSON text read from a file: parsed by the engine, and when that fails, scanned once more to say WHERE, as a line
// and column a person can go to (Node's "Unexpected end of JSON input" names no place at all, and a character offset
// into a 40,000-character file is not one). Pure; one linear pass, no recursion (depth is unbounded).

export type JsonParse = { ok: true; value: unknown } | { ok: false; message: string };

export function parseJson(text: string): JsonParse {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (e) {
    return { ok: false, message: jsonSyntaxError(text) ?? (e as Error).message };
  }
}

/** Where `text` stops being JSON, in words with a line and column; undefined when it is JSON. */
export function jsonSyntaxError(text: string): string | undefined {
  const found = scan(text);
  if (!found) return undefined;
  const at = lineColumn(text, found.offset);
  return `${found.problem} at line ${at.line}, column ${at.column}${found.opened === undefined ? '' : ` (${found.openedWhat} opened at ${describe(lineColumn(text, found.opened))} is not closed)`}`;
}

interface Failure {
  offset: number;
  problem: string;
  opened?: number;
  openedWhat?: string;
}

type Expect = 'value' | 'value-or-close' | 'key' | 'key-or-close' | 'colon' | 'comma-or-close' | 'end';

function scan(text: string): Failure | undefined {
  const n = text.length;
  const stack: Array<{ kind: '{' | '['; at: number }> = [];
  let expect: Expect = 'value';
  let i = 0;
  const afterValue = (): Expect => (stack.length > 0 ? 'comma-or-close' : 'end');
  const unexpected = (at: number, wanted: string): Failure => ({ offset: at, problem: `unexpected ${quoteChar(text, at)} (expected ${wanted})` });
  for (;;) {
    while (i < n && (text[i] === ' ' || text[i] === '\n' || text[i] === '\r' || text[i] === '\t')) i++;
    if (i >= n) {
      if (expect === 'end') return undefined;
      const top = stack.at(-1);
      return {
        offset: n,
        problem: n === 0 || (i === n && stack.length === 0 && expect === 'value') ? 'the file holds no JSON value; it ends' : 'the JSON is cut short: it ends',
        ...(top && { opened: top.at, openedWhat: top.kind === '{' ? 'the object' : 'the array' }),
      };
    }
    const c = text[i];
    if (expect === 'end') return { offset: i, problem: `unexpected ${quoteChar(text, i)} after the end of the JSON value` };
    if (expect === 'colon') {
      if (c !== ':') return unexpected(i, "':' after the property name");
      expect = 'value';
      i++;
      continue;
    }
    if (expect === 'comma-or-close') {
      const top = stack.at(-1)!;
      const close = top.kind === '{' ? '}' : ']';
      if (c === ',') expect = top.kind === '{' ? 'key' : 'value';
      else if (c === close) {
        stack.pop();
        expect = afterValue();
      } else return unexpected(i, `',' or '${close}'`);
      i++;
      continue;
    }
    if (expect === 'key' || expect === 'key-or-close') {
      if (expect === 'key-or-close' && c === '}') {
        stack.pop();
        expect = afterValue();
        i++;
        continue;
      }
      if (c !== '"') return unexpected(i, 'a property name in double quotes');
      const end = scanString(text, i);
      if (typeof end !== 'number') return end;
      i = end;
      expect = 'colon';
      continue;
    }
    // A value (or, in an array, its end).
    if (expect === 'value-or-close' && c === ']') {
      stack.pop();
      expect = afterValue();
      i++;
      continue;
    }
    if (c === '{' || c === '[') {
      stack.push({ kind: c, at: i });
      expect = c === '{' ? 'key-or-close' : 'value-or-close';
      i++;
      continue;
    }
    const end = c === '"' ? scanString(text, i) : scanScalar(text, i);
    if (typeof end !== 'number') return end;
    i = end;
    expect = afterValue();
  }
}

function scanString(text: string, start: number): number | Failure {
  for (let j = start + 1; j < text.length; j++) {
    const code = text.charCodeAt(j);
    if (code === 0x5c) j++;
    else if (code === 0x22) return j + 1;
    else if (code < 0x20) return { offset: j, problem: 'a line break or control character inside a string (is a closing " missing?)' };
  }
  return { offset: text.length, problem: 'the JSON is cut short inside a string: it ends', opened: start, openedWhat: 'the string' };
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

function scanScalar(text: string, start: number): number | Failure {
  for (const word of ['true', 'false', 'null']) if (text.startsWith(word, start)) return start + word.length;
  NUMBER.lastIndex = start;
  const number = NUMBER.test(text) ? NUMBER.lastIndex : undefined;
  const rest = text.slice(start);
  if (number !== undefined && (number === text.length || /[\s,\]}:]/.test(text[number] ?? ''))) return number;
  // A word that runs to the end of the text (`tru`, `-`, `1.`, `1e`) was cut short, not mistyped.
  if (!/[\s,\]}:]/.test(rest) && /^(?:t(?:r(?:ue?)?)?|f(?:a(?:l(?:se?)?)?)?|n(?:u(?:ll?)?)?|-?\d*(?:\.\d*)?(?:[eE][+-]?\d*)?)$/.test(rest)) {
    return { offset: text.length, problem: 'the JSON is cut short: it ends' };
  }
  if (number !== undefined) return number;
  return { offset: start, problem: `unexpected ${quoteChar(text, start)} (expected a value)` };
}

function quoteChar(text: string, at: number): string {
  const ch = String.fromCodePoint(text.codePointAt(at) ?? 0);
  return /\s/.test(ch) ? JSON.stringify(ch) : `"${ch}"`;
}

/** 1-based line and column (in characters) of a UTF-16 offset. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, column: [...text.slice(lineStart, offset)].length + 1 };
}

function describe(at: { line: number; column: number }): string {
  return `line ${at.line}, column ${at.column}`;
}
