/** Where the list and the opened item stack into one column (components.css, `.two-pane`). */
const STACKED = '(max-width: 48rem)';
/** Room left under an item brought up to the top, or over one whose end is brought to the bottom. */
const EDGE_PX = 8;

/**
 * Takes the reader to an item just opened from a list (a chat, a case). Beside the list (a wide
 * screen) focus simply moves to the item's heading. Where list and item stack (a phone), focus
 * alone would scroll only until the heading shows, leaving it at the bottom edge with everything
 * under it off screen; instead the item is brought up to the top with focus on its heading. Given
 * `focusWhenTall` (a citizen's messages, whose next step is the reply box at the chat's end), an
 * item taller than the screen is scrolled until its end meets the bottom of the screen, as in a
 * messaging app, with focus there. Call it once the item has its full height (messages loaded).
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
  if (!focusWhenTall) {
    // What the reader does next sits right under the heading (a clerk's Show Letter): it leads.
    heading.focus({ preventScroll: true });
    window.scrollBy({ top: top - EDGE_PX });
    return;
  }
  focusWhenTall.focus({ preventScroll: true });
  window.scrollBy({ top: bottom - room + EDGE_PX });
}

/**
 * Takes the reader to what an action produced (a letter's proof of sending) when the control they
 * used stays behind (a cleared form): focus moves to the result and, on a small screen where it sits
 * under the form, the result is brought up to the top instead of being left below the fold.
 */
export function revealResult(result: HTMLElement | null): void {
  if (!result) return;
  result.focus({ preventScroll: true });
  const { top, bottom } = result.getBoundingClientRect();
  if (top < 0 || bottom > window.innerHeight) window.scrollBy({ top: top - EDGE_PX });
}
