/** Where the list and the opened item stack into one column (components.css, `.two-pane`). */
const STACKED = '(max-width: 48rem)';

/**
 * Takes the reader to an item just opened from a list (a chat, a case): focus on its heading, and
 * where list and item stack (a phone) the heading is scrolled to the top of the screen. Focus alone
 * scrolls only until the heading shows, which leaves it at the bottom edge with everything under it
 * (the reply box) off screen.
 */
export function revealOpened(heading: HTMLElement | null): void {
  if (!heading) return;
  const isStacked = typeof window.matchMedia === 'function' && window.matchMedia(STACKED).matches;
  heading.focus({ preventScroll: isStacked });
  if (isStacked) heading.scrollIntoView?.({ block: 'start' });
}
