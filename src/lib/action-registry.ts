import type { MessageKey } from '../core/i18n/messages-en.ts';
import type { Translate, TranslateArgs } from '../core/i18n/translate.ts';

// One shape for every keyboard command of the page (the review panel's, the viewer's): an object with an id, the
// keys that run it, its label in the catalogs, when it applies and what it does. One registry per scope maps keys to
// them and lists them for the `?` dialog, so the list can never disagree with what the keys do. (The idea is
// excalidraw's ActionManager: commands are data, and keys, menus and buttons all go through them.)

/** Catalog keys that take no parameters: a command's label is shown as is. */
export type LabelKey = { [K in MessageKey]: TranslateArgs<K> extends [] ? K : never }[MessageKey];

export interface Action<Ctx, Label extends LabelKey = LabelKey> {
  /** Stable name: the `?` list's `data-shortcut`, and how two scopes say they bind the same command. */
  id: string;
  /** Keys as the scope spells them ("j", "]", "PageDown", "Ctrl+F"). */
  keys: readonly string[];
  /** What the `?` list says it does, translated when shown. */
  label: Label;
  /** False when the command would do nothing now: the key then keeps its default behaviour. */
  predicate?(ctx: Ctx): boolean;
  perform(ctx: Ctx): void;
}

export interface ActionRegistry<Ctx, Label extends LabelKey = LabelKey> {
  /** In the order the `?` list shows them. */
  readonly actions: readonly Action<Ctx, Label>[];
  forKey(key: string): Action<Ctx, Label> | undefined;
  /** Runs the command bound to `key` if it applies; true when one ran (the caller then prevents the default). */
  run(key: string, ctx: Ctx): boolean;
}

/** Throws when a key is bound twice: the list would show one command while the key ran another. */
export function createActionRegistry<Ctx, Label extends LabelKey>(scope: string, actions: readonly Action<Ctx, Label>[]): ActionRegistry<Ctx, Label> {
  const byKey = new Map<string, Action<Ctx, Label>>();
  for (const action of actions) {
    for (const key of action.keys) {
      if (byKey.has(key)) throw new Error(`${scope} actions: key "${key}" is bound twice`);
      byKey.set(key, action);
    }
  }
  return {
    actions,
    forKey: (key) => byKey.get(key),
    run(key, ctx) {
      const action = byKey.get(key);
      if (!action || (action.predicate && !action.predicate(ctx))) return false;
      action.perform(ctx);
      return true;
    },
  };
}

/** A line of the `?` list: the command translated, its keys as shown. */
export interface ShortcutEntry {
  id: string;
  label: string;
  keys: readonly string[];
}

export function shortcutEntries<Ctx, Label extends LabelKey>(
  registry: ActionRegistry<Ctx, Label>,
  t: Translate,
  showKey: (key: string) => string = (key) => key,
): ShortcutEntry[] {
  // Label is a key without parameters (LabelKey), which TypeScript cannot see through the generic: say it once here.
  const plain = t as (key: LabelKey) => string;
  return registry.actions.map((a) => ({ id: a.id, label: plain(a.label), keys: a.keys.map(showKey) }));
}
