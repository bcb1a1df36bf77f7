import { createTranslator, type Translate } from '../../core/i18n/translate.ts';
import { useTranslate } from '../../i18n/use-translate.ts';
import { shortcutEntries, type ShortcutEntry } from '../../lib/action-registry.ts';
import { reviewRegistry } from './actions/registry.ts';
import { ModalDialog } from './modal-dialog.tsx';

/** English unless the dialog hands the UI language's translator. */
const EN = createTranslator('en');

export interface ShortcutGroup {
  title: string;
  /** When these keys work, e.g. "while the focus is in the document". */
  note?: string;
  entries: readonly ShortcutEntry[];
}

/**
 * The `?` list: the review's commands from the action registry itself (so it can never disagree with what the
 * keys do), then the groups handed in (the viewer's registry, via the app). A command listed by an earlier group
 * (same id: the region steps, bound in both) is not listed again.
 */
export function shortcutGroups(extra: readonly ShortcutGroup[], t: Translate = EN): ShortcutGroup[] {
  const review: ShortcutGroup = {
    title: t('review.title'),
    note: t('review.shortcutsNote'),
    entries: shortcutEntries(reviewRegistry, t),
  };
  const seen = new Set(review.entries.map((e) => e.id));
  const groups = [review];
  for (const g of extra) {
    const entries = g.entries.filter((e) => !seen.has(e.id));
    for (const e of entries) seen.add(e.id);
    if (entries.length > 0) groups.push({ ...g, entries });
  }
  return groups;
}

export function ShortcutsDialog({ onClose, extra = [] }: { onClose(): void; extra?: readonly ShortcutGroup[] }) {
  const t = useTranslate();
  return (
    <ModalDialog title={t('review.shortcuts')} onClose={onClose}>
      {shortcutGroups(extra, t).map((group) => (
        <section key={group.title} className="mb-3 last:mb-0">
          <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-500">{group.title}</h3>
          {group.note ? <p className="mb-1 text-xs text-slate-500">{group.note}</p> : null}
          <dl aria-label={t('review.shortcutsOf', { title: group.title })} className="divide-y divide-slate-100 text-sm">
            {group.entries.map((entry) => (
              <div key={entry.id} data-shortcut={entry.id} className="flex items-center justify-between gap-4 py-1.5">
                <dt className="text-slate-700">{entry.label}</dt>
                <dd className="flex flex-wrap justify-end gap-1">
                  {entry.keys.map((k) => (
                    <kbd
                      key={k}
                      className="min-w-6 rounded border border-slate-300 bg-slate-50 px-1.5 py-0.5 text-center font-mono text-xs text-slate-700 shadow-[0_1px_0_var(--color-slate-300)]"
                    >
                      {k}
                    </kbd>
                  ))}
                </dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
    </ModalDialog>
  );
}
