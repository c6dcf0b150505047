// Text into HTML or XML: the five characters that could end an element or an attribute become
// entities. Emails, the twin's pages and the site's prerendered head, sitemap and feed use it.
const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => entities[character] ?? character);
}
