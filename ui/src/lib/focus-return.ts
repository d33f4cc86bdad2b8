// Where focus goes when a dialog closes. Radix returns it to the element that had focus when the
// dialog opened, which breaks in two common cases: a dialog opened from a menu item (the item is
// gone by then, so focus falls to <body>) and a dialog whose trigger unmounted meanwhile (a row
// that left the list, a flag banner that was resolved). `useFocusReturn` remembers the menu's
// trigger instead of the item and falls back to the page's main region, never <body>.
import { useCallback, useLayoutEffect, useRef } from 'react';

/** The shell's main region (app-shell.tsx), focusable with tabIndex -1. */
export const MAIN_CONTENT_ID = 'main-content';

let lastFocus: HTMLElement | null = null;

if (typeof document !== 'undefined') {
  document.addEventListener(
    'focusin',
    (event) => {
      if (event.target instanceof HTMLElement) lastFocus = event.target;
    },
    true,
  );
}

/**
 * What opened the dialog: the focused element, or — when focus already fell to <body> as the
 * menu item that was chosen left the page — the last one focused. A menu item stands for its
 * menu's trigger (Radix labels the menu by its trigger's id).
 */
function openerOfDialog(): HTMLElement | null {
  const active = document.activeElement;
  const candidate = active instanceof HTMLElement && active !== document.body ? active : lastFocus;
  const menu = candidate?.closest('[role="menu"]');
  if (!menu) return candidate;
  const triggerId = menu.getAttribute('aria-labelledby');
  const trigger = triggerId ? document.getElementById(triggerId) : null;
  return trigger instanceof HTMLElement ? trigger : null;
}

/**
 * For a controlled dialog: pass `open` and put the returned handler on the content's
 * `onCloseAutoFocus`. Focus goes back to what opened the dialog (the menu's trigger for a menu
 * item), or to the main region when that element has left the page.
 * @example const returnFocus = useFocusReturn(open); <Dialog.Content onCloseAutoFocus={returnFocus}>
 */
export function useFocusReturn(open: boolean): (event: Event) => void {
  const target = useRef<HTMLElement | null>(null);
  // A layout effect runs before the dialog's focus scope moves focus inside it.
  useLayoutEffect(() => {
    if (open) target.current = openerOfDialog();
  }, [open]);
  return useCallback((event: Event) => {
    event.preventDefault();
    const element = target.current;
    target.current = null;
    if (element?.isConnected) element.focus();
    else document.getElementById(MAIN_CONTENT_ID)?.focus();
  }, []);
}
