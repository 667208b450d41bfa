import { scriptJson } from '../../contract/script-json.ts';

/**
 * Structured data for search engines (schema.org as JSON-LD). A data block, never run, so the
 * CSP's script-src does not apply; the JSON is escaped so no text of ours can close the element.
 */
export function JsonLd({ data }: { data: Record<string, unknown> }) {
  return (
    <script
      type="application/ld+json"
      // Escaped above; React would otherwise escape differently on the server and the client.
      dangerouslySetInnerHTML={{
        __html: scriptJson({ '@context': 'https://schema.org', ...data }),
      }}
    />
  );
}
