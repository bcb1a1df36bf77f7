// Fields that hold citations in some provider's response. An adapter that read no citation from a payload that has
// one of them (not empty) lost its evidence: registry.ts refuses that unless the adapter said why.

const CITATION_KEYS =
  /^(citations|annotations|references?|search_results|grounding_?chunks|grounding_?supports|retriever_resources|retrieved_?references|sources)$/i;

/** JSON paths of the non-empty citation-like fields of `payload` (searched 8 levels deep, at most 20 found). */
export function citationLikeFields(payload: unknown): string[] {
  const found: string[] = [];
  const walk = (value: unknown, path: string, depth: number): void => {
    if (depth > 8 || found.length >= 20 || typeof value !== 'object' || value === null) return;
    if (Array.isArray(value)) {
      value.slice(0, 50).forEach((v, i) => walk(v, `${path}[${i}]`, depth + 1));
      return;
    }
    for (const [key, v] of Object.entries(value)) {
      const at = path === '' ? key : `${path}.${key}`;
      // `null` counts as absent here too: an object whose fields are all null holds nothing.
      const filled = Array.isArray(v) ? v.length > 0 : typeof v === 'object' && v !== null && Object.values(v).some((x) => x !== null);
      if (CITATION_KEYS.test(key) && filled) found.push(at);
      else walk(v, at, depth + 1);
    }
  };
  walk(payload, '', 0);
  return found;
}
