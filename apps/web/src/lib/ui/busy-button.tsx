import type { ButtonHTMLAttributes, MouseEvent, Ref } from 'react';

type BusyButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  /** A request of this button is running: it says so and ignores presses until it is done. */
  busy: boolean;
  ref?: Ref<HTMLButtonElement>;
};

/**
 * A button that waits for its request without `disabled`: Chromium moves focus to <body> when the
 * focused element gets disabled, so a keyboard or screen-reader user lost their place after every
 * Submit. While busy it is `aria-disabled` (announced as unavailable, still focusable) and cancels
 * its click, which also cancels the form submission that click (or Enter in a field) would start.
 */
export function BusyButton({ busy, onClick, ...rest }: BusyButtonProps) {
  return (
    <button
      {...rest}
      aria-disabled={busy || rest['aria-disabled'] || undefined}
      aria-busy={busy || undefined}
      onClick={(event: MouseEvent<HTMLButtonElement>) => {
        if (busy) {
          event.preventDefault();
          return;
        }
        onClick?.(event);
      }}
    />
  );
}
