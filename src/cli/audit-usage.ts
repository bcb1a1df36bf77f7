// The usage text of `citelens audit`, apart from the command so `--help` and `locate` do not load the review rules.

export const AUDIT_USAGE = `  citelens audit ANSWER.json|DIR [--docs DIR] [--format json|md]

audit: runs the review rules the app runs (quotes located in the real PDFs, pages, highlights, support, versions,
access) over one answer file or every *.json answer in DIR (a folder of answers, or a data folder holding answers/),
canonical or wrapped. Documents come from --docs DIR (default: the documents/ folder beside the answers folder),
found by the base name of the document's url, then <id>.*, then its title; <id>.meta.json gives the served version
and "access": "forbidden" (refused, as the server refuses it). stdout holds one JSON object (--format json, the
default) or a Markdown report (--format md): per answer pass/fail, why, every flag per claim × citation, and counts
of citations whose source was retrieved, quote found, page correct, highlight holding the evidence and evidence
supporting the claim ("n / m"). Over a folder, stderr gets a progress line per answer and a summary.
Exit codes: 0 when every answer passes; 1 when any claim breaks the release gate (an error flag, or evidence that
does not support the claim) or an answer in DIR cannot be read; 2 for bad usage or an unreadable ANSWER.json.
`;
