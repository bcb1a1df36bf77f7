// Whether a key event's target is somewhere the reader types: single-letter shortcuts (the review's, the viewer's)
// must never fire there. Buttons, checkboxes and other inputs that take no text do not count.
export function isTextField(target: EventTarget | null): boolean {
  if (!target || typeof (target as Element).closest !== 'function') return false;
  const el = target as HTMLElement;
  if (el.isContentEditable) return true;
  if (el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement) return true;
  if (el instanceof HTMLInputElement) return !['button', 'checkbox', 'radio', 'submit', 'reset', 'range', 'color'].includes(el.type);
  return false;
}
