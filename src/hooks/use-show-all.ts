import { useState } from 'react';
import { capText } from '../core/text/capped-text.ts';

// A long text drawn in part until the reader asks for all of it (core/text/capped-text.ts says why). Shared by the
// answer's references and marker preview and the viewer's source card, which may not import each other.

export interface ShowAll {
  /** What to draw now. */
  text: string;
  /** Characters not drawn (0: all of it is). */
  hidden: number;
  showAll(): void;
}

export function useShowAll(text: string, limit: number): ShowAll {
  const [whole, setWhole] = useState<string | null>(null);
  // Expanded for this text only: another quote in the same place starts capped again.
  const capped = whole === text ? { text, hidden: 0 } : capText(text, limit);
  return { ...capped, showAll: () => setWhole(text) };
}
