/**
 * Runs work once the pointer press in progress, if any, has become its click. A field that applies on blur and
 * redraws what is under the pointer (a table filtered by it) loses the click that took the focus: the row moves
 * between the press and the release, and the release lands on another element. So the work waits for the
 * release and the click it makes; `stillWanted` then says whether it is still to be done (the click may have
 * navigated away).
 */
let pressed = false;

if (typeof document !== 'undefined') {
  document.addEventListener('pointerdown', () => (pressed = true), true);
  for (const end of ['pointerup', 'pointercancel'] as const)
    document.addEventListener(end, () => (pressed = false), true);
}

export function afterPress(run: () => void, stillWanted: () => boolean = () => true): void {
  if (!pressed) {
    run();
    return;
  }
  const released = () => {
    document.removeEventListener('pointerup', released, true);
    document.removeEventListener('pointercancel', released, true);
    // The click is dispatched in the same task as the release: a new task sees what it did.
    window.setTimeout(() => {
      if (stillWanted()) run();
    }, 0);
  };
  document.addEventListener('pointerup', released, true);
  document.addEventListener('pointercancel', released, true);
}
