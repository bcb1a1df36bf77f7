import { staticPagePolicy } from './csp.ts';

// The page a refused signed embed link gets instead of the app. Static text only (nothing from the request
// is written into it), so it needs no escaping and no script. It may be framed by the allowed portals, so
// that the reader sees the reason inside the portal instead of a blank frame.

export type LinkRefusal = 'expired' | 'invalid';

const TEXT: Record<LinkRefusal, { title: string; body: string }> = {
  expired: {
    title: 'This embed link has expired',
    body: 'Embed links work for a few minutes only. Reload the page that shows it to get a fresh link.',
  },
  invalid: {
    title: 'This embed link is not valid',
    body: 'The link was changed, was not signed by this server, or is not meant for the page that shows it.',
  },
};

export function linkRefusedPage(kind: LinkRefusal, framers: readonly string[], isHead: boolean): Response {
  const { title, body } = TEXT[kind];
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;color:#0f172a;background:#f8fafc;margin:0;padding:2rem}main{max-width:36rem;margin:auto}h1{font-size:1.25rem}</style>
</head>
<body><main><h1>${title}</h1><p>${body}</p></main></body>
</html>
`;
  return new Response(isHead ? null : html, {
    status: 403,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': staticPagePolicy(framers),
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
      'Cache-Control': 'no-store',
    },
  });
}
