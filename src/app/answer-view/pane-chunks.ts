// The answer view's panes' code chunks, one loader each, shared by whoever asks first: the entry when the link names
// an answer (answer-route-start.ts) and the answer view as it mounts (answer-view.tsx). The same dynamic import from
// one place: one chunk, fetched once. Apart from the answer view's own loader (route-chunks.ts), which imports the
// view that imports this file: together they would be an import cycle.

export const loadViewerPane = () => import('../viewer-pane/viewer-pane.tsx');
export const loadReviewPane = () => import('../review-pane/review-pane.tsx');
