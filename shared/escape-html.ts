const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/**
 * Text made safe for HTML: in an element's text and in a quoted attribute
 * value alike. The refusal pages (server/native-form/page-template.ts) and the
 * lead emails (server/leads/delivery/) write visitors' words with it; the
 * prerendered heads (src/head.ts, render-native-form-pages.tsx) their titles.
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);
}
