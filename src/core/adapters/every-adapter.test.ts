import { readdirSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { adaptWrappedAnswer, FormatDetectionError, type AdaptedAnswer } from '../../api/adapt-answer.ts';
import type { WrappedAnswer } from '../../api/answer-schema.ts';
import type { Answer } from '../model/types.ts';
import { loadFixture } from '../../testing/adapter-fixtures.ts';
import { unwrapEnvelope } from './envelope.ts';
import { AdapterError } from './errors.ts';

// Properties over every adapter, driven by every fixture of every provider folder (each a documented variant), and
// by changes to it that a real response may have: fields missing or null, fields citelens does not know, any value
// replaced by any JSON, documents the wrapper does not list. Whatever a change does, an answer the adapters accept has
// every claim span inside its text, and no source is lost without a warning.

const adaptersDir = new URL('./', import.meta.url);
const fixtures = readdirSync(adaptersDir, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .flatMap((d) => {
    try {
      return readdirSync(new URL(`${d.name}/fixtures/`, adaptersDir))
        .filter((f) => f.endsWith('.json'))
        .map((f) => `${d.name}/${f.replace(/\.json$/, '')}`);
    } catch {
      return [];
    }
  })
  .sort();

type Path = Array<string | number>;

/** Every path to a value inside `v` (objects' keys and arrays' items), at most `limit` of them. */
function pathsOf(v: unknown, limit = 400): Path[] {
  const out: Path[] = [];
  const walk = (x: unknown, at: Path) => {
    if (out.length >= limit || typeof x !== 'object' || x === null) return;
    for (const [k, child] of Array.isArray(x) ? x.entries() : Object.entries(x)) {
      out.push([...at, k]);
      walk(child, [...at, k]);
    }
  };
  walk(v, []);
  return out;
}

/** A copy of `root` with the value at `path` changed by `change` (its parent and key). */
function edit(root: unknown, path: Path, change: (parent: Record<string | number, unknown>, key: string | number) => void): unknown {
  const copy = structuredClone(root);
  let parent = copy as Record<string | number, unknown>;
  for (const k of path.slice(0, -1)) parent = parent[k] as Record<string | number, unknown>;
  change(parent, path.at(-1)!);
  return copy;
}

/** The adapted answer, or the error an adapter may throw (anything else fails the test). */
function read(wrapper: WrappedAnswer): AdaptedAnswer | 'refused' {
  try {
    return adaptWrappedAnswer(wrapper);
  } catch (e) {
    if (e instanceof AdapterError || e instanceof FormatDetectionError) return 'refused';
    throw e;
  }
}

/** Every claim span (of the answer and of its reasoning) lies inside its text and names a source. */
function expectSpansInside(answer: Answer): void {
  const ids = new Set(answer.sources.map((s) => s.id));
  const blocks: Array<[string, Answer['spans']]> = [
    [answer.text, answer.spans],
    ...(answer.reasoning ?? []).map((b): [string, Answer['spans']] => [b.text, b.spans]),
  ];
  for (const [text, spans] of blocks) {
    for (const s of spans ?? []) {
      expect(s.answerStart).toBeGreaterThanOrEqual(0);
      expect(s.answerStart).toBeLessThanOrEqual(s.answerEnd);
      expect(s.answerEnd).toBeLessThanOrEqual(text.length);
      expect(ids.has(s.sourceId)).toBe(true);
    }
  }
}

/** What a reader sees of an answer, for comparing two readings of one response. */
const seen = (r: AdaptedAnswer | 'refused') =>
  r === 'refused'
    ? r
    : {
        text: r.answer.text,
        spans: r.answer.spans,
        citations: r.answer.citations,
        sources: r.answer.sources.map((s) => [s.documentId, s.quote, s.page, s.pageEnd]),
      };

const RUNS = { numRuns: 25 };

describe.each(fixtures)('every adapter, from %s', (name) => {
  const wrapper = loadFixture(name);
  const payload = unwrapEnvelope(wrapper.payload);
  const paths = pathsOf(payload);
  const base = read({ ...wrapper, payload });

  it('reads the fixture itself, its spans inside its text', () => {
    expect(base).not.toBe('refused');
    expectSpansInside((base as AdaptedAnswer).answer);
  });

  it('keeps every claim span inside the text whatever one value of the response becomes', () => {
    fc.assert(
      fc.property(fc.constantFrom(...paths), fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.constant(undefined)), (path, value) => {
        const changed = edit(payload, path, (parent, key) => {
          if (value === undefined) delete parent[key];
          else parent[key] = value;
        });
        const r = read({ ...wrapper, payload: changed });
        if (r !== 'refused') expectSpansInside(r.answer);
      }),
      RUNS,
    );
  });

  it('reads a field set to null as the field left out', () => {
    fc.assert(
      fc.property(fc.constantFrom(...paths.filter((p) => typeof p.at(-1) === 'string')), (path) => {
        const nulled = read({ ...wrapper, payload: edit(payload, path, (parent, key) => void (parent[key] = null)) });
        const absent = read({ ...wrapper, payload: edit(payload, path, (parent, key) => void delete parent[key]) });
        expect(seen(nulled)).toEqual(seen(absent));
      }),
      RUNS,
    );
  });

  it('reads the same answer with fields it does not know added anywhere', () => {
    const objects = [[] as Path, ...paths].filter((p) => {
      let v: unknown = payload;
      for (const k of p) v = (v as Record<string | number, unknown>)[k];
      return typeof v === 'object' && v !== null && !Array.isArray(v);
    });
    fc.assert(
      fc.property(fc.constantFrom(...objects), fc.jsonValue({ maxDepth: 2 }), fc.nat(99), (path, value, n) => {
        const changed = edit({ root: payload }, ['root', ...path, `x_unknown_${n}`], (parent, key) => void (parent[key] = value));
        expect(seen(read({ ...wrapper, payload: (changed as { root: unknown }).root }))).toEqual(seen(base));
      }),
      RUNS,
    );
  });

  it('loses no source without a warning when the wrapper lists fewer documents', () => {
    if (base === 'refused' || wrapper.documents.length === 0) return;
    fc.assert(
      fc.property(fc.subarray(wrapper.documents), (documents) => {
        const r = read({ ...wrapper, payload, documents });
        if (r === 'refused') return;
        expectSpansInside(r.answer);
        // Fewer sources: a warning the full list did not need says what was dropped.
        if (r.answer.sources.length < base.answer.sources.length) expect(r.warnings.filter((w) => !base.warnings.includes(w))).not.toEqual([]);
      }),
      RUNS,
    );
  });
});
