import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonSyntaxError, lineColumn, parseJson } from './parse-json.ts';

describe('parseJson', () => {
  it('parses JSON as JSON.parse does', () => {
    expect(parseJson('{"a": [1, "b", null, true]}')).toEqual({ ok: true, value: { a: [1, 'b', null, true] } });
  });

  it('names the line and column where a truncated file ends, and the bracket left open', () => {
    const text = '{\n  "id": "x",\n  "payload": {\n    "choices": [\n      {"message": {"content": "Hi"}}';
    expect(parseJson(text)).toEqual({
      ok: false,
      message: 'the JSON is cut short: it ends at line 5, column 37 (the array opened at line 4, column 16 is not closed)',
    });
    expect(jsonSyntaxError('{"text": "unfinished')).toBe(
      'the JSON is cut short inside a string: it ends at line 1, column 21 (the string opened at line 1, column 10 is not closed)',
    );
    expect(jsonSyntaxError('')).toBe('the file holds no JSON value; it ends at line 1, column 1');
  });

  it('names the line and column of a character that does not belong', () => {
    expect(jsonSyntaxError('{\n  "a": 1,\n  "b": x\n}')).toBe('unexpected "x" (expected a value) at line 3, column 8');
    expect(jsonSyntaxError('{"a": 1 "b": 2}')).toBe("unexpected \"\"\" (expected ',' or '}') at line 1, column 9");
    expect(jsonSyntaxError('[1, 2]]')).toBe('unexpected "]" after the end of the JSON value at line 1, column 7');
    expect(jsonSyntaxError('{"a\nb": 1}')).toMatch(/^a line break or control character inside a string .* at line 1, column 4$/);
  });

  it('finds no error in JSON, and for every cut of it that is not JSON, names the line and column where the cut is', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 3 }), fc.boolean(), fc.nat(), (value, pretty, k) => {
        const text = JSON.stringify(value, null, pretty ? 2 : undefined);
        expect(jsonSyntaxError(text)).toBeUndefined();
        const cut = text.slice(0, k % (text.length + 1));
        let valid = true;
        try {
          JSON.parse(cut);
        } catch {
          valid = false;
        }
        const result = parseJson(cut);
        expect(result.ok).toBe(valid);
        if (!result.ok) {
          const at = lineColumn(cut, cut.length);
          expect(result.message).toContain(`line ${at.line}, column ${at.column}`);
        }
      }),
      { numRuns: 200 },
    );
  });
});
