// @vitest-environment node
import { afterEach, describe, expect, it } from 'vitest';
import { authHeaders, documentRequestHeaders, hasApiToken, setApiToken } from './auth-token.ts';

afterEach(() => setApiToken(null));

describe('the API token in memory', () => {
  it('goes into the Authorization header of API calls and of pdf.js document requests, replaced in place', () => {
    expect(authHeaders()).toEqual({});
    const headers = documentRequestHeaders;
    expect(setApiToken('first-token-0123456789')).toBe(true);
    expect(authHeaders()).toEqual({ Authorization: 'Bearer first-token-0123456789' });
    expect(setApiToken('second-token-abcdefghij')).toBe(true);
    // The same object: pdf.js reads it at every document load, react-pdf never sees new options.
    expect(documentRequestHeaders).toBe(headers);
    expect(headers).toEqual({ Authorization: 'Bearer second-token-abcdefghij' });
    setApiToken(null);
    expect(hasApiToken()).toBe(false);
    expect(headers).toEqual({});
  });

  it('refuses what is not a token, keeping the one it has', () => {
    setApiToken('good-token-0123456789');
    for (const bad of ['', 'two words', 'line\nbreak', 'é-accented', 'x'.repeat(4097)]) expect(setApiToken(bad), bad).toBe(false);
    expect(authHeaders()).toEqual({ Authorization: 'Bearer good-token-0123456789' });
  });
});
