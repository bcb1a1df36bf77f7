import workerUrl from './markdown-worker.ts?worker&url';
import { parseAnswerMarkdown, plainAnswerMarkdown, type ParsedMarkdown } from '../../core/markdown/parse-answer-markdown.ts';
import { startBundledWorker } from '../../lib/start-worker.ts';

// A long answer's Markdown parse, off the main thread and within a time budget (issue 9: micromark is correct but
// not linear on hostile input, and a 90 KB answer within the size and complexity caps still took ~0.85 s to parse,
// the tab frozen meanwhile). Each parse gets a worker of its own, ended when it answers or when the budget is spent:
// the answer is then shown as plain text with its markers, and says why. Where no worker can start (Node, jsdom, a
// refused script), it is parsed here, as before.

export const PARSE_BUDGET_MS = 3_000;

export function parseOffMain(text: string, budgetMs = PARSE_BUDGET_MS, start: () => Worker = () => startBundledWorker(workerUrl)): Promise<ParsedMarkdown> {
  let worker: Worker;
  try {
    worker = start();
  } catch {
    return Promise.resolve(parseAnswerMarkdown(text));
  }
  return new Promise<ParsedMarkdown>((resolve) => {
    const done = (parsed: ParsedMarkdown) => {
      clearTimeout(timer);
      worker.terminate();
      resolve(parsed);
    };
    const timer = setTimeout(() => done(plainAnswerMarkdown(text, 'slow')), budgetMs);
    worker.addEventListener('message', (event: MessageEvent<ParsedMarkdown>) => done(event.data));
    worker.addEventListener('error', (event) => {
      event.preventDefault();
      done(parseAnswerMarkdown(text));
    });
    worker.postMessage(text);
  });
}
