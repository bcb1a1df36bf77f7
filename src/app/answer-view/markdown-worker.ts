import { parseAnswerMarkdown, type ParsedMarkdown } from '../../core/markdown/parse-answer-markdown.ts';

// Parses one long answer's Markdown off the main thread (markdown-client.ts starts it, and ends it when it is done or
// has taken too long: micromark is not linear on every input the limits let through).

interface WorkerScope {
  postMessage(message: ParsedMarkdown): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<string>) => void): void;
}

const scope = self as unknown as WorkerScope;
scope.addEventListener('message', ({ data }) => scope.postMessage(parseAnswerMarkdown(data)));
