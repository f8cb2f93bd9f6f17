// The flame-graph frame (/pages/flame-graph-frame): receives a flame graph page of async-profiler's
// converter from the page that embeds it (which fetched it with its token) and becomes that page.
// The api serves this frame sandboxed (an opaque origin: no token, no storage, no api) with a policy
// that lets the converter's inline script and style run; the embedding page forbids both, and a
// srcdoc or blob: frame would inherit its policy. The frame answers with the frames it drew.
'use strict';

(() => {
  const MESSAGE = 'jvmbench-flame-graph';

  // Outside a sandbox this frame would run whatever it is sent in the api's own origin: it refuses.
  if (self.origin !== 'null') {
    document.body.textContent = 'This frame only works sandboxed, as the api serves it.';
    return;
  }

  /** Each frame name the converter's script drew (its global "levels"), widest first. */
  function drawnFrames() {
    const widths = new Map();
    // eslint-disable-next-line no-undef -- declared by the converter's script, in this window's global scope
    for (const level of levels) {
      for (const frame of level) {
        widths.set(frame.title, Math.max(widths.get(frame.title) || 0, frame.width));
      }
    }
    return [...widths].sort((a, b) => b[1] - a[1]).map(([title]) => title).slice(0, 500);
  }

  window.addEventListener('message', (event) => {
    const parent = window.parent;
    if (event.source !== parent || event.origin !== location.origin || !event.data || event.data.type !== MESSAGE) {
      return;
    }
    const html = String(event.data.html);
    let answer;
    try {
      // the converter's page replaces this one; its inline scripts run as it is parsed
      document.open();
      document.write(html);
      document.close();
      // the page's own height, not the frame's (the embedding page sizes the frame to it)
      answer = { frames: drawnFrames(), height: Math.ceil(document.body.getBoundingClientRect().bottom) };
    } catch (error) {
      answer = { error: String(error && error.message || error), frames: [], height: 0 };
    }
    parent.postMessage(Object.assign({ type: MESSAGE + '-drawn' }, answer), event.origin);
  }, { once: false });
})();
