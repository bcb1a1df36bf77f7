// The Hono context variables set by the bearer-token middleware (src/server/auth.ts).
// `tokenSubject`: the subject of the API token the request carried (the reviewer's name); absent when the API
// is open (no CITELENS_API_TOKENS) or the request came with an embed session token.
export type AuthVariables = { tokenSubject?: string };
