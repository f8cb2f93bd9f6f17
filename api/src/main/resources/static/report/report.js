// The report page of one job: fetches the job, its statistics and its comparisons from the
// protected /api/v1 endpoints with the caller's token, then draws tables and Chart.js charts.
// Plain browser JavaScript, no build step; Chart.js comes from the bundled webjar, the token, api
// and formatting helpers from ../pages/common.js, the comparison tables from ../pages/comparison.js.
'use strict';

(() => {
  const { href, api, query, isAuthError, ApiError, $, el, show, setStatus, num, ratioNumber, cellName, levelWord, timeText, VERDICTS,
    verdictBadge, statusBadge, runPage, flameGraph, profileQuery, frameDiffTable } = window.jvmbench;
  const comparisons = window.jvmbenchComparisons;

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
    'jfr-off': { text: 'no JFR recording (the job turned it off)', severe: false },
    'not-steady': { text: 'Window not steady', severe: false },
    'oom': { text: 'Out of memory (OOM)', severe: true },
    'run-failed': { text: 'Run failed', severe: true },
  };

  /** Okabe-Ito: distinguishable with the common colour-vision deficiencies; dashes tell JDKs apart in grey print. */
  const PALETTE = ['#0072B2', '#D55E00', '#009E73', '#CC79A7', '#E69F00', '#56B4E9', '#000000', '#999933'];
  const DASHES = [[], [7, 4], [2, 3], [10, 3, 2, 3]];
  const POINT_STYLES = { platform: 'rect', virtual: 'circle', webflux: 'triangle' };

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
    // the host, not the app: how fast the app's own cores ran (docs/metrics.md, "Core speed")
    { id: 'coreSpeed', title: "App's core speed", unit: 'steps per CPU-µs', columns: [{ id: 'coreSpeed' }] },
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

  const route = location.pathname.match(/^(.*)\/jobs\/(\d+)\/report$/);
  const jobId = route ? route[2] : null;
  const charts = [];
  /**
   * A fragment key naming a section (…/report#timeline): scrolled to once the page is drawn (common.js took
   * the token); a profile chosen in the fragment (#profile=…) scrolls to the profiles.
   */
  const scrollTarget = new URLSearchParams(location.hash.slice(1)).has('profile') ? 'profiles'
    : [...new URLSearchParams(location.hash.slice(1)).keys()].find((key) => key !== 'token' && /^[a-z][a-z0-9-]*$/.test(key)) || null;

  function metricInfo(stats, id) {
    const fromApi = (stats && stats.metrics || []).find((m) => m.id === id);
    return Object.assign({ label: id, unit: '', direction: 'lower' }, METRIC_FALLBACK[id], fromApi);
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
    fact('Status', statusBadge(job, 'job-status'),
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
      fact('Baseline', el('a', { href: href('/jobs/' + baseline.jobId + '/report') }, 'job #' + baseline.jobId),
        baseline.verdict ? [' ', verdictBadge(baseline.verdict), ' ' + (baseline.regressions || 0) + ' regressions, '
          + (baseline.improvements || 0) + ' improvements, ' + (baseline.withinTolerance || 0)
          + ' within tolerance on the gate metrics'] : '',
        confirmationText(baseline),
        baseline.note ? ' (' + baseline.note + ')' : '');
    } else if (spec.baseline || baseline.note) {
      fact('Baseline', baseline.note || 'none resolved');
    }
    if (job.createdAt) fact('Times', timesText(job));
    if (job.changePoints) fact('Change points', changePointsText(job));

    const running = !['SUCCEEDED', 'FAILED', 'CANCELLED'].includes(job.status);
    $('job-note').hidden = !running;
    $('job-note').textContent = running ? 'The job is ' + job.status + ': the numbers below cover the runs finished so far.' : '';
    show('job');
  }

  /**
   * The change points worse for their metric that entered at this job, in the history of its app and scenario
   * over the jobs with the history's labels: each with its series, medians before and after, ratio and
   * interval, and links to the history of that metric and to this job against the last job before the change.
   */
  function changePointsText(job) {
    const view = job.changePoints;
    const labels = Object.entries(view.labels || {}).map(([k, v]) => k + '=' + v);
    const app = job.app && job.app.name;
    const scenario = job.spec && job.spec.scenario && job.spec.scenario.name;
    const over = 'in the history of ' + app + ', ' + scenario + (labels.length ? ' over the jobs labelled ' + labels.join(', ')
      : ' over all its jobs') + ' (gate metrics ' + (view.metrics || []).join(', ') + ')';
    const historyOf = (metric) => href('/history' + query({ app, scenario, metric, label: labels }));
    const items = view.items || [];
    if (!items.length) {
      return el('span', { id: 'change-points', 'data-count': 0 }, 'none worse entered at this job ' + over + '. ',
        el('a', { href: historyOf((view.metrics || [])[0] || 'throughputRps') }, 'History'));
    }
    const unit = levelWord(job.spec && job.spec.load && job.spec.load.model).unit;
    return el('div', { id: 'change-points', 'data-count': items.length },
      el('span', { class: 'badge direction-worse' }, items.length + ' worse'), ' entered at this job, ' + over + ':',
      el('ul', { class: 'change-points' }, items.map((item) => {
        const c = item.change;
        const where = 'JDK ' + item.jdk + ' ' + item.threadModel + (item.level != null ? ' at ' + item.level + ' ' + unit : '');
        return el('li', { 'data-metric': item.metric, 'data-series': item.jdk + '-' + item.threadModel + '-' + (item.level ?? '') },
          el('code', null, item.metric), ', ' + where + ': ' + num(c.medianBefore) + ' → ' + num(c.medianAfter)
            + (c.ratio != null ? ', ×' + ratioNumber(c.ratio) + ' [' + ratioNumber(c.ratioLow) + ', ' + ratioNumber(c.ratioHigh) + ']' : '')
            + ' after ' + c.jobsBefore + ' jobs before it (p = ' + (c.pValue < 0.001 ? '<0.001' : num(c.pValue)) + '). ',
          el('a', { href: historyOf(item.metric) }, 'History'),
          c.previousJob ? [' · ', el('a', { href: href('/compare' + query({ job: job.id, base: c.previousJob.id,
            cell: item.jdk + '-' + item.threadModel, level: item.level })) }, 'against #' + c.previousJob.id + ', the job before')] : null);
      })));
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
    return ['created ' + timeText(job.createdAt), job.startedAt && 'started ' + timeText(job.startedAt),
      job.finishedAt && 'finished ' + timeText(job.finishedAt)].filter(Boolean).join(', ');
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
      findingStacks(f),
      evidence !== '{}' ? el('details', { class: 'finding-evidence' }, el('summary', null, 'Evidence'),
        el('pre', null, evidence)) : null);
  }

  const STACK_WEIGHTS = { cpu: 'CPU samples', alloc: 'allocated bytes', lock: 'blocked time', pinned: 'pinned time' };

  /**
   * The stacks that carry a finding (evidence.stacks, docs/findings.md "Stacks behind a finding"): each
   * profile's top stacks by their share of the level's, named by their application frame (the frames
   * leaf first on hover), and a link that opens that profile's flame graph in the profiles section.
   * The baseline's runs measured again in pairs have no cell of this job to open: their stacks only.
   */
  function findingStacks(f) {
    const extracts = f.evidence && Array.isArray(f.evidence.stacks) ? f.evidence.stacks : [];
    if (!extracts.length) return null;
    const box = el('div', { class: 'finding-stacks' });
    for (const x of extracts) {
      const threads = x.threads || 'all';
      if (x.missing) {
        box.append(el('p', { class: 'note finding-stacks-missing', 'data-kind': x.kind }, 'No ' + x.kind
          + ' profile of this level: ' + x.missing));
        continue;
      }
      const profile = (f.profiles || []).find((p) => p.kind === x.kind && p.threads === threads);
      const link = profile && f.side !== 'baseline' && f.jdk != null && f.level != null
        ? el('a', { class: 'finding-profile-link', 'data-kind': x.kind,
          href: '#profile=' + f.jdk + '-' + f.threadModel + '-' + f.level + '&kind=' + x.kind }, 'open its flame graph')
        : null;
      const loops = threads === 'event-loop' ? ' on the event-loop threads ('
        + (x.selectedShare != null ? Math.round(x.selectedShare * 1000) / 10 + '% of all' : 'share unknown') + ')' : '';
      const list = el('ol', { class: 'finding-stack-list' });
      for (const stack of x.top || []) {
        list.append(el('li', null, el('span', { class: 'stack-share' }, (Math.round(stack.share * 1000) / 10) + '%'), ' ',
          el('code', { title: (stack.frames || []).join('\n') }, stack.frame)));
      }
      box.append(el('div', { class: 'finding-stack', 'data-kind': x.kind, 'data-threads': threads },
        el('p', { class: 'finding-stacks-head' }, el('strong', null, 'Stacks: '), 'the level\'s top stacks by '
          + (STACK_WEIGHTS[x.kind] || x.kind) + loops, link ? ' · ' : null, link),
        list.children.length ? list : el('p', { class: 'note' }, x.note || 'No stack.')));
    }
    return box;
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
        el('a', { href: href('/jobs/' + v.baselineJobId + '/report') }, '#' + v.baselineJobId),
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
        box.append(comparisons.block(r.body, labelOf, stats));
      } else if (r.error && r.key !== 'default') {
        box.append(el('p', { class: 'note' }, 'Comparison by ' + r.key + ' unavailable: ' + r.error.message));
      }
    }
    if (!box.childElementCount) box.append(el('p', { class: 'note' }, 'Nothing to compare within this job (one cell).'));
    show('verdicts');
    show('comparisons-section');
  }

  // ---- links and profiles -------------------------------------------------------------------

  /** The other pages: the jobs list (all, and this app's), this app and scenario's history, and this job compared. */
  function renderLinks(job) {
    const app = job.app && job.app.name;
    const scenario = job.spec && job.spec.scenario && job.spec.scenario.name;
    const baselineId = job.baseline && job.baseline.jobId;
    $('page-links').replaceChildren(
      el('a', { href: href('/jobs'), id: 'link-jobs' }, 'All jobs'),
      el('a', { href: href('/jobs' + query({ app, scenario })), id: 'link-app-jobs' }, 'Jobs of ' + app + ', ' + scenario),
      el('a', { href: href('/history' + query({ app, scenario, metric: 'throughputRps' })), id: 'link-history' },
        'History of ' + app + ', ' + scenario),
      el('a', { href: href('/compare' + query({ job: job.id, base: baselineId })), id: 'link-compare' },
        baselineId != null ? 'Compare with baseline #' + baselineId : 'Compare its cells'));
  }

  const PROFILE_KINDS = [['cpu', 'CPU (execution samples)'], ['alloc', 'allocation (bytes)'], ['lock', 'lock (blocked time)'],
    ['pinned', 'pinned virtual threads (pinned time)']];

  /**
   * A flame graph of any cell, level and kind, and a differential one against another cell of the job
   * (another JDK or thread model), the baseline job's same cell, or the baseline measured again in pairs.
   * The choice is kept in the fragment (#profile=25-virtual-200&kind=cpu&against=platform), so that a
   * link shows it: against is a JDK, a thread model, "baseline" (the baseline job) or "paired".
   */
  function renderProfiles(job, stats) {
    const cells = stats.cells.map((c) => ({ jdk: c.jdk, threadModel: c.threadModel }));
    const levels = [...new Set(stats.cells.flatMap((c) => (c.levels || []).map((l) => l.level)))].sort((a, b) => a - b);
    if (!cells.length || !levels.length) {
      show('profiles', false);
      return;
    }
    const unit = levelWord(stats.loadModel).unit;
    const option = (value, text) => el('option', { value }, text);
    $('profile-cell').replaceChildren(...cells.map((c) => option(c.jdk + '-' + c.threadModel, cellName(c.jdk, c.threadModel))));
    $('profile-level').replaceChildren(...levels.map((lv) => option(lv, lv + ' ' + unit)));
    $('profile-kind').replaceChildren(...PROFILE_KINDS.map(([id, text]) => option(id, text)));
    const fragment = new URLSearchParams(location.hash.slice(1));
    const cellOf = () => cells.find((c) => c.jdk + '-' + c.threadModel === $('profile-cell').value);
    // the cell, level and kind a fragment names (#profile=25-virtual-200&kind=cpu); what it leaves out or
    // names wrongly keeps the cell chosen and the level and kind given
    const named = (asked) => /^(\d+-[a-z]+)-(\d+)$/.exec(asked.get('profile') || '');
    const known = (wanted) => wanted && cells.some((c) => c.jdk + '-' + c.threadModel === wanted[1]);
    const choose = (asked, level, kind) => {
      const wanted = named(asked);
      if (known(wanted)) $('profile-cell').value = wanted[1];
      $('profile-level').value = wanted && levels.includes(Number(wanted[2])) ? wanted[2] : level;
      $('profile-kind').value = PROFILE_KINDS.some(([id]) => id === asked.get('kind')) ? asked.get('kind') : kind;
    };
    choose(fragment, String(levels[levels.length - 1]), 'cpu');
    const draw = () => {
      drawProfiles(job, cellOf(), unit);
      const keep = new URLSearchParams(location.hash.slice(1));
      keep.set('profile', $('profile-cell').value + '-' + $('profile-level').value);
      keep.set('kind', $('profile-kind').value);
      if ($('profile-base').value) keep.set('against', $('profile-base').value); else keep.delete('against');
      history.replaceState(null, '', location.pathname + location.search + '#' + keep.toString());
    };
    $('profile-cell').onchange = () => {
      fillAgainst(job, cellOf(), cells, $('profile-base').value);
      draw();
    };
    ['profile-level', 'profile-kind', 'profile-base'].forEach((id) => { $(id).onchange = draw; });
    fillAgainst(job, cellOf(), cells, fragment.get('against'));
    // the fragment changes with the reader's choices only: a plain link keeps opening at the top
    drawProfiles(job, cellOf(), unit);
    show('profiles');
    // a finding's link to its stacks sets the fragment: choose that cell, level and kind, and go there
    // (one handler, replaced when the page loads again)
    window.onhashchange = () => {
      const asked = new URLSearchParams(location.hash.slice(1));
      if (!known(named(asked))) return;
      choose(asked, $('profile-level').value, $('profile-kind').value);
      fillAgainst(job, cellOf(), cells, asked.get('against') || $('profile-base').value);
      draw();
      $('profiles').scrollIntoView();
    };
  }

  /** What the chosen cell can be compared with, each choice with the diff's base* parameters. */
  let againstChoices = new Map();

  function fillAgainst(job, cell, cells, preferred) {
    const choices = new Map();
    const baselineId = job.baseline && job.baseline.jobId;
    if (baselineId != null && job.spec.baseline && job.spec.baseline.mode === 'paired') {
      choices.set('paired', [{ baseSide: 'baseline' }, 'the baseline, measured again in pairs beside this job']);
    }
    if (baselineId != null) choices.set('baseline', [{ baseJobId: baselineId }, 'baseline job #' + baselineId + ', the same cell']);
    for (const other of cells) {
      if (other.threadModel === cell.threadModel && other.jdk !== cell.jdk) {
        choices.set(String(other.jdk), [{ baseJdk: other.jdk }, 'JDK ' + other.jdk + ', the same thread model']);
      }
      if (other.jdk === cell.jdk && other.threadModel !== cell.threadModel) {
        choices.set(other.threadModel, [{ baseThreadModel: other.threadModel }, other.threadModel + ', the same JDK']);
      }
    }
    againstChoices = choices;
    $('profile-base').replaceChildren(...[...choices].map(([id, [, text]]) => el('option', { value: id }, text)));
    if (preferred && choices.has(preferred)) $('profile-base').value = preferred;
    $('profile-base').disabled = !choices.size;
  }

  function drawProfiles(job, chosen, unit) {
    const cell = Object.assign({}, chosen, { level: Number($('profile-level').value), kind: $('profile-kind').value });
    const what = cell.kind + ' of ' + cellName(cell.jdk, cell.threadModel) + ' at ' + cell.level + ' ' + unit;
    const path = '/api/v1/jobs/' + job.id + '/profiles';
    const box = $('profile-graphs');
    const single = el('div', { class: 'profile', id: 'profile-single', 'data-cell': cell.jdk + '-' + cell.threadModel,
      'data-level': cell.level, 'data-kind': cell.kind });
    single.append(el('h3', null, 'Flame graph: ' + what));
    const top = el('div', { class: 'profile-top' });
    single.append(top, flameGraph(path + '/flamegraph.html' + profileQuery(cell), 'Flame graph, ' + what));
    api(path + profileQuery(cell)).then((view) => top.replaceWith(profileSummary(view)), () => top.remove());
    box.replaceChildren(single);

    const choice = againstChoices.get($('profile-base').value);
    if (!choice) {
      box.append(el('p', { class: 'note', id: 'profile-diff-none' },
        'No differential flame graph: this job has one cell and no baseline job to compare it with.'));
      return;
    }
    const [against, againstText] = choice;
    const diff = el('div', { class: 'profile', id: 'profile-diff', 'data-against': $('profile-base').value },
      el('h3', null, 'Differential flame graph: ' + what + ' against ' + againstText));
    const frames = el('p', { class: 'note' }, 'Loading the frames that changed…');
    const q = profileQuery(cell, against);
    diff.append(el('p', { class: 'note' }, 'The cell\'s flame graph, each frame coloured by the change of its self value '
      + 'per request from the other side\'s: red grew, blue shrank, yellow is new (both scaled per million requests).'),
    frames, flameGraph(path + '/diff.html' + q, 'Differential flame graph, ' + what + ' against ' + againstText));
    api(path + '/diff' + q).then((d) => frames.replaceWith(frameDiffTable(d, 'Frames whose self value per request changed most')),
      (error) => { frames.textContent = error.status === 404 ? 'No profile to compare: ' + error.message : error.message; });
    box.append(diff);
  }

  /** A profile's total per request and its frames of most self value. */
  function profileSummary(view) {
    const ms = view.msPerRequest !== null && view.msPerRequest !== undefined ? ' (' + num(view.msPerRequest) + ' ms per request)' : '';
    const rows = (view.topSelf || []).slice(0, 10).map((f) => el('tr', null, el('th', { scope: 'row' }, el('code', null, f.frame)),
      el('td', { class: 'num' }, num(f.selfPerRequest)), el('td', { class: 'num' }, (f.selfShare * 100).toFixed(1) + '%')));
    return el('div', { class: 'profile-top' },
      el('p', { class: 'note' }, num(view.totalPerRequest) + ' ' + view.perRequestUnit + ms + ', over ' + (view.runs || []).length
        + ' run(s) and ' + num(view.requests) + ' requests.'),
      rows.length ? el('details', null, el('summary', null, 'The frames of most self value'),
        el('div', { class: 'table-wrap' }, el('table', { class: 'data top-self' },
          el('thead', null, el('tr', null, el('th', { scope: 'col' }, 'Frame'),
            el('th', { scope: 'col' }, 'Self (' + view.perRequestUnit + ')'), el('th', { scope: 'col' }, 'Share'))),
          el('tbody', null, rows)))) : null);
  }

  // ---- flow --------------------------------------------------------------------------------

  const SECTIONS = ['job', 'verdicts', 'cells', 'jvms', 'charts', 'distributions', 'findings', 'timeline',
    'comparisons-section', 'profiles'];

  async function load() {
    if (!jobId) throw new Error('open this page as /jobs/{id}/report');
    setStatus('Loading job ' + jobId + '…');
    const job = await api('/api/v1/jobs/' + jobId);
    renderJob(job);
    renderLinks(job);
    const [stats, results, explained, distributions] = await Promise.all([api('/api/v1/jobs/' + jobId + '/statistics'),
      loadComparisons(job), loadExplanations(), api('/api/v1/jobs/' + jobId + '/distributions')]);
    renderCells(stats, job);
    renderJvms(explained, stats);
    renderVerdicts(results, job, stats);
    renderCharts(stats, job);
    renderDistributions(distributions, stats, job);
    renderFindings(explained, job, stats);
    renderTimeline(explained, job, stats);
    renderProfiles(job, stats);
    if (scrollTarget && $(scrollTarget)) $(scrollTarget).scrollIntoView();
    setStatus('Job ' + jobId + ' · ' + stats.cells.length + ' cells · loaded ' + new Date().toISOString().slice(0, 19).replace('T', ' ') + 'Z');
  }

  $('print').addEventListener('click', () => window.print());
  runPage({
    load,
    hide: SECTIONS,
    errorTitle: 'No report',
    describe: (error) => (error instanceof ApiError && error.status === 404 && error.path === '/api/v1/jobs/' + jobId
      ? 'Job ' + jobId + ' does not exist.' : null),
  });
})();
