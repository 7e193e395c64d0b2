/**
 * Work held until the press on a link has made its click. A field that applies on blur and redraws what is
 * under the pointer (a table filtered by it) loses the click on a row's link that took the focus: the row moves
 * between the press and the release, and the release lands on another element. So when the primary button is
 * down on a link, the work waits for the release and the click it makes; `stillWanted` then says whether it is
 * still to be done (the click may have gone elsewhere). Any other press (a chip, a button) lets it run at once,
 * so what that press does builds on it.
 */
let pressedLink = false;
/** What ends a press, a release the page may never see (a menu, a drag) included. */
const PRESS_ENDS = ['pointerup', 'pointercancel', 'dragstart', 'contextmenu'] as const;

function release() {
  pressedLink = false;
}

if (typeof document !== 'undefined') {
  document.addEventListener(
    'pointerdown',
    (event) => {
      const target = event.target instanceof Element ? event.target : null;
      pressedLink = event.button === 0 && event.isPrimary && target?.closest('a[href]') !== null;
    },
    true,
  );
  // Nor may another window taking the focus hold work back for good.
  for (const end of PRESS_ENDS) document.addEventListener(end, release, true);
  window.addEventListener('blur', release);
}

/** The longest a press may hold the work back: a hand's click is well under it. */
const MAX_WAIT_MS = 1_000;

export function afterPress(run: () => void, stillWanted: () => boolean = () => true): void {
  if (!pressedLink) {
    run();
    return;
  }
  let done = false;
  const released = () => {
    if (done) return;
    done = true;
    for (const end of PRESS_ENDS) document.removeEventListener(end, released, true);
    window.clearTimeout(timer);
    // The click is dispatched in the same task as the release: a new task sees what it did.
    window.setTimeout(() => {
      if (stillWanted()) run();
    }, 0);
  };
  for (const end of PRESS_ENDS) document.addEventListener(end, released, true);
  const timer = window.setTimeout(released, MAX_WAIT_MS);
}
