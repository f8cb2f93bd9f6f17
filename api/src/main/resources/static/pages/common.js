// What the pages share (the report, jobs, history and compare pages): the reader's token, the api,
// DOM and number helpers, the verdict and status badges, and flame graphs in a sandboxed frame.
// Plain browser JavaScript, no build step; each page loads it first and reads window.jvmbench.
'use strict';

window.jvmbench = (() => {
  const TOKEN_KEY = 'jvmbench.apiToken';

  /** Every page's path, so that the api's base path (a proxy prefix) is what precedes it. */
  const PAGE = location.pathname.match(/^(.*?)\/(?:jobs\/\d+\/report|jobs|history|compare)$/);
  const base = PAGE ? PAGE[1] : '';

  let token = takeToken();

  class ApiError extends Error {
    constructor(status, problem, path) {
      super((problem && (problem.detail || problem.title)) || ('HTTP ' + status));
      this.status = status;
      this.problem = problem;
      this.path = path;
    }
  }

  // ---- token -------------------------------------------------------------------------------

  /**
   * A token in the fragment (#token=...) wins and is moved to sessionStorage, out of the address bar;
   * the rest of the fragment stays (the report scrolls to a section it names).
   */
  function takeToken() {
    const fragment = new URLSearchParams(location.hash.slice(1));
    const fromFragment = fragment.get('token');
    if (fromFragment) {
      storeToken(fromFragment);
      fragment.delete('token');
      const rest = fragment.toString();
      history.replaceState(null, '', location.pathname + location.search + (rest ? '#' + rest : ''));
      return fromFragment;
    }
    try {
      return sessionStorage.getItem(TOKEN_KEY);
    } catch (e) {
      return null; // storage disabled: the token lives only as long as the page
    }
  }

  function storeToken(value) {
    try {
      if (value) sessionStorage.setItem(TOKEN_KEY, value); else sessionStorage.removeItem(TOKEN_KEY);
    } catch (e) {
      // storage disabled: keep it in memory only
    }
  }

  function setToken(value) {
    token = value || null;
    storeToken(token);
  }

  // ---- the api -----------------------------------------------------------------------------

  async function request(path, accept) {
    const headers = { Accept: accept };
    if (token) headers.Authorization = 'Bearer ' + token;
    const response = await fetch(base + path, { headers, credentials: 'omit', cache: 'no-store' });
    if (!response.ok) {
      let problem = null;
      try {
        problem = await response.json();
      } catch (e) {
        problem = null;
      }
      throw new ApiError(response.status, problem, path);
    }
    return response;
  }

  /** GET a JSON resource of the api with the reader's token. */
  async function api(path) {
    const response = await request(path, 'application/json');
    try {
      return await response.json();
    } catch (e) {
      return null;
    }
  }

  /** GET an HTML resource of the api (a flame graph) as text, with the token. */
  async function apiText(path) {
    return (await request(path, 'text/html')).text();
  }

  const isAuthError = (e) => e instanceof ApiError && (e.status === 401 || e.status === 403);

  /** A query string from an object, leaving out empty values; arrays repeat the key. */
  function query(params) {
    const q = new URLSearchParams();
    for (const [key, value] of Object.entries(params)) {
      for (const v of Array.isArray(value) ? value : [value]) {
        if (v !== null && v !== undefined && v !== '') q.append(key, String(v));
      }
    }
    const text = q.toString();
    return text ? '?' + text : '';
  }

  /** At most {@code width} calls of {@code task} in flight over {@code items}. */
  async function inParallel(items, width, task) {
    let next = 0;
    const worker = async () => {
      while (next < items.length) {
        const item = items[next++];
        await task(item);
      }
    };
    await Promise.all(Array.from({ length: Math.min(width, items.length) }, worker));
  }

  // ---- DOM helpers -------------------------------------------------------------------------

  const $ = (id) => document.getElementById(id);

  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) {
      if (value === null || value === undefined || value === false) continue;
      if (key === 'class') node.className = value;
      else if (key === 'text') node.textContent = value;
      else node.setAttribute(key, value === true ? '' : String(value));
    }
    for (const child of children.flat(Infinity)) {
      if (child === null || child === undefined || child === false) continue;
      node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return node;
  }

  /** The same for SVG elements (charts drawn by the pages themselves). */
  function svg(tag, attrs, ...children) {
    const node = document.createElementNS('http://www.w3.org/2000/svg', tag);
    for (const [key, value] of Object.entries(attrs || {})) {
      if (value !== null && value !== undefined && value !== false) node.setAttribute(key, String(value));
    }
    for (const child of children.flat(Infinity)) {
      if (child === null || child === undefined || child === false) continue;
      node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return node;
  }

  function show(id, visible = true) {
    $(id).hidden = !visible;
  }

  function setStatus(text) {
    $('status').textContent = text;
  }

  /** A link to another page of this api, relative to its base path. */
  const href = (path) => base + path;

  // ---- formatting --------------------------------------------------------------------------

  const big = new Intl.NumberFormat('en', { maximumFractionDigits: 0 });
  const small = new Intl.NumberFormat('en', { maximumSignificantDigits: 3 });

  function num(value) {
    if (value === null || value === undefined || Number.isNaN(value)) return '–';
    return Math.abs(value) >= 1000 ? big.format(value) : small.format(value);
  }

  function percent(ratio) {
    if (ratio === null || ratio === undefined) return '–';
    const change = (ratio - 1) * 100;
    return (change > 0 ? '+' : change < 0 ? '−' : '±') + Math.abs(change).toFixed(1) + '%';
  }

  /** Three decimals, as summary.md: at two a 5% slowdown's interval [0.946, 0.953] would read [0.95, 0.95]. */
  function ratioNumber(ratio) {
    return ratio === null || ratio === undefined ? '–' : ratio.toFixed(3);
  }

  const ratioText = (ratio) => '×' + ratioNumber(ratio);

  const cellName = (jdk, threadModel) => 'JDK ' + jdk + ' · ' + threadModel;

  function levelWord(loadModel) {
    return loadModel === 'open' ? { axis: 'Offered load (req/s)', unit: 'req/s' } : { axis: 'Concurrency (users)', unit: 'users' };
  }

  /** An instant as "2026-11-24 10:00:00Z". */
  const timeText = (t) => (t ? new Date(t).toISOString().replace('T', ' ').replace(/\.\d+Z$/, 'Z') : '–');

  const labelText = (labels) => Object.entries(labels || {}).map(([k, v]) => k + '=' + v).join(', ');

  // ---- badges ------------------------------------------------------------------------------

  const VERDICTS = {
    'improved': { css: 'verdict-improved', symbol: '▲' },
    'regressed': { css: 'verdict-regressed', symbol: '▼' },
    // a real change smaller than the threshold: its own colour and symbol, never mistaken for "nothing happened"
    'change within tolerance': { css: 'verdict-tolerance', symbol: '◐' },
    'no detectable change': { css: 'verdict-same', symbol: '○' },
    // one run a side: no interval to judge by, so the ratio is shown and not called a change
    'not judged': { css: 'verdict-same', symbol: '–' },
  };

  function verdictBadge(verdict) {
    const v = VERDICTS[verdict] || { css: 'verdict-same', symbol: '?' };
    return el('span', { class: 'badge ' + v.css, 'data-verdict': verdict }, v.symbol + ' ' + verdict);
  }

  /**
   * The job's status; a job whose runs completed with critical findings is not a green SUCCEEDED
   * (its numbers are not all the app's): the same words as the summary's headline.
   */
  function statusBadge(job, id) {
    const critical = (job.findings && job.findings.critical) || 0;
    if (job.status === 'SUCCEEDED' && critical > 0) {
      return el('span', { class: 'badge status-COMPLETED-CRITICAL', id, 'data-status': job.status },
        '⚠️ completed, ' + critical + ' critical finding' + (critical === 1 ? '' : 's'));
    }
    return el('span', { class: 'badge status-' + job.status, id, 'data-status': job.status }, job.status);
  }

  // ---- the page's flow ---------------------------------------------------------------------

  /**
   * The token form, the same on every page: the page's empty {@code <section id="auth">} names its
   * button ({@code data-submit}) and its path ({@code data-page}, for the link example).
   */
  function fillAuthPanel() {
    const section = $('auth');
    if (section.children.length) return;
    const { submit, page } = section.dataset;
    section.append(
      el('h2', { id: 'auth-title' }, 'An API token is needed'),
      el('p', { id: 'auth-reason' }),
      el('form', { id: 'auth-form' },
        el('label', { for: 'token-input' }, 'API token with the ', el('code', null, 'read'), ' role'),
        el('div', { class: 'auth-row' },
          el('input', { id: 'token-input', name: 'token', type: 'password', autocomplete: 'off', spellcheck: 'false',
            required: true }),
          el('button', { type: 'submit' }, submit))),
      el('p', { class: 'hint' }, 'The token stays in this browser tab (sessionStorage) and is sent only to this server, as ',
        el('code', null, 'Authorization: Bearer'), '. A link can carry it too: ',
        el('code', null, '…/' + page + '#token=YOUR_TOKEN'),
        ' (the fragment never reaches a server; the page removes it from the address bar).'));
  }

  /**
   * Wires a page's token form and toolbar and runs {@code load}: a 401 or 403 asks for a token
   * (hiding the sections {@code hide}), any other error is shown under {@code errorTitle}, in the
   * words of {@code describe(error)} when it has some. Returns the function that loads again.
   */
  function runPage({ load, hide = [], describe, errorTitle = 'Nothing to show' }) {
    fillAuthPanel();

    function showAuth(error) {
      document.body.dataset.state = 'auth';
      $('auth-reason').textContent = error.status === 403
        ? 'The token was refused for ' + error.path + ' (403): it needs the read role.'
        : token
          ? 'The api did not accept the token (401): it is unknown, revoked or mistyped.'
          : 'The api answered 401: this installation needs a token to read results.';
      setStatus('Waiting for an API token.');
      [...hide, 'error'].forEach((id) => show(id, false));
      show('auth');
      $('token-input').focus();
    }

    function showError(error) {
      document.body.dataset.state = 'error';
      const status = error instanceof ApiError ? error.status : null;
      const message = (describe && describe(error))
        || (status ? 'The api answered ' + status + ' for ' + error.path + ': ' : 'The page could not be built: ') + error.message;
      $('error').replaceChildren(el('h2', null, errorTitle), el('p', null, message));
      setStatus('Failed.');
      show('error');
    }

    async function run() {
      document.body.dataset.state = 'loading';
      show('auth', false);
      show('error', false);
      $('forget-token').hidden = !token;
      try {
        await load();
        document.body.dataset.state = 'ready';
      } catch (error) {
        if (isAuthError(error)) showAuth(error); else showError(error);
      }
    }

    $('auth-form').addEventListener('submit', (event) => {
      event.preventDefault();
      setToken($('token-input').value.trim());
      $('token-input').value = '';
      run();
    });
    $('reload').addEventListener('click', () => run());
    $('forget-token').addEventListener('click', () => {
      setToken(null);
      run();
    });
    run();
    return run;
  }

  // ---- flame graphs ------------------------------------------------------------------------

  const FRAME_MESSAGE = 'jvmbench-flame-graph';

  /**
   * A flame graph of the api's (GET …/profiles/flamegraph.html or …/profiles/diff.html), drawn by
   * async-profiler's converter: a self-contained page whose inline script holds the profile's frame
   * names in string literals, escaped for quotes and backslashes only. It must never run in this
   * page's origin, which holds the token: it is fetched here with the token and handed to
   * /pages/flame-graph-frame, which the api serves sandboxed (an opaque origin: no token, no storage,
   * no access to the api) under a policy that lets the converter's inline script and style run. A
   * srcdoc or blob: frame would not do: it inherits this page's policy, which forbids inline script.
   * The frame answers with the frames it drew, listed under the graph (searchable text, for readers
   * and checks alike). Returns the figure at once; it fills in when the graph is drawn.
   */
  function flameGraph(path, caption) {
    const figure = el('figure', { class: 'flame', 'data-state': 'loading', 'data-source': path },
      el('figcaption', null, caption));
    const status = el('p', { class: 'note flame-status' }, 'Loading…');
    figure.append(status);
    apiText(path).then((html) => {
      const frame = el('iframe', { class: 'flame-frame', sandbox: 'allow-scripts', title: caption,
        src: href('/pages/flame-graph-frame') });
      let sent = false;
      const listener = (event) => {
        if (event.source !== frame.contentWindow || !event.data || event.data.type !== FRAME_MESSAGE + '-drawn') return;
        window.removeEventListener('message', listener);
        const drawn = event.data;
        // CSSOM, not a style attribute: the page's content security policy allows no inline style
        if (drawn.height > 0) frame.style.height = Math.min(drawn.height + 4, 1600) + 'px';
        figure.dataset.state = drawn.error ? 'failed' : 'drawn';
        figure.dataset.frames = String((drawn.frames || []).length);
        status.textContent = drawn.error ? 'The flame graph could not be drawn: ' + drawn.error
          : 'Click a frame to zoom, Ctrl+F to search (inside the graph).';
        if (drawn.frames && drawn.frames.length) {
          figure.append(el('details', { class: 'flame-frames' },
            el('summary', null, 'The ' + drawn.frames.length + ' frames drawn, widest first'),
            el('ol', null, drawn.frames.map((name) => el('li', null, el('code', null, name))))));
        }
      };
      window.addEventListener('message', listener);
      frame.addEventListener('load', () => {
        if (sent) return;
        sent = true;
        // an opaque origin cannot be named as the target: the frame's window is ours, created above
        frame.contentWindow.postMessage({ type: FRAME_MESSAGE, html }, '*');
      });
      status.textContent = 'Drawing…';
      figure.insertBefore(frame, status);
    }, (error) => {
      figure.dataset.state = isAuthError(error) ? 'auth' : 'missing';
      status.textContent = error.status === 404 ? 'No profile: ' + error.message
        : 'The flame graph could not be loaded: ' + error.message;
    });
    return figure;
  }

  /** The profile query string of a cell: jdk, threadModel, level, kind and side. */
  function profileQuery(cell, extra) {
    return query(Object.assign({ jdk: cell.jdk, threadModel: cell.threadModel, level: cell.level, kind: cell.kind || 'cpu',
      side: cell.side && cell.side !== 'job' ? cell.side : null }, extra || {}));
  }

  /** The frames whose self value per request changed most (GET …/profiles/diff) as a table. */
  function frameDiffTable(diff, caption) {
    const rows = (diff.frames || []).map((f) => el('tr', { 'data-frame': f.frame },
      el('th', { scope: 'row' }, el('code', null, f.frame)),
      el('td', { class: 'num' }, num(f.baseline)), el('td', { class: 'num' }, num(f.candidate)),
      el('td', { class: 'num ' + (f.delta > 0 ? 'grew' : 'shrank') }, (f.delta > 0 ? '+' : '−') + num(Math.abs(f.delta)))));
    if (!rows.length) {
      return el('p', { class: 'note frame-diff', 'data-frames': '0' }, caption + ': no frame\'s self value changed beyond '
        + 'the sampling\'s noise (' + num(diff.baselineTotal) + ' → ' + num(diff.candidateTotal) + ' ' + diff.unit + ' in all).');
    }
    return el('div', { class: 'table-wrap' }, el('table', { class: 'data frame-diff', 'data-frames': rows.length },
      el('caption', null, caption + ' (' + diff.unit + '; in all ' + num(diff.baselineTotal) + ' → ' + num(diff.candidateTotal) + ')'),
      el('thead', null, el('tr', null, ['Frame', 'Baseline', 'Candidate', 'Change'].map((h) => el('th', { scope: 'col' }, h)))),
      el('tbody', null, rows)));
  }

  return Object.freeze({
    base, href, api, apiText, ApiError, isAuthError, query, inParallel, token: () => token, setToken,
    $, el, svg, show, setStatus,
    num, percent, ratioNumber, ratioText, cellName, levelWord, timeText, labelText,
    VERDICTS, verdictBadge, statusBadge,
    runPage, flameGraph, profileQuery, frameDiffTable,
  });
})();
