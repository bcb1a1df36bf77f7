import { createContext, useContext } from 'react';

// The active marker and the click handler reach the marker buttons through context, so that a click re-renders
// only the buttons, not the whole answer (which would be converted to React elements again on every citation click).

export interface ActiveMarker {
  activeKey: string | null;
  onCite(key: string): void;
}

export const ActiveMarkerContext = createContext<ActiveMarker>({ activeKey: null, onCite: () => undefined });

export function useActiveMarker(): ActiveMarker {
  return useContext(ActiveMarkerContext);
}
