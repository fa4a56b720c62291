/**
 * Follows a link the way a person's click would, through a hidden `<a>`: a download keeps its file name, and a
 * `mailto:` opens the mail app without the page unloading, which assigning `location` could do.
 */
export function clickLink(href: string, download?: string) {
  const link = document.createElement('a');
  link.href = href;
  link.hidden = true;
  if (download !== undefined) link.download = download;
  document.body.append(link);
  link.click();
  link.remove();
}
