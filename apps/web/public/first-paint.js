(function () {
  try {
    var saved = localStorage.getItem('clipsync.theme');
    var dark =
      saved === 'dark' || ((!saved || saved === 'system') && window.matchMedia('(prefers-color-scheme: dark)').matches);
    document.documentElement.classList.toggle('dark', dark);
    var lang = localStorage.getItem('clipsync.language');
    if (lang) document.documentElement.lang = lang;
  } catch {
    /* storage unavailable: defaults apply */
  }
})();
