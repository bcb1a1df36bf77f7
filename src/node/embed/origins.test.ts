// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../config-error.ts';
import { parseEmbedOrigins, parseOrigin } from './origins.ts';

describe('parseEmbedOrigins (CITELENS_EMBED_ORIGINS)', () => {
  it('reads a comma-separated list into normalized exact origins', () => {
    expect(parseEmbedOrigins(' https://portal.example.com , http://127.0.0.1:8080,https://Intra.Example.org:443')).toEqual([
      'https://portal.example.com',
      'http://127.0.0.1:8080',
      'https://intra.example.org',
    ]);
    expect(parseEmbedOrigins('http://[::1]:3000')).toEqual(['http://[::1]:3000']);
  });

  it('means no embedding when unset or empty', () => {
    expect(parseEmbedOrigins(undefined)).toEqual([]);
    expect(parseEmbedOrigins('  ')).toEqual([]);
  });

  it('refuses anything that is not scheme://host[:port], naming the entry and the reason', () => {
    const cases: [string, RegExp][] = [
      ['https://portal.example.com/', /no path/],
      ['https://portal.example.com/app', /no path/],
      ['https://portal.example.com?x=1', /no path, query/],
      ['https://*.example.com', /wildcards/],
      ['*', /wildcards/],
      ['portal.example.com', /scheme:\/\/host/],
      ['ftp://portal.example.com', /scheme:\/\/host/],
      ['null', /scheme:\/\/host/],
      ['https://user:pw@portal.example.com', /scheme:\/\/host|user name/],
      ['https://portal.example.com:99999', /not a valid URL/],
    ];
    for (const [entry, reason] of cases) {
      let error: unknown;
      try {
        parseEmbedOrigins(`https://ok.example.com,${entry}`);
      } catch (e) {
        error = e;
      }
      expect(error, entry).toBeInstanceOf(ConfigError);
      expect((error as Error).message, entry).toContain(`"${entry}"`);
      expect((error as Error).message, entry).toMatch(reason);
    }
  });

  it('parseOrigin keeps an already normalized origin as is', () => {
    expect(parseOrigin('https://a.example:8443')).toEqual({ ok: true, origin: 'https://a.example:8443' });
  });
});
