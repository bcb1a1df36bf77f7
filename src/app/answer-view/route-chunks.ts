// The answer view's code chunk, one loader shared by whoever asks first: the entry when the link names an answer
// (answer-route-start.ts) and the app when an answer is opened (app.tsx). Its panes' loaders are in pane-chunks.ts.

export const loadAnswerView = () => import('./answer-view.tsx');
