import { reviewActions } from './actions/registry.ts';
import { ModalDialog } from './modal-dialog.tsx';

/** The `?` list, made from the action registry itself, so it can never disagree with what the keys do. */
export function ShortcutsDialog({ onClose }: { onClose(): void }) {
  return (
    <ModalDialog title="Keyboard shortcuts" onClose={onClose}>
      <p className="mb-3 text-xs text-slate-500">They work whenever the cursor is not in a text field.</p>
      <dl aria-label="Shortcuts" className="divide-y divide-slate-100 text-sm">
        {reviewActions.map((action) => (
          <div key={action.name} data-shortcut={action.name} className="flex items-center justify-between gap-4 py-1.5">
            <dt className="text-slate-700">{action.label}</dt>
            <dd className="flex gap-1">
              {action.keys.map((k) => (
                <kbd key={k} className="min-w-6 rounded border border-slate-300 bg-slate-50 px-1.5 py-0.5 text-center font-mono text-xs text-slate-700 shadow-[0_1px_0_var(--color-slate-300)]">
                  {k}
                </kbd>
              ))}
            </dd>
          </div>
        ))}
      </dl>
    </ModalDialog>
  );
}
