// Markdown links an answer writes to its web sources (`[nytimes.com](https://…)`, OpenRouter's web plugin, Groq's
// compound systems): found by their URL, to be replaced by the source's marker.

/** The first Markdown link `[label](url)` to exactly `url`, with parentheses around it if any. */
export function findLink(text: string, url: string, taken: (start: number, end: number) => boolean): { start: number; end: number } | undefined {
  const escaped = url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const re = new RegExp(`(\\(\\s*)?\\[(?:[^\\[\\]\\n]|\\[[^\\[\\]\\n]*\\])*\\]\\(${escaped}\\)(\\s*\\))?`, 'g');
  for (const m of text.matchAll(re)) {
    const wrapped = m[1] !== undefined && m[2] !== undefined;
    let start = m.index;
    let end = m.index + m[0].length;
    if (!wrapped) {
      if (m[1] !== undefined) start += m[1].length;
      if (m[2] !== undefined) end -= m[2].length;
    }
    if (taken(start, end)) continue;
    return { start, end };
  }
  return undefined;
}
