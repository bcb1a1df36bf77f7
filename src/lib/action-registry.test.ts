import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createTranslator } from '../core/i18n/translate.ts';
import { createActionRegistry, shortcutEntries, type Action } from './action-registry.ts';

interface Ctx {
  ran: string[];
  allowed: boolean;
}

const action = (id: string, keys: string[], guarded = false): Action<Ctx, 'review.actionVerify'> => ({
  id,
  keys,
  label: 'review.actionVerify',
  ...(guarded ? { predicate: (ctx: Ctx) => ctx.allowed } : {}),
  perform: (ctx) => void ctx.ran.push(id),
});

describe('the keyboard action registry', () => {
  it('runs the command bound to a key, and only when its predicate allows it', () => {
    const registry = createActionRegistry('test', [action('always', ['a']), action('guarded', ['b', 'B'], true)]);
    const ctx: Ctx = { ran: [], allowed: false };
    expect(registry.run('a', ctx)).toBe(true);
    expect(registry.run('b', ctx)).toBe(false);
    expect(registry.run('z', ctx)).toBe(false);
    ctx.allowed = true;
    expect(registry.run('B', ctx)).toBe(true);
    expect(ctx.ran).toEqual(['always', 'guarded']);
  });

  it('refuses a key bound twice, whichever commands bind it', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.string({ minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 6 }), fc.nat(), (keys, pick) => {
        const dup = keys[pick % keys.length]!;
        expect(() => createActionRegistry('test', [action('one', keys), action('two', [dup])])).toThrow(`"${dup}" is bound twice`);
        // Without the duplicate every key finds its command.
        const registry = createActionRegistry('test', [action('one', keys)]);
        for (const k of keys) expect(registry.forKey(k)?.id).toBe('one');
      }),
    );
  });

  it('lists every command in order, translated, with its keys as shown', () => {
    const registry = createActionRegistry('test', [action('first', ['ArrowRight']), action('second', ['x'])]);
    const list = shortcutEntries(registry, createTranslator('en'), (k) => k.replace('ArrowRight', '→'));
    expect(list.map((e) => e.id)).toEqual(['first', 'second']);
    expect(list[0]!.keys).toEqual(['→']);
    expect(list[0]!.label).not.toBe('review.actionVerify');
    expect(list[0]!.label.length).toBeGreaterThan(0);
  });
});
