/**
 * A shared item's clip text: its title, text and link, each once, one a line. Apps often put the link inside
 * the text as well, or send the page's title alone with it. One rule for both ways a share arrives (the
 * service worker's and the server's share claim), so both make the same clip.
 */
export function shareContent({ title, text, url }: { title: string; text: string; url: string }): string {
  const parts: string[] = [];
  for (const part of [title, text, url]) {
    if (part && !parts.some((kept) => kept.includes(part))) parts.push(part);
  }
  return parts.join('\n');
}
