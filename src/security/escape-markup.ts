/** Escapes text for an HTML or SVG text node or attribute: the pages Trellis serves, never from a client's markup. */
export function escapeMarkup(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
