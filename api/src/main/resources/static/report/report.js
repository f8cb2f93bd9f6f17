// The report page of one job: fetches the job, its statistics and its comparisons from the
// protected /api/v1 endpoints with the caller's token, then draws tables and Chart.js charts.
// Plain browser JavaScript, no build step; Chart.js comes from the bundled webjar.
'use strict';

(() => {
  const TOKEN_KEY = 'jvmbench.apiToken';

  /** The charts of the field reports, in reading order. */
  const CHART_METRICS = ['throughputRps', 'latencyP95Ms', 'cpuMsPerRequest', 'memoryPerRequestMb',
    'contextSwitchesPerRequest', 'gcPauseMsPerSecond', 'heapMeanMb'];

  /** Used when the statistics do not describe a metric (labels and units normally come from the api). */
  const METRIC_FALLBACK = {
    throughputRps: { label: 'Throughput', unit: 'req/s', direction: 'higher' },
    latencyP95Ms: { label: 'Latency p95', unit: 'ms', direction: 'lower' },
    cpuMsPerRequest: { label: 'CPU per request', unit: 'ms', direction: 'lower' },
    memoryPerRequestMb: { label: 'Memory per request', unit: 'MB', direction: 'lower' },
    contextSwitchesPerRequest: { label: 'Context switches per request', unit: 'switches', direction: 'lower' },
    gcPauseMsPerSecond: { label: 'GC pause', unit: 'ms/s', direction: 'lower' },
    heapMeanMb: { label: 'Heap used (mean)', unit: 'MB', direction: 'lower' },
  };

  /** What each flag means for the reader; severe ones make a cell's numbers unusable, not just doubtful. */
  const FLAGS = {
    'loadgen-saturated': { text: 'Load generator saturated', severe: false },
    'offered-rate-not-reached': { text: 'Offered rate not reached', severe: false },
    'pinning-seen': { text: 'Virtual-thread pinning seen', severe: false },
    'scrapes-failed': { text: 'Metric scrapes failed', severe: false },
    'errors': { text: 'Request errors', severe: false },
    'jfr-missing': { text: 'JFR recording missing', severe: false },
    'jfr-unreadable': { text: 'JFR recording unreadable', severe: false },
    'jfr-partial': { text: 'JFR recording partial (the JVM did not end cleanly)', severe: false },
    'not-steady': { text: 'Window not steady', severe: false },
    'oom': { text: 'Out of memory (OOM)', severe: true },
    'run-failed': { text: 'Run failed', severe: true },
  };

  /** Okabe-Ito: distinguishable with the common colour-vision deficiencies; dashes tell JDKs apart in grey print. */
  const PALETTE = ['#0072B2', '#D55E00', '#009E73', '#CC79A7', '#E69F00', '#56B4E9', '#000000', '#999933'];
  const DASHES = [[], [7, 4], [2, 3], [10, 3, 2, 3]];
  const POINT_STYLES = { platform: 'rect', virtual: 'circle', webflux: 'triangle' };

  const VERDICTS = {
    'improved': { css: 'verdict-improved', symbol: '▲' },
    'regressed': { css: 'verdict-regressed', symbol: '▼' },
    // a real change smaller than the threshold: its own colour and symbol, never mistaken for "nothing happened"
    'change within tolerance': { css: 'verdict-tolerance', symbol: '◐' },
    'no detectable change': { css: 'verdict-same', symbol: '○' },
    // one run a side: no interval to judge by, so the ratio is shown and not called a change
    'not judged': { css: 'verdict-same', symbol: '–' },
  };

  /** Findings' severities, worst first: badge class and the colour of their markers on the time charts. */
  const SEVERITIES = {
    critical: { css: 'severity-critical', color: '#B3261E', rank: 0 },
    warning: { css: 'severity-warning', color: '#8A5300', rank: 1 },
    info: { css: 'severity-info', color: '#1F5FAD', rank: 2 },
  };

  /**
   * The time charts of a level, one per metric group, drawn when a run measured any of its
   * columns: the load generator's, then the container's and the JVM's (docs/metrics.md).
   */
  const TIME_GROUPS = [
    { id: 'throughput', title: 'Throughput', unit: 'req/s', columns: [{ id: 'throughputRps' }] },
    { id: 'latency', title: 'Latency p50 / p95 / p99', unit: 'ms', columns: [
      { id: 'latencyP50Ms', label: 'p50', dash: [2, 3], width: 1.5 },
      { id: 'latencyP95Ms', label: 'p95' },
      { id: 'latencyP99Ms', label: 'p99', dash: [7, 4], width: 1.5 }] },
    { id: 'errors', title: 'Errors', unit: 'per second', columns: [{ id: 'errors' }] },
    { id: 'cpu', title: 'CPU', unit: '% of limit', columns: [{ id: 'cpuPercentOfLimit' }] },
    { id: 'memory', title: 'Container memory / heap used', unit: 'MB', columns: [
      { id: 'memoryMb', label: 'container' }, { id: 'heapUsedMb', label: 'heap', dash: [7, 4] }] },
    { id: 'threads', title: 'OS threads', unit: 'threads', columns: [{ id: 'osThreads' }] },
    { id: 'gc', title: 'GC pause', unit: 'ms per second', columns: [{ id: 'gcPauseMs' }] },
    { id: 'jit', title: 'JIT compiler threads', unit: 'CPU ms per second', columns: [{ id: 'jitCpuMs' }] },
  ];
  /** Repetitions of a cell: one line each, in the cell's colour, told apart by their dash. */
  const REPETITION_DASHES = [[], [6, 3], [2, 2], [9, 3, 2, 3]];

  /**
   * Draws each point's interval (raw.low .. raw.high) as a vertical bar with caps, for the datasets
   * marked errorBars: a shaded band needs two levels to fill, so a series with one level (and the
   * distribution charts, whose x is not a load level) shows its interval this way instead of a bare dot.
   */
  const ERROR_BARS = {
    id: 'jvmbenchErrorBars',
    afterDatasetsDraw(chart) {
      const { ctx } = chart;
      const y = chart.scales.y;
      let drawn = 0;
      chart.data.datasets.forEach((dataset, index) => {
        if (!dataset.errorBars || !chart.isDatasetVisible(index)) return;
        ctx.save();
        ctx.strokeStyle = dataset.borderColor;
        ctx.lineWidth = 1.5;
        ctx.setLineDash([]);
        chart.getDatasetMeta(index).data.forEach((element, j) => {
          const raw = dataset.data[j];
          if (!raw || raw.low === undefined || raw.low === null || raw.high === undefined || raw.high === null) return;
          drawn++;
          const top = y.getPixelForValue(raw.high);
          const bottom = y.getPixelForValue(raw.low);
          ctx.beginPath();
          ctx.moveTo(element.x, top);
          ctx.lineTo(element.x, bottom);
          ctx.moveTo(element.x - 5, top);
          ctx.lineTo(element.x + 5, top);
          ctx.moveTo(element.x - 5, bottom);
          ctx.lineTo(element.x + 5, bottom);
          ctx.stroke();
        });
        ctx.restore();
      });
      // how many intervals the chart drew as bars: a check (and a reader of the DOM) can count them
      chart.canvas.closest('figure').dataset.errorBars = String(drawn);
    },
  };

  /** The distribution charts' percentiles, placed on the usual log "1/(1-p)" axis of latency plots. */
  const tailPosition = (percentile) => Math.log10(1 / (1 - percentile / 100));
  const percentileName = (percentile) => 'p' + String(percentile);

  const $ = (id) => document.getElementById(id);
  const route = location.pathname.match(/^(.*)\/jobs\/(\d+)\/report$/);
  const base = route ? route[1] : '';
  const jobId = route ? route[2] : null;
  const charts = [];
  /** A fragment key naming a section (…/report#timeline): scrolled to once the page is drawn. */
  let scrollTarget = null;
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

  /** A token in the fragment (#token=...) wins and is moved to sessionStorage, out of the address bar. */
  function takeToken() {
    const fragment = new URLSearchParams(location.hash.slice(1));
    scrollTarget = [...fragment.keys()].find((key) => key !== 'token' && /^[a-z][a-z0-9-]*$/.test(key)) || null;
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

  async function api(path) {
    const headers = { Accept: 'application/json' };
    if (token) headers.Authorization = 'Bearer ' + token;
    const response = await fetch(base + path, { headers, credentials: 'omit', cache: 'no-store' });
    let body = null;
    try {
      body = await response.json();
    } catch (e) {
      body = null;
    }
    if (!response.ok) throw new ApiError(response.status, body, path);
    return body;
  }

  const isAuthError = (e) => e instanceof ApiError && (e.status === 401 || e.status === 403);

  // ---- DOM helpers -------------------------------------------------------------------------

  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) {
      if (value === null || value === undefined || value === false) continue;
      if (key === 'class') node.className = value;
      else if (key === 'text') node.textContent = value;
      else node.setAttribute(key, value === true ? '' : String(value));
    }
    for (const child of children.flat()) {
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

  function ratioText(ratio) {
    return '×' + ratioNumber(ratio);
  }

  function metricInfo(stats, id) {
    const fromApi = (stats && stats.metrics || []).find((m) => m.id === id);
    return Object.assign({ label: id, unit: '', direction: 'lower' }, METRIC_FALLBACK[id], fromApi);
  }

  const cellName = (jdk, threadModel) => 'JDK ' + jdk + ' · ' + threadModel;

  function levelWord(loadModel) {
    return loadModel === 'open' ? { axis: 'Offered load (req/s)', unit: 'req/s' } : { axis: 'Concurrency (users)', unit: 'users' };
  }

  /**
   * The job's status; a job whose runs completed with critical findings is not a green SUCCEEDED
   * (its numbers are not all the app's): the same words as the summary's headline.
   */
  function statusBadge(job) {
    const critical = (job.findings && job.findings.critical) || 0;
    if (job.status === 'SUCCEEDED' && critical > 0) {
      return el('span', { class: 'badge status-COMPLETED-CRITICAL', id: 'job-status', 'data-status': job.status },
        '⚠️ completed, ' + critical + ' critical finding' + (critical === 1 ? '' : 's'));
    }
    return el('span', { class: 'badge status-' + job.status, id: 'job-status', 'data-status': job.status }, job.status);
  }

  function verdictBadge(verdict) {
    const v = VERDICTS[verdict] || { css: 'verdict-same', symbol: '?' };
    return el('span', { class: 'badge ' + v.css, 'data-verdict': verdict }, v.symbol + ' ' + verdict);
  }

  function flagBadge(flag, levels, levelUnit) {
    const known = FLAGS[flag] || { text: flag, severe: false };
    const where = levels && levels.length ? ' (at ' + levels.join(', ') + ' ' + levelUnit + ')' : '';
    return el('span', { class: 'flag' + (known.severe ? ' flag-severe' : ''), 'data-flag': flag, title: flag },
      '⚑ ' + known.text + where);
  }

  // ---- the job -----------------------------------------------------------------------------

  function renderJob(job) {
    const spec = job.spec || {};
    const scenario = spec.scenario || {};
    const load = spec.load || {};
    const limits = spec.limits || {};
    document.title = 'Job ' + job.id + ' · ' + (scenario.name || 'report') + ' · jvmbench';
    $('title').textContent = 'Job #' + job.id + ': ' + (scenario.name || '?') + ' on ' + appText(spec.app);

    const facts = $('job-facts');
    facts.replaceChildren();
    const fact = (term, ...value) => facts.append(el('dt', null, term), el('dd', null, ...value));
    fact('Status', statusBadge(job),
      job.statusReason ? ' ' + job.statusReason : '', progressText(job.progress));
    fact('App', appText(spec.app));
    fact('Scenario', scenarioText(scenario));
    fact('JDKs', ...(spec.jdks || []).map((j) => el('span', { class: 'chip' }, 'JDK ' + j)));
    fact('Thread models', ...(spec.threadModels || []).map((m) => el('span', { class: 'chip' }, m)),
      spec.platform && (spec.threadModels || []).includes('platform')
        ? ' platform pool ' + spec.platform.maxThreads + (spec.platform.stackSizeKb ? ', stack ' + spec.platform.stackSizeKb + ' KB' : '')
        : '');
    fact('Limits', (limits.cpus ?? '?') + ' CPU, ' + (limits.memoryMb ?? '?') + ' MB memory (no swap)');
    const warmup = load.warmup && load.warmup.mode === 'adaptive'
      ? 'an adaptive warm-up (' + load.warmupSeconds + ' to ' + load.warmup.maxSeconds + ' s, until steady over '
        + load.warmup.windowSeconds + ' s'
        + (load.warmup.jitCpuPercent != null ? ' with the JIT under ' + load.warmup.jitCpuPercent + ' % CPU' : '')
        + (load.warmup.everyLevel ? ', every level' : ', first level') + ')'
      : load.warmupSeconds + ' s warm-up per level';
    const levelText = load.search
      ? 'capacity search from ' + load.search.start + ' to at most ' + load.search.max + ' ' + levelWord(load.model).unit
        + ' (' + load.search.maxSteps + ' levels at most)'
      : 'levels ' + (load.levels || []).join(', ') + ' ' + levelWord(load.model).unit;
    fact('Load', (load.model || 'closed') + ' model, ' + levelText
      + '; ' + load.stepSeconds + ' s measured after ' + warmup + '; '
      + (spec.repetitions ?? '?') + ' repetitions');
    if (spec.slo) fact('SLO', sloText(spec.slo));
    const labels = Object.entries(spec.labels || {});
    fact('Labels', labels.length ? labels.map(([k, v]) => el('span', { class: 'chip' }, k + '=' + v)) : el('span', { class: 'flag-none' }, 'none'));
    const baseline = job.baseline || {};
    if (baseline.jobId) {
      fact('Baseline', el('a', { href: base + '/jobs/' + baseline.jobId + '/report' }, 'job #' + baseline.jobId),
        baseline.verdict ? [' ', verdictBadge(baseline.verdict), ' ' + (baseline.regressions || 0) + ' regressions, '
          + (baseline.improvements || 0) + ' improvements, ' + (baseline.withinTolerance || 0)
          + ' within tolerance on the gate metrics'] : '',
        confirmationText(baseline),
        baseline.note ? ' (' + baseline.note + ')' : '');
    } else if (spec.baseline || baseline.note) {
      fact('Baseline', baseline.note || 'none resolved');
    }
    if (job.createdAt) fact('Times', timesText(job));

    const running = !['SUCCEEDED', 'FAILED', 'CANCELLED'].includes(job.status);
    $('job-note').hidden = !running;
    $('job-note').textContent = running ? 'The job is ' + job.status + ': the numbers below cover the runs finished so far.' : '';
    show('job');
  }

  function appText(app) {
    if (!app) return 'the stock apps';
    const named = app.name ? app.name + ', build ' : '';
    if (app.image) return named + app.image + (app.reactive ? ' (WebFlux)' : '');
    if (app.artifactId) return named + 'uploaded JAR #' + app.artifactId + (app.reactive ? ' (WebFlux)' : '');
    return 'an app';
  }

  function scenarioText(scenario) {
    const params = Object.entries(scenario.params || {}).map(([k, v]) => k + '=' + v).join(', ');
    const request = scenario.request ? scenario.request.method + ' ' + scenario.request.path : '';
    return [scenario.name, params && '(' + params + ')', request].filter(Boolean).join(' ');
  }

  function sloText(slo) {
    const parts = [];
    if (slo.latencyP95Ms !== null && slo.latencyP95Ms !== undefined) parts.push('p95 ≤ ' + num(slo.latencyP95Ms) + ' ms');
    if (slo.errorRatePercent !== null && slo.errorRatePercent !== undefined) parts.push('errors ≤ ' + num(slo.errorRatePercent) + '%');
    return parts.join(', ');
  }

  function progressText(progress) {
    if (!progress) return '';
    return ' · ' + progress.runsDone + ' of ' + progress.runsTotal + ' runs done'
      + (progress.runsFailed ? ', ' + progress.runsFailed + ' failed' : '');
  }

  function timesText(job) {
    const fmt = (t) => t ? new Date(t).toISOString().replace('T', ' ').replace(/\.\d+Z$/, 'Z') : null;
    return ['created ' + fmt(job.createdAt), job.startedAt && 'started ' + fmt(job.startedAt),
      job.finishedAt && 'finished ' + fmt(job.finishedAt)].filter(Boolean).join(', ');
  }


  // ---- cells: runs, capacity, flags ----------------------------------------------------------

  function renderCells(stats, job) {
    const tbody = $('cells-table').querySelector('tbody');
    tbody.replaceChildren();
    const unit = levelWord(stats.loadModel).unit;
    $('capacity-heading').textContent = stats.slo ? 'Capacity under SLO (' + sloText(stats.slo) + ')' : 'Capacity under SLO';
    stats.cells.forEach((cell, index) => {
      const style = seriesStyle(cell, index, job);
      const failed = cell.runs - cell.succeededRuns;
      tbody.append(el('tr', { 'data-cell': cell.jdk + '-' + cell.threadModel },
        el('th', { scope: 'row' }, el('span', { class: 'swatch', style: null, 'aria-hidden': 'true', 'data-color': style.color }),
          cellName(cell.jdk, cell.threadModel)),
        el('td', { class: 'num' }, cell.succeededRuns + ' of ' + cell.runs + ' succeeded'),
        el('td', null, capacityText(cell, stats, unit)),
        el('td', { class: 'flags' }, flagsOf(cell, unit, failed))));
    });
    // Colours through the CSSOM: the page's content security policy forbids inline style attributes.
    tbody.querySelectorAll('.swatch').forEach((s) => { s.style.color = s.dataset.color; });
    show('cells');
  }

  function capacityText(cell, stats, unit) {
    if (stats.loadModel === 'open') return el('span', { class: 'flag-none' }, 'n/a: levels are arrival rates (open model)');
    if (!stats.slo) return el('span', { class: 'flag-none' }, 'no SLO in the job');
    if (!cell.capacity) return el('span', { class: 'flag flag-severe', 'data-capacity': 'none' }, 'no level met the SLO');
    const t = cell.capacity.throughputRps;
    return el('span', { 'data-capacity': cell.capacity.level },
      el('strong', null, cell.capacity.level + ' ' + unit),
      t ? ' at ' + num(t.median) + ' req/s [' + num(t.low) + ', ' + num(t.high) + ']' : '');
  }

  function flagsOf(cell, unit, failedRuns) {
    const atLevels = new Map();
    for (const level of cell.levels || []) {
      for (const flag of level.flags || []) {
        if (!atLevels.has(flag)) atLevels.set(flag, []);
        atLevels.get(flag).push(level.level);
      }
    }
    const badges = [];
    for (const flag of new Set([...(cell.flags || []), ...atLevels.keys()])) {
      badges.push(flagBadge(flag, atLevels.get(flag), unit));
    }
    if (failedRuns > 0 && !(cell.flags || []).includes('run-failed')) {
      badges.push(flagBadge('run-failed', null, unit));
    }
    const excluded = (cell.excludedRuns || []).map((r) =>
      el('div', { class: 'note' }, 'repetition ' + r.repetition + ' left out: ' + r.reason));
    return badges.length || excluded.length ? [...badges, ...excluded] : [el('span', { class: 'flag-none' }, 'none')];
  }

  // ---- charts ------------------------------------------------------------------------------

  function seriesStyle(cell, index, job) {
    const jdks = (job && job.spec && job.spec.jdks) || [];
    const jdkIndex = Math.max(0, jdks.indexOf(cell.jdk));
    return {
      color: PALETTE[index % PALETTE.length],
      dash: DASHES[jdkIndex % DASHES.length],
      point: POINT_STYLES[cell.threadModel] || 'circle',
    };
  }

  function withAlpha(hex, alpha) {
    const n = parseInt(hex.slice(1), 16);
    return 'rgba(' + (n >> 16) + ',' + ((n >> 8) & 255) + ',' + (n & 255) + ',' + alpha + ')';
  }

  function renderCharts(stats, job) {
    const grid = $('chart-grid');
    grid.replaceChildren();
    charts.splice(0).forEach((c) => c.destroy());
    const level = levelWord(stats.loadModel);
    const confidence = Math.round((stats.confidenceLevel || 0.95) * 100);
    $('charts-note').textContent = 'Each line is the median over a cell\'s succeeded runs at each load level; '
      + 'the shaded band (at a single level: the error bar) is its ' + confidence + '% bootstrap confidence interval. Colour: cell; '
      + 'dash: JDK; marker: thread model (square platform, circle virtual, triangle WebFlux).';
    const levels = [...new Set(stats.cells.flatMap((c) => (c.levels || []).map((l) => l.level)))].sort((a, b) => a - b);
    for (const id of CHART_METRICS) {
      grid.append(chartFigure(id, metricInfo(stats, id), stats, job, level, levels, confidence));
    }
    show('charts');
  }

  function chartFigure(id, info, stats, job, level, levels, confidence) {
    const title = info.label + ' (' + info.unit + ')';
    const figure = el('figure', { class: 'chart', 'data-metric': id, 'data-rendered': 'false' });
    const caption = el('figcaption', null, el('h3', null, title),
      el('span', { class: 'direction' }, info.direction === 'higher' ? 'higher is better' : 'lower is better'));
    figure.append(caption);

    const series = stats.cells.map((cell, index) => ({
      cell,
      style: seriesStyle(cell, index, job),
      points: (cell.levels || []).filter((l) => l.metrics && l.metrics[id])
        .map((l) => Object.assign({ level: l.level, flags: l.flags || [] }, l.metrics[id])),
    })).filter((s) => s.points.length > 0);

    if (series.length === 0) {
      figure.dataset.rendered = 'empty';
      figure.append(el('p', { class: 'empty' }, 'Not measured in this job.'));
      return figure;
    }
    if (typeof window.Chart !== 'function') {
      figure.dataset.rendered = 'failed';
      figure.append(el('p', { class: 'empty' }, 'The chart library did not load; the data table below has the numbers.'));
      figure.append(dataTable(series, title, level, confidence, true));
      return figure;
    }

    const canvas = el('canvas', { role: 'img', 'aria-label': chartSummary(info, series, level) });
    figure.append(el('div', { class: 'chart-box' }, canvas), dataTable(series, title, level, confidence, false));

    const datasets = [];
    for (const s of series) {
      const name = cellName(s.cell.jdk, s.cell.threadModel);
      // low, high (filled down to low), median: the band sits under the line it belongs to.
      datasets.push({
        label: name + ' CI low', band: true, data: s.points.map((p) => ({ x: p.level, y: p.low })),
        borderWidth: 0, pointRadius: 0, pointHitRadius: 0, fill: false,
      });
      datasets.push({
        label: name + ' CI high', band: true, data: s.points.map((p) => ({ x: p.level, y: p.high })),
        borderWidth: 0, pointRadius: 0, pointHitRadius: 0, fill: '-1', backgroundColor: withAlpha(s.style.color, 0.16),
      });
      datasets.push({
        label: name, data: s.points.map((p) => ({ x: p.level, y: p.median, low: p.low, high: p.high, runs: p.runs, flags: p.flags })),
        borderColor: s.style.color, backgroundColor: s.style.color, borderDash: s.style.dash, borderWidth: 2,
        pointStyle: s.style.point, pointRadius: 4, pointHoverRadius: 6, fill: false, tension: 0,
        // one level: no band to fill between levels, so the interval is drawn as an error bar
        errorBars: s.points.length === 1,
      });
    }

    charts.push(new window.Chart(canvas, {
      type: 'line',
      data: { datasets },
      options: {
        animation: false,
        responsive: true,
        // at least 2x: sharp on paper, where the print style scales the canvas to the page width
        devicePixelRatio: Math.max(window.devicePixelRatio || 1, 2),
        maintainAspectRatio: false,
        parsing: true,
        interaction: { mode: 'nearest', intersect: false },
        scales: {
          x: {
            type: 'linear',
            title: { display: true, text: level.axis },
            // Ticks at the measured levels only: in-between values were never run.
            afterBuildTicks: (axis) => { axis.ticks = levels.map((value) => ({ value })); },
            ticks: { callback: (value) => num(value) },
          },
          y: {
            beginAtZero: true,
            title: { display: true, text: title },
            ticks: { callback: (value) => num(value) },
          },
        },
        plugins: {
          legend: {
            position: 'bottom',
            labels: { filter: (item, data) => !data.datasets[item.datasetIndex].band, boxWidth: 28, boxHeight: 3 },
          },
          tooltip: {
            filter: (item) => !item.dataset.band,
            callbacks: {
              label: (item) => {
                const p = item.raw;
                return item.dataset.label + ': ' + num(p.y) + ' ' + info.unit + ' [' + num(p.low) + ', ' + num(p.high) + '], '
                  + p.runs + (p.runs === 1 ? ' run' : ' runs') + (p.flags.length ? ' ⚑ ' + p.flags.join(', ') : '');
              },
            },
          },
        },
      },
      plugins: [ERROR_BARS, {
        // Marks the figure once Chart.js has drawn it: a check (and a reader) can tell a drawn chart from a blank one.
        id: 'jvmbenchRendered',
        afterRender: (chart) => { chart.canvas.closest('figure').dataset.rendered = 'true'; },
      }],
    }));
    return figure;
  }

  function chartSummary(info, series, level) {
    const parts = series.map((s) => {
      const first = s.points[0];
      const last = s.points[s.points.length - 1];
      return cellName(s.cell.jdk, s.cell.threadModel) + ' from ' + num(first.median) + ' at ' + first.level
        + ' to ' + num(last.median) + ' ' + info.unit + ' at ' + last.level;
    });
    return info.label + ' in ' + info.unit + ' against ' + level.axis.toLowerCase() + ': ' + parts.join('; ') + '.';
  }

  function dataTable(series, title, level, confidence, open) {
    const levels = [...new Set(series.flatMap((s) => s.points.map((p) => p.level)))].sort((a, b) => a - b);
    const head = el('tr', null, el('th', { scope: 'col' }, level.axis),
      series.map((s) => el('th', { scope: 'col' }, cellName(s.cell.jdk, s.cell.threadModel))));
    const rows = levels.map((lv) => el('tr', null, el('th', { scope: 'row' }, String(lv)),
      series.map((s) => {
        const p = s.points.find((q) => q.level === lv);
        return el('td', { class: 'num' }, p ? num(p.median) + ' [' + num(p.low) + ', ' + num(p.high) + ']'
          + (p.flags.length ? ' ⚑' : '') : '–');
      })));
    return el('details', { open },
      el('summary', null, 'Data table'),
      el('div', { class: 'table-wrap' }, el('table', { class: 'data' },
        el('caption', null, title + ': median [' + confidence + '% interval]'),
        el('thead', null, head), el('tbody', null, rows))));
  }

  // ---- latency distributions ---------------------------------------------------------------

  /**
   * One chart per level from GET /api/v1/jobs/{id}/distributions: each cell's merged latency
   * distribution (its runs' histograms added) at p50 … p99.99, with the intervals from resampling
   * the runs as error bars. Runs without a histogram (older data) are named, never drawn.
   */
  function renderDistributions(dist, stats, job) {
    const grid = $('distribution-grid');
    grid.replaceChildren();
    if (!dist || !dist.cells) {
      show('distributions', false);
      return;
    }
    const level = levelWord(stats.loadModel);
    const confidence = Math.round((dist.confidenceLevel || 0.95) * 100);
    $('distributions-note').textContent = 'Each line is a cell\'s latency distribution at one load level: the histograms '
      + 'of all its succeeded runs merged, so every request counts. x: percentile on a log scale of 1/(1-p); the error bars '
      + 'are ' + confidence + '% intervals from resampling the runs. Colour, dash and marker as in the charts above.';
    const levels = [...new Set(dist.cells.flatMap((c) => (c.levels || []).map((l) => l.level)))].sort((a, b) => a - b);
    const cellIndex = new Map(stats.cells.map((c, i) => [c.jdk + '/' + c.threadModel, i]));
    for (const lv of levels) {
      grid.append(distributionFigure(dist, lv, level, cellIndex, job, confidence));
    }
    show('distributions', levels.length > 0);
  }

  function distributionFigure(dist, lv, level, cellIndex, job, confidence) {
    const title = 'Latency by percentile at ' + lv + ' ' + level.unit;
    const figure = el('figure', { class: 'chart distribution-chart', 'data-level': String(lv), 'data-rendered': 'false' });
    figure.append(el('figcaption', null, el('h3', null, title), el('span', { class: 'direction' }, 'lower is better')));
    const entries = dist.cells.map((cell) => ({ cell, level: (cell.levels || []).find((l) => l.level === lv) }))
      .filter((e) => e.level);
    const series = entries.filter((e) => (e.level.percentiles || []).length > 0).map((e) => ({
      cell: e.cell,
      level: e.level,
      style: seriesStyle(e.cell, cellIndex.get(e.cell.jdk + '/' + e.cell.threadModel) || 0, job),
    }));
    const notes = entries.filter((e) => e.level.missing)
      .map((e) => el('li', null, cellName(e.cell.jdk, e.cell.threadModel) + ': ' + e.level.missing));
    if (series.length === 0) {
      figure.dataset.rendered = 'empty';
      figure.append(el('p', { class: 'empty' }, 'No latency histogram stored for this level.'));
    } else if (typeof window.Chart !== 'function') {
      figure.dataset.rendered = 'failed';
      figure.append(el('p', { class: 'empty' }, 'The chart library did not load; the data table below has the numbers.'));
    } else {
      const canvas = el('canvas', { role: 'img', 'aria-label': title + ': ' + series.map((s) => cellName(s.cell.jdk, s.cell.threadModel)
        + ' ' + s.level.percentiles.map((p) => percentileName(p.percentile) + ' ' + num(p.latencyMs) + ' ms').join(', ')).join('; ') });
      figure.append(el('div', { class: 'chart-box' }, canvas));
      const ticks = (dist.percentiles || []).map((p) => ({ value: tailPosition(p), label: percentileName(p) }));
      charts.push(new window.Chart(canvas, {
        type: 'line',
        data: {
          datasets: series.map((s) => ({
            label: cellName(s.cell.jdk, s.cell.threadModel),
            data: s.level.percentiles.map((p) => ({ x: tailPosition(p.percentile), y: p.latencyMs, low: p.low, high: p.high,
              percentile: p.percentile })),
            borderColor: s.style.color, backgroundColor: s.style.color, borderDash: s.style.dash, borderWidth: 2,
            pointStyle: s.style.point, pointRadius: 4, pointHoverRadius: 6, fill: false, tension: 0, errorBars: true,
          })),
        },
        options: {
          animation: false,
          responsive: true,
          devicePixelRatio: Math.max(window.devicePixelRatio || 1, 2),
          maintainAspectRatio: false,
          interaction: { mode: 'nearest', intersect: false },
          scales: {
            x: {
              type: 'linear',
              title: { display: true, text: 'Percentile (log scale of 1/(1-p))' },
              afterBuildTicks: (axis) => { axis.ticks = ticks.map((t) => ({ value: t.value })); },
              ticks: { callback: (value) => (ticks.find((t) => Math.abs(t.value - value) < 1e-9) || { label: '' }).label },
            },
            y: { beginAtZero: true, title: { display: true, text: 'Latency (ms)' }, ticks: { callback: (value) => num(value) } },
          },
          plugins: {
            legend: { position: 'bottom', labels: { boxWidth: 28, boxHeight: 3 } },
            tooltip: {
              callbacks: {
                label: (item) => item.dataset.label + ' ' + percentileName(item.raw.percentile) + ': ' + num(item.raw.y)
                  + ' ms [' + num(item.raw.low) + ', ' + num(item.raw.high) + ']',
              },
            },
          },
        },
        plugins: [ERROR_BARS, {
          id: 'jvmbenchRendered',
          afterRender: (chart) => { chart.canvas.closest('figure').dataset.rendered = 'true'; },
        }],
      }));
    }
    if (notes.length) figure.append(el('ul', { class: 'note distribution-missing' }, notes));
    if (series.length) figure.append(distributionTable(series, dist.percentiles || [], title, confidence, figure.dataset.rendered === 'failed'));
    return figure;
  }

  function distributionTable(series, percentiles, title, confidence, open) {
    const head = el('tr', null, el('th', { scope: 'col' }, 'Cell'),
      percentiles.map((p) => el('th', { scope: 'col' }, percentileName(p))),
      el('th', { scope: 'col' }, 'max'), el('th', { scope: 'col' }, 'requests'), el('th', { scope: 'col' }, 'p99.9 per run'));
    const rows = series.map((s) => el('tr', null, el('th', { scope: 'row' }, cellName(s.cell.jdk, s.cell.threadModel)),
      percentiles.map((p) => {
        const v = s.level.percentiles.find((q) => q.percentile === p);
        return el('td', { class: 'num' }, v ? num(v.latencyMs) + ' [' + num(v.low) + ', ' + num(v.high) + ']' : '–');
      }),
      el('td', { class: 'num' }, num(s.level.maxMs)), el('td', { class: 'num' }, String(s.level.count)),
      el('td', { class: 'num' }, (s.level.repetitions || []).map((r) => (r.p999Ms === null || r.p999Ms === undefined ? '–' : num(r.p999Ms))).join(', '))));
    return el('details', { open },
      el('summary', null, 'Data table'),
      el('div', { class: 'table-wrap' }, el('table', { class: 'data' },
        el('caption', null, title + ': merged latency (ms) [' + confidence + '% interval]'),
        el('thead', null, head), el('tbody', null, rows))));
  }

  // ---- findings and time charts ----------------------------------------------------------

  /** The job's runs, its findings and each run's series; at most 4 requests in flight. */
  async function loadExplanations() {
    const [runs, findings] = await Promise.all([api('/api/v1/jobs/' + jobId + '/runs'),
      api('/api/v1/jobs/' + jobId + '/findings')]);
    // the baseline's fresh runs (paired) ran the baseline's build: this job's charts and JVM table are its own runs'
    const items = (runs.items || []).filter((r) => r.side !== 'baseline');
    const series = new Map();
    let next = 0;
    const worker = async () => {
      while (next < items.length) {
        const run = items[next++];
        if (run.status === 'QUEUED') continue;
        try {
          series.set(run.id, await api('/api/v1/runs/' + run.id + '/series'));
        } catch (error) {
          if (isAuthError(error)) throw error;
          series.set(run.id, { levels: [], error: error.message });
        }
      }
    };
    await Promise.all([worker(), worker(), worker(), worker()]);
    return { runs: items, findings: findings.items || [], series, jvms: await loadJvms(items) };
  }

  /** What each ended run's JVM saw (absent: not read, or its recording lost); at most 4 requests in flight. */
  async function loadJvms(runs) {
    const ended = runs.filter((run) => run.status === 'SUCCEEDED' || run.status === 'FAILED');
    const jvms = new Map();
    let next = 0;
    const worker = async () => {
      while (next < ended.length) {
        const run = ended[next++];
        try {
          jvms.set(run.id, await api('/api/v1/runs/' + run.id + '/jvm'));
        } catch (error) {
          if (isAuthError(error)) throw error;
        }
      }
    };
    await Promise.all([worker(), worker(), worker(), worker()]);
    return jvms;
  }

  const mib = (bytes) => (bytes === null || bytes === undefined ? '–'
    : bytes < 0 ? 'none' : num(bytes / (1024 * 1024)) + ' MB');
  const chosenBy = (byErgonomics, ergonomicWord) => (byErgonomics === true ? ' (' + ergonomicWord + ')'
    : byErgonomics === false ? ' (options)' : '');

  /** The columns of one run's JVM, as text: equal texts are one JVM. */
  function jvmColumns(jvm) {
    const jobFlags = (jvm.flags || []).filter((f) => f.setBy === 'job').map((f) => f.name + '=' + f.value);
    const ergonomic = (jvm.flags || []).filter((f) => f.setBy === 'ergonomics').length;
    const launch = (jvm.flags || []).filter((f) => f.setBy === 'launch').length;
    const others = [ergonomic ? ergonomic + ' by ergonomics' : null, launch ? launch + ' at launch' : null].filter(Boolean);
    return {
      jvm: (jvm.version || '?') + (jvm.vendor ? ' (' + jvm.vendor + ')' : ''),
      gc: jvm.gc && jvm.gc.name ? jvm.gc.name + chosenBy(jvm.gc.chosenByErgonomics, 'ergonomics') : '–',
      heap: mib(jvm.heap && jvm.heap.maxBytes) + chosenBy(jvm.heap && jvm.heap.maxChosenByErgonomics, 'default'),
      cpus: jvm.cpus && jvm.cpus.availableProcessors !== null && jvm.cpus.availableProcessors !== undefined
        ? String(jvm.cpus.availableProcessors) : '–',
      container: jvm.container ? jvm.container.type + ', memory ' + mib(jvm.container.memoryLimitBytes) : 'none seen',
      flags: (jobFlags.length ? jobFlags.join(' ') : 'none from the job') + (others.length ? '; ' + others.join(', ') : ''),
    };
  }

  const JVM_COLUMNS = [['jvm', 'version'], ['gc', 'GC'], ['heap', 'max heap'], ['cpus', 'CPUs counted'],
    ['container', 'container'], ['flags', 'flags']];

  /** One row per cell from its runs' JVMs; values its repetitions disagree on are all shown, and said below. */
  function renderJvms(explained, stats) {
    const tbody = $('jvms-table').querySelector('tbody');
    tbody.replaceChildren();
    const disagree = $('jvms-disagree');
    disagree.replaceChildren();
    if (!explained.jvms || explained.jvms.size === 0) {
      show('jvms', false);
      return;
    }
    stats.cells.forEach((cell) => {
      const runs = explained.runs.filter((r) => r.jdk === cell.jdk && r.threadModel === cell.threadModel
        && explained.jvms.has(r.id)).sort((a, b) => a.repetition - b.repetition);
      const row = el('tr', { 'data-cell': cell.jdk + '-' + cell.threadModel },
        el('th', { scope: 'row' }, cellName(cell.jdk, cell.threadModel)));
      if (!runs.length) {
        row.append(el('td', { colspan: JVM_COLUMNS.length, class: 'note' }, 'no JVM facts (no run\'s recording was read)'));
        tbody.append(row);
        return;
      }
      const columns = runs.map((r) => ({ repetition: r.repetition, values: jvmColumns(explained.jvms.get(r.id)) }));
      const differ = [];
      JVM_COLUMNS.forEach(([key, label]) => {
        const byValue = new Map();
        columns.forEach((c) => byValue.set(c.values[key], [...(byValue.get(c.values[key]) || []), c.repetition]));
        row.append(el('td', { 'data-column': key, 'data-disagree': byValue.size > 1 ? 'true' : null },
          [...byValue.keys()].join(' / ')));
        if (byValue.size > 1) {
          differ.push(label + ' ' + [...byValue.entries()].map(([value, reps]) => value + ' (repetition'
            + (reps.length > 1 ? 's ' : ' ') + reps.join(', ') + ')').join(' vs '));
        }
      });
      tbody.append(row);
      if (differ.length) {
        disagree.append(el('li', { 'data-cell': cell.jdk + '-' + cell.threadModel },
          cellName(cell.jdk, cell.threadModel) + ': its repetitions saw different JVMs: ' + differ.join('; ')));
      }
    });
    disagree.hidden = !disagree.children.length;
    show('jvms');
  }

  const severityOf = (f) => SEVERITIES[f.severity] || SEVERITIES.info;

  function severityBadge(severity) {
    return el('span', { class: 'badge severity ' + (SEVERITIES[severity] || SEVERITIES.info).css, 'data-severity': severity },
      severity);
  }

  /** Seconds from the start of the level's measured window (negative: in its warm-up); null when unknown. */
  function secondsIntoWindow(finding, explained) {
    if (!finding.at || finding.runId == null || finding.levelIndex == null) return null;
    const runSeries = explained.series.get(finding.runId);
    const level = runSeries && (runSeries.levels || []).find((l) => l.levelIndex === finding.levelIndex);
    if (!level || !level.measured) return null;
    return (Date.parse(finding.at) - level.measured.startMs) / 1000;
  }

  function renderFindings(explained, job, stats) {
    const box = $('findings-list');
    box.replaceChildren();
    const findings = explained.findings;
    const unit = levelWord(stats.loadModel).unit;
    const cells = stats.cells.map((c) => c.jdk + '-' + c.threadModel);
    if (!findings.length) {
      box.append(el('p', { class: 'note', id: 'no-findings' }, 'No findings: nothing the platform can explain stood out in this job.'));
      show('findings');
      return;
    }
    const counts = Object.keys(SEVERITIES).map((s) => [s, findings.filter((f) => f.severity === s).length]).filter(([, n]) => n);
    box.append(el('p', { class: 'finding-counts', id: 'finding-counts' },
      counts.flatMap(([s, n]) => [severityBadge(s), ' ' + n + '  '])));
    const groups = new Map();
    const jobWide = findings.filter((f) => f.runId == null);
    if (jobWide.length) groups.set('job', { title: 'The whole job', findings: jobWide });
    for (const f of findings.filter((x) => x.runId != null)) {
      const baselineSide = f.side === 'baseline';
      const key = (baselineSide ? 'baseline-' : '') + f.jdk + '-' + f.threadModel;
      const title = cellName(f.jdk, f.threadModel) + (baselineSide ? ': the baseline\'s build, measured again in pairs (not counted as this job\'s)' : '');
      if (!groups.has(key)) groups.set(key, { title, findings: [], cell: baselineSide ? null : { jdk: f.jdk, threadModel: f.threadModel } });
      groups.get(key).findings.push(f);
    }
    for (const [key, group] of groups) {
      const worst = Math.min(...group.findings.map((f) => severityOf(f).rank));
      let swatch = null;
      if (group.cell) {
        swatch = el('span', { class: 'swatch', 'aria-hidden': 'true' });
        // CSSOM, not a style attribute: the page's CSP allows no inline style
        swatch.style.color = seriesStyle(group.cell, Math.max(0, cells.indexOf(key)), job).color;
      }
      const block = el('details', { class: 'finding-group', 'data-cell': key, open: worst <= 1 },
        el('summary', null, swatch, el('strong', null, group.title), ' · ',
          group.findings.length + (group.findings.length === 1 ? ' finding' : ' findings')));
      const list = el('ol', { class: 'findings' });
      for (const f of group.findings) list.append(findingItem(f, explained, unit));
      block.append(list);
      box.append(block);
    }
    show('findings');
  }

  function findingItem(f, explained, unit) {
    const seconds = secondsIntoWindow(f, explained);
    const where = [];
    if (f.repetition != null) where.push('repetition ' + f.repetition);
    where.push(f.level != null ? 'at ' + f.level + ' ' + unit : f.runId != null ? 'whole run' : 'across runs');
    if (seconds !== null) where.push((seconds < 0 ? num(-seconds) + ' s before the measured window (warm-up)' : num(seconds) + ' s into the measured window'));
    else if (f.at) where.push('at ' + f.at.replace('T', ' ').replace(/\.\d+Z$/, 'Z'));
    const evidence = JSON.stringify(f.evidence || {}, null, 2);
    return el('li', { class: 'finding ' + severityOf(f).css, 'data-code': f.code, 'data-severity': f.severity,
        'data-run': f.runId ?? 'job', 'data-level': f.level ?? 'run' },
      el('div', { class: 'finding-head' }, severityBadge(f.severity), el('code', null, f.code),
        f.title ? el('span', { class: 'finding-title' }, f.title) : null,
        el('span', { class: 'finding-where' }, where.join(' · '))),
      el('p', { class: 'finding-summary' }, f.summary),
      f.advice ? el('p', { class: 'finding-advice' }, el('strong', null, 'Advice: '), f.advice) : null,
      evidence !== '{}' ? el('details', { class: 'finding-evidence' }, el('summary', null, 'Evidence'),
        el('pre', null, evidence)) : null);
  }

  /** Every level's time charts: the runs' per-second series, one line per run, findings marked where they fired. */
  function renderTimeline(explained, job, stats) {
    const box = $('timeline-levels');
    box.replaceChildren();
    const runs = explained.runs.filter((r) => explained.series.has(r.id));
    const cells = [...new Set(stats.cells.map((c) => c.jdk + '-' + c.threadModel))];
    const unit = levelWord(stats.loadModel).unit;
    const levels = new Map();
    for (const run of runs) {
      for (const level of explained.series.get(run.id).levels || []) {
        if (!level.measured) continue;
        if (!levels.has(level.levelIndex)) levels.set(level.levelIndex, { level: level.level, lines: [] });
        levels.get(level.levelIndex).lines.push({ run, data: level });
      }
    }
    $('timeline-note').textContent = 'Second by second, from the warm-up (left of 0) through the measured window: one line per run, '
      + 'in its cell\'s colour, repetitions told apart by their dash. A vertical line marks the moment a finding fired, '
      + 'labelled with its code and repetition (#n), in its severity\'s colour. The container\'s and the JVM\'s charts appear '
      + 'where they were measured. Click a legend entry to hide a cell.';
    if (!levels.size) {
      box.append(el('p', { class: 'note', id: 'no-series' }, 'No per-second series stored for this job\'s runs.'));
      show('timeline');
      return;
    }
    for (const [levelIndex, entry] of [...levels].sort((a, b) => a[0] - b[0])) {
      const section = el('div', { class: 'timeline-level', id: 'timeline-level-' + (entry.level ?? levelIndex),
          'data-level': entry.level ?? levelIndex },
        el('h3', null, 'Level ' + (entry.level ?? levelIndex) + ' ' + unit));
      const grid = el('div', { class: 'chart-grid time-grid' });
      const markers = explained.findings.filter((f) => f.runId != null && f.levelIndex === levelIndex && f.at)
        .map((f) => ({ finding: f, seconds: secondsIntoWindow(f, explained) })).filter((m) => m.seconds !== null);
      // one time axis for every chart of the level: from the earliest warm-up to the end of the longest window
      const span = {
        min: Math.min(0, ...entry.lines.filter((l) => l.data.warmup)
          .map((l) => (l.data.warmup.startMs - l.data.measured.startMs) / 1000)),
        max: Math.max(...entry.lines.map((l) => l.data.measured.seconds)),
      };
      for (const group of TIME_GROUPS) {
        const measured = group.columns.filter((c) => entry.lines.some((l) => hasColumn(l.data, c.id)));
        if (!measured.length) continue;
        grid.append(timeChart(group, measured, entry, levelIndex, markers, cells, job, span));
      }
      section.append(grid);
      box.append(section);
    }
    show('timeline');
  }

  /** Whether a marker's line is on the canvas: its colour at its x, halfway down the plot area. */
  function markerDrawn(chart, annotation) {
    const x = chart.scales.x;
    if (annotation.xMin < x.min || annotation.xMin > x.max) return false;
    const ratio = chart.currentDevicePixelRatio || 1;
    const px = Math.round(x.getPixelForValue(annotation.xMin) * ratio);
    const py = Math.round((chart.chartArea.top + chart.chartArea.bottom) / 2 * ratio);
    const [r, g, b] = chart.ctx.getImageData(px, py, 1, 1).data;
    const want = parseInt(annotation.borderColor.slice(1), 16);
    return Math.abs(r - (want >> 16)) + Math.abs(g - ((want >> 8) & 255)) + Math.abs(b - (want & 255)) < 60;
  }

  const hasColumn = (level, id) => [level.measured, level.warmup].some((w) => w && w.metrics && w.metrics[id]);

  /** (x, y) of a window's column: x in seconds from the measured window's start, at the middle of each second. */
  function windowPoints(window, column, measuredStartMs) {
    const values = (window && window.metrics && window.metrics[column]) || [];
    const offset = window ? (window.startMs - measuredStartMs) / 1000 : 0;
    return values.map((y, i) => ({ x: offset + i + 0.5, y })).filter((p) => p.y !== null && p.y !== undefined);
  }

  function timeChart(group, columns, entry, levelIndex, markers, cells, job, span) {
    const levelName = entry.level ?? levelIndex;
    const figure = el('figure', { class: 'chart time-chart', 'data-group': group.id, 'data-level': levelName,
      'data-rendered': 'false', 'data-markers': '' });
    figure.append(el('figcaption', null, el('h3', null, group.title + ' (' + group.unit + ')'),
      el('span', { class: 'direction' }, 'level ' + levelName)));
    if (typeof window.Chart !== 'function') {
      figure.dataset.rendered = 'failed';
      figure.append(el('p', { class: 'empty' }, 'The chart library did not load.'));
      return figure;
    }
    const datasets = [];
    const lines = [...entry.lines].sort((a, b) => a.run.seq - b.run.seq);
    for (const line of lines) {
      const cellKey = line.run.jdk + '-' + line.run.threadModel;
      const style = seriesStyle({ jdk: line.run.jdk, threadModel: line.run.threadModel }, Math.max(0, cells.indexOf(cellKey)), job);
      const repDash = REPETITION_DASHES[(line.run.repetition - 1) % REPETITION_DASHES.length];
      for (const column of columns) {
        const start = line.data.measured.startMs;
        const data = [...windowPoints(line.data.warmup, column.id, start), ...windowPoints(line.data.measured, column.id, start)];
        if (!data.length) continue;
        datasets.push({
          label: cellName(line.run.jdk, line.run.threadModel) + ' #' + line.run.repetition + (column.label ? ' ' + column.label : ''),
          cell: cellKey, cellLabel: cellName(line.run.jdk, line.run.threadModel), data,
          borderColor: style.color, backgroundColor: style.color, borderWidth: column.width || 2,
          borderDash: column.dash || repDash, pointRadius: 0, pointHitRadius: 4, tension: 0, fill: false, spanGaps: false,
          // the warm-up, left of 0, is drawn fainter than the measured window
          segment: { borderColor: (ctx) => (ctx.p1.parsed.x < 0 ? withAlpha(style.color, 0.35) : undefined) },
        });
      }
    }
    const annotations = {
      window: { type: 'line', xMin: 0, xMax: 0, borderColor: '#57606a', borderWidth: 1, borderDash: [3, 3],
        label: { display: true, content: 'measured', position: 'start', color: '#57606a', backgroundColor: 'rgba(255,255,255,0.8)', font: { size: 10 } } },
    };
    const sorted = [...markers].sort((a, b) => a.seconds - b.seconds);
    sorted.forEach((m, i) => {
      const color = severityOf(m.finding).color;
      annotations['finding' + i] = {
        type: 'line', xMin: m.seconds, xMax: m.seconds, borderColor: color, borderWidth: 2,
        code: m.finding.code,
        label: { display: true, content: m.finding.code + ' #' + m.finding.repetition, position: 'end',
          yAdjust: 16 * (i % 4), backgroundColor: color, color: '#ffffff', font: { size: 10, weight: 'bold' }, padding: 3 },
      };
    });
    const canvas = el('canvas', { role: 'img', 'aria-label': group.title + ' over time at level ' + levelName + ': '
      + datasets.length + ' lines' + (sorted.length ? '; findings marked: ' + sorted.map((m) => m.finding.code + ' at '
        + num(m.seconds) + ' s').join(', ') : '') });
    figure.append(el('div', { class: 'chart-box time-box' }, canvas));
    charts.push(new window.Chart(canvas, {
      type: 'line',
      data: { datasets },
      options: {
        animation: false,
        responsive: true,
        devicePixelRatio: Math.max(window.devicePixelRatio || 1, 2),
        maintainAspectRatio: false,
        parsing: true,
        interaction: { mode: 'nearest', intersect: false, axis: 'x' },
        scales: {
          x: { type: 'linear', min: span.min, max: span.max, title: { display: true, text: 'seconds since the measured window started' },
            ticks: { callback: (value) => num(value) } },
          y: { beginAtZero: true, title: { display: true, text: group.unit }, ticks: { callback: (value) => num(value) } },
        },
        plugins: {
          legend: {
            position: 'bottom',
            labels: {
              boxWidth: 28, boxHeight: 3,
              // one entry per cell: its repetitions and percentiles share the colour
              generateLabels: (chart) => {
                const seen = new Set();
                return chart.data.datasets.map((d, i) => ({ d, i })).filter(({ d }) => !seen.has(d.cell) && seen.add(d.cell))
                  .map(({ d, i }) => ({ text: d.cellLabel, fillStyle: d.borderColor, strokeStyle: d.borderColor, lineWidth: 3,
                    hidden: !chart.isDatasetVisible(i), datasetIndex: i, cell: d.cell }));
              },
            },
            onClick: (event, item, legend) => {
              const chart = legend.chart;
              const visible = chart.isDatasetVisible(item.datasetIndex);
              chart.data.datasets.forEach((d, i) => { if (d.cell === item.cell) chart.setDatasetVisibility(i, !visible); });
              chart.update();
            },
          },
          tooltip: {
            callbacks: {
              title: (items) => items.length ? num(items[0].parsed.x - 0.5) + ' s' : '',
              label: (item) => item.dataset.label + ': ' + num(item.parsed.y) + ' ' + group.unit,
            },
          },
          annotation: { annotations },
        },
      },
      plugins: [{
        // Marks the figure once drawn, with the findings' markers the annotation plugin drew inside the axes:
        // a check (and a reader of the DOM) can tell a drawn chart and its markers from a blank one.
        id: 'jvmbenchTimeRendered',
        afterDraw: (chart) => {
          const fig = chart.canvas.closest('figure');
          const plugin = window.Chart.registry.plugins.get('annotation');
          fig.dataset.markers = Object.values(annotations).filter((a) => a.code && markerDrawn(chart, a))
            .map((a) => a.code + '@' + num(a.xMin)).join(' ');
          fig.dataset.annotation = plugin ? 'plugin' : 'missing';
          fig.dataset.rendered = 'true';
        },
      }],
    }));
    return figure;
  }

  // ---- verdicts ----------------------------------------------------------------------------

  /**
   * The job against its baseline job when it has one, its JDKs against the lowest and its thread
   * models against platform (else the first of virtual, webflux).
   */
  async function loadComparisons(job) {
    const spec = job.spec || {};
    const jdks = spec.jdks || [];
    const models = ['platform', 'virtual', 'webflux'].filter((m) => (spec.threadModels || []).includes(m));
    const comparisons = '/api/v1/jobs/' + jobId + '/comparisons/';
    const wanted = [];
    if (job.baseline && job.baseline.jobId != null) wanted.push(['default', comparisons + 'jobs/' + job.baseline.jobId]);
    if (jdks.length > 1) wanted.push(['jdk', comparisons + 'jdks/' + Math.min(...jdks)]);
    if (models.length > 1) wanted.push(['threadModel', comparisons + 'thread-models/' + models[0]]);
    const settled = await Promise.all(wanted.map(([key, path]) => api(path)
      .then((body) => ({ key, body }), (error) => ({ key, error }))));
    const auth = settled.find((r) => r.error && isAuthError(r.error));
    if (auth) throw auth.error;
    const seen = new Set();
    const results = [];
    for (const r of settled) {
      if (r.body) {
        if (seen.has(r.body.mode)) continue;
        seen.add(r.body.mode);
      }
      results.push(r);
    }
    return results;
  }

  /**
   * How the verdict was measured (docs/statistics.md, Paired baselines): in pairs, with how many, and any
   * cell still undecided at gate.maxPairs; or against the baseline's stored runs, taken at another time.
   */
  function modeText(view, baseline) {
    if (view.baselineMode === 'paired') {
      const counts = (view.comparisons || []).flatMap((p) => (p.metrics || []).map((m) => m.pairs)).filter((n) => n != null);
      const undecided = ((baseline && baseline.decisions) || []).filter((d) => d.state === 'undecided')
        .map((d) => 'JDK ' + d.jdk + ' ' + d.threadModel + ' undecided after ' + d.pairs + ' pairs');
      return el('span', { class: 'baseline-mode', 'data-mode': 'paired' }, ' · paired: the baseline measured again beside this job'
        + (counts.length ? ' (' + Math.min(...counts) + (Math.min(...counts) === Math.max(...counts) ? '' : '–' + Math.max(...counts))
          + ' pairs per row)' : '') + (undecided.length ? '; ' + undecided.join('; ') : ''));
    }
    if (view.baselineMode === 'stored') {
      return el('span', { class: 'baseline-mode', 'data-mode': 'stored' },
        ' · stored: the baseline\'s own runs, measured at another time (a drifting host counts as a change)');
    }
    return null;
  }

  /** Confirmation before alerting (docs/statistics.md): what the extra runs of the flagged cells said. */
  function confirmationText(baseline) {
    const state = baseline.confirmation;
    if (!state || state === 'not-needed') return '';
    const cells = (baseline.confirmations || []).filter((c) => c.state !== 'not-needed')
      .map((c) => 'JDK ' + c.jdk + ' ' + c.threadModel + ': ' + c.initial + ' → extra runs ' + (c.recheck || 'pending'));
    return el('span', { class: 'confirmation', 'data-confirmation': state },
      ' · confirmation: ' + state + (cells.length ? ' (' + cells.join('; ') + ')' : ''));
  }

  function renderVerdicts(results, job, stats) {
    const baselineBox = $('baseline-verdict');
    const box = $('comparisons');
    baselineBox.replaceChildren();
    box.replaceChildren();
    const labelOf = (id) => metricInfo(stats, id).label;
    const againstBaseline = results.find((r) => r.body && r.body.mode === 'jobs');
    if (againstBaseline) {
      const v = againstBaseline.body;
      // the job's settled verdict when it has one (a flag extra runs did not confirm is not in it); the
      // comparison below pools every run
      const settled = job.baseline && job.baseline.jobId === v.baselineJobId && job.baseline.confirmation
        ? job.baseline.verdict || v.verdict : v.verdict;
      baselineBox.append(el('div', { class: 'verdict-banner ' + (VERDICTS[settled] || {}).css, id: 'job-verdict', 'data-verdict': settled },
        el('strong', null, 'Against baseline job '),
        el('a', { href: base + '/jobs/' + v.baselineJobId + '/report' }, '#' + v.baselineJobId),
        verdictBadge(settled),
        job.baseline && job.baseline.confirmation ? confirmationText(job.baseline) : null,
        (v.gateMetrics || []).length ? el('span', null, 'decided by ' + v.gateMetrics.map(labelOf).join(', ')) : null,
        modeText(v, job.baseline)));
    } else {
      const baseline = job.baseline || {};
      const note = baseline.note || (baseline.jobId ? 'the comparison with job #' + baseline.jobId + ' could not be made'
        : 'no baseline job: give one with "baseline" when submitting, to get a verdict against it');
      baselineBox.append(el('p', { class: 'note', id: 'job-verdict', 'data-verdict': 'none' }, 'Baseline verdict: ' + note + '.'));
    }
    for (const r of results) {
      if (r.body) {
        box.append(comparisonBlock(r.body, labelOf, stats));
      } else if (r.error && r.key !== 'default') {
        box.append(el('p', { class: 'note' }, 'Comparison by ' + r.key + ' unavailable: ' + r.error.message));
      }
    }
    if (!box.childElementCount) box.append(el('p', { class: 'note' }, 'Nothing to compare within this job (one cell).'));
    show('verdicts');
    show('comparisons-section');
  }

  function comparisonTitle(view, pair) {
    if (view.mode === 'jobs') return 'Cell by cell against baseline job #' + view.baselineJobId;
    if (view.mode === 'jdk') return 'JDK against JDK' + (pair ? ' (baseline JDK ' + pair.baseline.jdk + ')' : '');
    return 'Thread model against thread model' + (pair ? ' (baseline ' + pair.baseline.threadModel + ')' : '');
  }

  /**
   * One clause per compared side (SummaryMarkdown.rollUp): per level the largest judged gate-metric
   * change with its ratio and verdict, then the levels where nothing was detectable or judged.
   */
  function rollUp(view, labelOf, unitWord) {
    const pairs = view.comparisons || [];
    const gate = view.gateMetrics || [];
    const judged = (v) => v === 'improved' || v === 'regressed' || v === 'change within tolerance';
    const manyJdks = new Set(pairs.map((p) => p.candidate.jdk)).size > 1;
    const manyModels = new Set(pairs.map((p) => p.candidate.threadModel)).size > 1;
    return pairs.map((pair) => {
      const c = pair.candidate;
      const name = view.mode === 'threadModel' ? c.threadModel + (manyJdks ? ' on JDK ' + c.jdk : '')
        : view.mode === 'jdk' ? 'JDK ' + c.jdk + (manyModels ? ' ' + c.threadModel : '')
        : 'JDK ' + c.jdk + ' ' + c.threadModel;
      const byLevel = new Map();
      (pair.metrics || []).filter((m) => gate.includes(m.metric)).sort((a, b) => a.level - b.level)
        .forEach((m) => byLevel.set(m.level, [...(byLevel.get(m.level) || []), m]));
      const clauses = [];
      const quiet = new Map();
      for (const [level, rows] of byLevel) {
        const size = (m) => (m.ratio === null || m.ratio === undefined || m.ratio <= 0 ? Infinity : Math.abs(Math.log(m.ratio)));
        const changes = rows.filter((m) => judged(m.verdict)).sort((a, b) => size(b) - size(a));
        if (changes.length) {
          const m = changes[0];
          const ratio = m.ratio === null || m.ratio === undefined ? 'from 0 to ' + num(m.candidateMedian)
            : '×' + Number(m.ratio).toPrecision(3);
          clauses.push(labelOf(m.metric).toLowerCase() + ' ' + ratio + ' (' + m.verdict + ') at ' + level + ' ' + unitWord);
        } else {
          const runs = Math.min(rows[0].baselineRuns, rows[0].candidateRuns);
          const what = rows.every((m) => m.verdict === 'not judged')
            ? 'not judged (' + runs + (runs === 1 ? ' run)' : ' runs)') : 'no detectable change';
          quiet.set(what, [...(quiet.get(what) || []), level]);
        }
      }
      for (const [what, levels] of quiet) clauses.push(what + ' at ' + levels.join(', ') + ' ' + unitWord);
      return name + ': ' + (clauses.length ? clauses.join('; ') : 'nothing compared');
    });
  }

  function comparisonBlock(view, labelOf, stats) {
    const pairs = view.comparisons || [];
    const wrapper = el('div', { class: 'comparison', 'data-mode': view.mode, 'data-verdict': view.verdict });
    wrapper.append(el('h3', null, comparisonTitle(view, pairs[0]), ' ', verdictBadge(view.verdict)));
    // what happened where, as summary.md says it: the badge alone is the word the worst row decides
    const unitWord = levelWord(stats.loadModel).unit;
    if (pairs.length) {
      wrapper.append(el('ul', { class: 'rollup' }, rollUp(view, labelOf, unitWord).map((c) => el('li', null, c))));
    }
    const notes = [...(view.warnings || []), ...(view.unmatched || [])];
    if (notes.length) wrapper.append(el('ul', { class: 'warnings' }, notes.map((w) => el('li', null, w))));
    if (!pairs.length) {
      wrapper.append(el('p', { class: 'note' }, 'No cells to compare.'));
      return wrapper;
    }
    const thresholds = [...new Set(pairs.flatMap((p) => (p.metrics || []).map((m) => m.thresholdPercent)))];
    const threshold = thresholds.length === 1 ? num(thresholds[0]) + '%' : 'the metric\'s threshold';
    wrapper.append(el('p', { class: 'note' }, 'Ratio of the candidate\'s median to the baseline\'s, with its 95% interval. '
      + '○ no detectable change: the interval includes 1. ◐ change within tolerance: the interval excludes 1 '
      + 'but the ratio moves by less than ' + threshold + '. ▲ improved / ▼ regressed: the interval excludes 1 and the '
      + 'ratio moves by at least ' + threshold + '. – not judged: one run a side, no interval to judge by (the ratio is '
      + 'shown). Only a regression fails the gate; '
      + 'the verdict is decided by the gate metrics (marked ◆).'));
    const detectable = detectableNote(view, pairs, labelOf);
    if (detectable) wrapper.append(detectable);
    const order = (stats.metrics || []).map((m) => m.id);
    const unit = levelWord(stats.loadModel).unit;
    for (const pair of pairs) wrapper.append(pairTable(view, pair, labelOf, order, unit));
    wrapper.append(detailTable(view, labelOf));
    return wrapper;
  }

  /**
   * Each gate metric's threshold next to this host's minimum detectable effect (the largest over the
   * levels compared), from the noise profile the comparison used: a threshold below it lets a change
   * of that size pass unseen (docs/statistics.md, "Calibration"). Null without a profile.
   */
  function detectableNote(view, pairs, labelOf) {
    if (view.noiseProfileId === null || view.noiseProfileId === undefined) return null;
    const rows = pairs.flatMap((p) => p.metrics || []);
    const parts = [];
    for (const id of view.gateMetrics || []) {
      const measured = rows.filter((m) => m.metric === id && m.detectablePercent !== null && m.detectablePercent !== undefined);
      if (!measured.length) continue;
      const detectable = Math.max(...measured.map((m) => m.detectablePercent));
      const threshold = measured[0].thresholdPercent;
      parts.push(el('li', { 'data-detectable': id, class: threshold < detectable ? 'below-detectable' : null },
        labelOf(id) + ': threshold ' + num(threshold) + '%, detectable ' + detectable.toFixed(1) + '%'
          + (threshold < detectable ? ' (a smaller change can pass unseen)' : '')));
    }
    if (!parts.length) return null;
    return el('div', { class: 'note detectable', 'data-noise-profile': view.noiseProfileId },
      'This host\'s minimum detectable effect (noise profile ' + view.noiseProfileId + '): ', el('ul', null, parts));
  }

  /** One pair of cells: a metric x level matrix of colour-coded changes; metrics that never change are listed below it. */
  function pairTable(view, pair, labelOf, order, unit) {
    const rows = pair.metrics || [];
    const levels = [...new Set(rows.map((m) => m.level))].sort((a, b) => a - b);
    const gate = view.gateMetrics || [];
    const rank = (id) => (gate.includes(id) ? -100 + gate.indexOf(id) : order.indexOf(id) < 0 ? 999 : order.indexOf(id));
    const metrics = [...new Set(rows.map((m) => m.metric))].sort((a, b) => rank(a) - rank(b));
    const changed = (id) => rows.some((m) => m.metric === id && m.verdict !== 'no detectable change' && m.verdict !== 'not judged');
    const shown = metrics.filter((id) => gate.includes(id) || changed(id));
    const quiet = metrics.filter((id) => !shown.includes(id));
    const side = (s) => (view.mode === 'jobs' ? 'job #' + s.jobId + ' ' : '') + cellName(s.jdk, s.threadModel);
    const table = el('table', { class: 'data matrix', 'data-verdict': pair.verdict,
        'data-pair': pair.baseline.threadModel + '-' + pair.baseline.jdk + '-' + pair.candidate.threadModel + '-' + pair.candidate.jdk },
      el('caption', null, side(pair.baseline) + ' → ' + side(pair.candidate) + ' ', verdictBadge(pair.verdict)),
      el('thead', null, el('tr', null, el('th', { scope: 'col' }, 'Metric'),
        levels.map((lv) => el('th', { scope: 'col', class: 'num' }, lv + ' ' + unit)))),
      el('tbody', null, shown.map((id) => el('tr', { 'data-metric': id },
        el('th', { scope: 'row' }, labelOf(id), gate.includes(id) ? el('span', { class: 'gate', title: 'gate metric' }, ' ◆') : null),
        levels.map((lv) => changeCell(rows.find((m) => m.metric === id && m.level === lv)))))));
    const block = el('div', { class: 'table-wrap' }, table);
    if (quiet.length) {
      block.append(el('p', { class: 'note' }, 'No detectable change at any level: ' + quiet.map(labelOf).join(', ') + '.'));
    }
    return block;
  }

  function changeCell(m) {
    if (!m) return el('td', { class: 'num' }, '–');
    const v = VERDICTS[m.verdict] || { css: 'verdict-same', symbol: '?' };
    const main = m.ratio === null || m.ratio === undefined
      ? num(m.baselineMedian) + ' → ' + num(m.candidateMedian)
      : ratioText(m.ratio);
    const interval = m.ratio === null || m.ratio === undefined ? 'baseline 0: no ratio'
      : '[' + ratioNumber(m.ratioLow) + ', ' + ratioNumber(m.ratioHigh) + ']';
    // a gate metric is judged on the runs whose window was steady: how many were not, on both sides
    const leftOut = (m.baselineNotSteadyLeftOut || 0) + (m.candidateNotSteadyLeftOut || 0);
    return el('td', { class: 'num change ' + v.css, 'data-verdict': m.verdict,
        title: m.verdict + ': ' + num(m.baselineMedian) + ' → ' + num(m.candidateMedian) + ' (medians of ' + m.baselineRuns + ' and ' + m.candidateRuns + ' runs)' },
      el('span', { class: 'symbol', 'aria-hidden': 'true' }, v.symbol + ' '), main,
      interval ? el('span', { class: 'interval' }, interval) : null,
      el('span', { class: 'interval verdict-words' }, (m.ratio === null || m.ratio === undefined ? '' : percent(m.ratio) + ' · ') + m.verdict),
      leftOut ? el('span', { class: 'interval left-out', 'data-left-out': leftOut },
        leftOut + ' not-steady ' + (leftOut === 1 ? 'run' : 'runs') + ' left out') : null,
      belowDetectable(m) ? el('span', { class: 'interval below-detectable', 'data-detectable': m.detectablePercent },
        'threshold under this host\'s detectable ' + m.detectablePercent.toFixed(1) + '%') : null);
  }

  /** Whether the row's threshold is below the host's minimum detectable effect for its metric and level. */
  function belowDetectable(m) {
    return m.detectablePercent !== null && m.detectablePercent !== undefined && m.thresholdPercent < m.detectablePercent;
  }

  function detailTable(view, labelOf) {
    const rows = [];
    for (const pair of view.comparisons || []) {
      for (const m of pair.metrics || []) {
        rows.push(el('tr', { 'data-verdict': m.verdict },
          el('td', null, cellName(pair.baseline.jdk, pair.baseline.threadModel) + ' → ' + cellName(pair.candidate.jdk, pair.candidate.threadModel)),
          el('td', null, labelOf(m.metric)), el('td', { class: 'num' }, String(m.level)),
          el('td', { class: 'num' }, num(m.baselineMedian)), el('td', { class: 'num' }, num(m.candidateMedian)),
          el('td', { class: 'num' }, m.ratio === null || m.ratio === undefined ? '– (baseline 0)' : ratioText(m.ratio)),
          el('td', { class: 'num' }, m.ratio === null || m.ratio === undefined ? '–' : '[' + ratioNumber(m.ratioLow) + ', ' + ratioNumber(m.ratioHigh) + ']'),
          el('td', { class: 'num' }, percent(m.ratio)),
          el('td', { class: 'num' }, m.baselineRuns + ' / ' + m.candidateRuns),
          el('td', { class: 'num' }, num(m.thresholdPercent) + '%'),
          el('td', { class: 'num' }, m.detectablePercent === null || m.detectablePercent === undefined ? '–'
            : m.detectablePercent.toFixed(1) + '%'),
          el('td', null, verdictBadge(m.verdict))));
      }
    }
    return el('details', null,
      el('summary', null, 'Every metric and level as numbers (' + rows.length + ' rows)'),
      el('div', { class: 'table-wrap' }, el('table', { class: 'data' },
        el('thead', null, el('tr', null, ['Cells', 'Metric', 'Level', 'Baseline median', 'Candidate median', 'Ratio', '95% interval', 'Change', 'Runs', 'Threshold', 'Detectable', 'Verdict']
          .map((h) => el('th', { scope: 'col' }, h)))),
        el('tbody', null, rows))));
  }

  // ---- flow --------------------------------------------------------------------------------

  function showAuth(error) {
    document.body.dataset.state = 'auth';
    $('auth-reason').textContent = error.status === 403
      ? 'The token was refused for ' + error.path + ' (403): it needs the read role.'
      : token
        ? 'The api did not accept the token (401): it is unknown, revoked or mistyped.'
        : 'The api answered 401: this installation needs a token to read results.';
    setStatus('Waiting for an API token.');
    ['job', 'verdicts', 'cells', 'charts', 'findings', 'timeline', 'comparisons-section', 'error'].forEach((id) => show(id, false));
    show('auth');
    $('token-input').focus();
  }

  function showError(error) {
    document.body.dataset.state = 'error';
    const status = error instanceof ApiError ? error.status : null;
    const message = status === 404 && error.path === '/api/v1/jobs/' + jobId
      ? 'Job ' + jobId + ' does not exist.'
      : (status ? 'The api answered ' + status + ' for ' + error.path + ': ' : 'The report could not be built: ') + error.message;
    $('error').replaceChildren(el('h2', null, 'No report'), el('p', null, message));
    setStatus('Failed.');
    show('error');
  }

  async function load() {
    if (!jobId) {
      showError(new Error('open this page as /jobs/{id}/report'));
      return;
    }
    document.body.dataset.state = 'loading';
    show('auth', false);
    show('error', false);
    $('forget-token').hidden = !token;
    setStatus('Loading job ' + jobId + '…');
    try {
      const job = await api('/api/v1/jobs/' + jobId);
      renderJob(job);
      const [stats, comparisons, explained, distributions] = await Promise.all([api('/api/v1/jobs/' + jobId + '/statistics'),
        loadComparisons(job), loadExplanations(), api('/api/v1/jobs/' + jobId + '/distributions')]);
      renderCells(stats, job);
      renderJvms(explained, stats);
      renderVerdicts(comparisons, job, stats);
      renderCharts(stats, job);
      renderDistributions(distributions, stats, job);
      renderFindings(explained, job, stats);
      renderTimeline(explained, job, stats);
      document.body.dataset.state = 'ready';
      if (scrollTarget && $(scrollTarget)) $(scrollTarget).scrollIntoView();
      setStatus('Job ' + jobId + ' · ' + stats.cells.length + ' cells · loaded ' + new Date().toISOString().slice(0, 19).replace('T', ' ') + 'Z');
    } catch (error) {
      if (isAuthError(error)) showAuth(error); else showError(error);
    }
  }

  $('auth-form').addEventListener('submit', (event) => {
    event.preventDefault();
    token = $('token-input').value.trim() || null;
    $('token-input').value = '';
    storeToken(token);
    load();
  });
  $('reload').addEventListener('click', () => load());
  $('print').addEventListener('click', () => window.print());
  $('forget-token').addEventListener('click', () => {
    token = null;
    storeToken(null);
    load();
  });


  load();
})();
