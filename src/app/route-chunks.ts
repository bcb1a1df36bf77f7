// The answer route's code chunks, one loader each, shared by whoever asks first: the entry when the link names an
// answer (answer-route-start.ts), the app when an answer is opened (app.tsx), the answer view as it mounts
// (answer-view.tsx). The same dynamic import from one place: one chunk, fetched once.

export const loadAnswerView = () => import('./answer-view.tsx');
export const loadViewerPane = () => import('./viewer-pane.tsx');
export const loadReviewPane = () => import('./review-pane.tsx');
