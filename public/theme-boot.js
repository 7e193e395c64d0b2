// Runs before the console's first paint (a blocking script in index.html's head, same-origin so the strict
// Content-Security-Policy allows it): the theme from the stored preferences (src/data/preferences.ts, `theme`,
// localStorage) or the system's setting, so a dark console never flashes light. src/data/theme.ts takes over.
(function () {
  var preference = 'system';
  try {
    var record = JSON.parse(localStorage.getItem('nodus.console.preferences') || 'null');
    var stored = record && record.values && record.values.theme;
    if (stored === 'light' || stored === 'dark') preference = stored;
  } catch {
    // Unreadable or no storage: as the system says.
  }
  var dark =
    preference === 'dark' ||
    (preference === 'system' && !!window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches);
  var root = document.documentElement;
  if (dark) root.classList.add('dark');
  root.style.colorScheme = dark ? 'dark' : 'light';
})();
