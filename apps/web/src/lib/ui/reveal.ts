/** Where the list and the opened item stack into one column (components.css, `.two-pane`). */
const STACKED = '(max-width: 48rem)';
/** Room left under an item brought up to the top, or over one whose end is brought to the bottom. */
const EDGE_PX = 8;

/**
 * Takes the reader to an item just opened from a list (a chat, a case). Beside the list (a wide
 * screen) focus simply moves to the item's heading. Where list and item stack (a phone), focus
 * alone would scroll only until the heading shows, leaving it at the bottom edge with everything
 * under it off screen; instead an item that fits the screen is brought up to the top, and a taller
 * one is scrolled until its end (a chat's newest messages and reply box) meets the bottom of the
 * screen, as in a messaging app, with focus on `focusWhenTall` (the messages) when that is given.
 * Call it again once the item has its full height (its messages loaded): it measures anew.
 */
export function revealOpened(heading: HTMLElement | null, focusWhenTall?: HTMLElement | null): void {
  if (!heading) return;
  const isStacked = typeof window.matchMedia === 'function' && window.matchMedia(STACKED).matches;
  if (!isStacked) {
    heading.focus();
    return;
  }
  const item = heading.closest('section') ?? heading;
  const { top, bottom } = item.getBoundingClientRect();
  const room = window.innerHeight;
  if (bottom - top <= room - 2 * EDGE_PX) {
    heading.focus({ preventScroll: true });
    window.scrollBy({ top: top - EDGE_PX });
    return;
  }
  (focusWhenTall ?? heading).focus({ preventScroll: true });
  window.scrollBy({ top: bottom - room + EDGE_PX });
}
