// The history page: one metric of an app and scenario over time (GET /api/v1/history), one chart
// per JDK x thread model at each level, each job a point with its interval, the change points
// marked with the job they entered with (its commit) and their ratio. The JDKs of a thread model
// and level sit side by side on one scale, each in its colour, the others' medians drawn faintly
// behind: "21 → 25" is one look. Charts are SVG drawn here (nothing is fetched from elsewhere).
'use strict';

(() => {
  const { href, api, query, isAuthError, $, el, svg, show, setStatus, num, ratioText, ratioNumber, levelWord, timeText,
    labelText, runPage } = window.jvmbench;

  const params = new URLSearchParams(location.search);
  /** Okabe-Ito, as the report's charts: one colour per JDK. */
  const PALETTE = ['#0072B2', '#D55E00', '#009E73', '#CC79A7', '#E69F00', '#56B4E9', '#000000', '#999933'];
  const MODELS = ['platform', 'virtual', 'webflux'];
  /** Label keys that name a build: the default way to name a job on the x axis. */
  const NAME_KEYS = /sha|commit|rev|version|build/i;
  const HISTORY_ONLY = { capacityLevel: 'Capacity under the SLO (level)', capacityThroughputRps: 'Throughput at capacity' };
  const SIZE = { width: 560, height: 260, left: 58, right: 16, top: 44, bottom: 46 };

  // ---- the form ----------------------------------------------------------------------------

  function fillForm(choice, metrics, scenarios, jobs, nameKeys) {
    $('pick-app').value = choice.app;
    $('pick-scenario').value = choice.scenario;
    $('pick-label').value = choice.labels.join(' ');
    $('pick-metric').replaceChildren(...metrics.map((m) => el('option', { value: m.id }, m.label + (m.unit ? ' (' + m.unit + ')' : ''))));
    $('pick-metric').value = choice.metric;
    $('pick-name').replaceChildren(el('option', { value: '' }, 'its labels (' + (choice.nameKey || 'job id') + ')'),
      ...nameKeys.map((k) => el('option', { value: k }, k)));
    $('pick-name').value = params.get('name') || '';
    const apps = new Set(['stock', ...jobs.map((j) => j.app && j.app.name).filter(Boolean)]);
    const names = new Set([...scenarios, ...jobs.map((j) => j.spec && j.spec.scenario && j.spec.scenario.name).filter(Boolean)]);
    $('apps').replaceChildren(...[...apps].sort().map((a) => el('option', { value: a })));
    $('scenarios').replaceChildren(...[...names].sort().map((s) => el('option', { value: s })));
    $('pick').onsubmit = (event) => {
      event.preventDefault();
      location.href = href('/history' + query({ app: $('pick-app').value.trim(), scenario: $('pick-scenario').value.trim(),
        metric: $('pick-metric').value, label: $('pick-label').value.trim().split(/\s+/).filter(Boolean),
        name: $('pick-name').value }));
    };
  }

  // ---- naming jobs -------------------------------------------------------------------------

  /** The label keys whose values differ between the jobs: what tells builds apart. */
  function varyingKeys(entries) {
    const values = new Map();
    for (const e of entries) {
      for (const [k, v] of Object.entries(e.labels || {})) values.set(k, (values.get(k) || new Set()).add(v));
    }
    return [...values].filter(([, set]) => set.size > 1).map(([k]) => k).sort();
  }

  const jobName = (job, key) => (key && job.labels && job.labels[key] != null ? key + '=' + job.labels[key] : '#' + (job.jobId ?? job.id));
  const tickName = (job, key) => (key && job.labels && job.labels[key] != null ? job.labels[key] : '#' + job.jobId);

  // ---- charts ------------------------------------------------------------------------------

  /** About {@code count} round values spanning min .. max. */
  function niceTicks(min, max, count) {
    const raw = (max - min) / count;
    const magnitude = Math.pow(10, Math.floor(Math.log10(raw)));
    const step = [1, 2, 2.5, 5, 10].map((m) => m * magnitude).find((s) => s >= raw) || raw;
    const ticks = [];
    for (let t = Math.ceil(min / step) * step; t <= max + step * 1e-9; t += step) ticks.push(Number(t.toPrecision(12)));
    return ticks;
  }

  /** One scale for a row: every interval of its series inside, with some room. */
  function domain(seriesOfRow) {
    const values = seriesOfRow.flatMap((s) => s.points.flatMap((p) => [p.low ?? p.median, p.high ?? p.median, p.median]))
      .filter((v) => v !== null && v !== undefined);
    let min = Math.min(...values);
    let max = Math.max(...values);
    const pad = (max - min) * 0.12 || Math.abs(max) * 0.1 || 1;
    min = min >= 0 && min - pad < 0 ? 0 : min - pad;
    max += pad;
    return { min, max };
  }

  function chart(series, others, jobs, range, colourOf, unit, nameKey) {
    const { width: W, height: H, left: L, right: R, top: T, bottom: B } = SIZE;
    const index = new Map(jobs.map((j, i) => [j.jobId, i]));
    const x = (jobId) => (jobs.length === 1 ? (L + W - R) / 2 : L + index.get(jobId) * (W - L - R) / (jobs.length - 1));
    const y = (v) => T + (H - T - B) * (1 - (v - range.min) / (range.max - range.min));
    const colour = colourOf(series.jdk);
    const nodes = [];
    for (const t of niceTicks(range.min, range.max, 5)) {
      nodes.push(svg('line', { class: 'grid', x1: L, x2: W - R, y1: y(t), y2: y(t) }),
        svg('text', { x: L - 6, y: y(t) + 4, 'text-anchor': 'end' }, num(t)));
    }
    nodes.push(svg('line', { class: 'axis', x1: L, x2: L, y1: T, y2: H - B }),
      svg('line', { class: 'axis', x1: L, x2: W - R, y1: H - B, y2: H - B }),
      svg('text', { x: 12, y: (T + H - B) / 2, transform: 'rotate(-90 12 ' + (T + H - B) / 2 + ')', 'text-anchor': 'middle' }, unit));
    const every = Math.ceil(jobs.length / 14);
    jobs.forEach((job, i) => {
      if (i % every !== 0 && i !== jobs.length - 1) return;
      nodes.push(svg('line', { class: 'tick', x1: x(job.jobId), x2: x(job.jobId), y1: H - B, y2: H - B + 4 }),
        svg('text', { x: x(job.jobId), y: H - B + 16, 'text-anchor': 'middle' }, tickName(job, nameKey)));
    });
    nodes.push(svg('text', { x: (L + W - R) / 2, y: H - 6, 'text-anchor': 'middle' },
      'jobs, oldest first' + (nameKey ? ' (' + nameKey + ')' : '')));
    const line = (points) => points.map((p) => x(p.jobId).toFixed(1) + ',' + y(p.median).toFixed(1)).join(' ');
    // the other JDKs of this thread model and level, faintly: where this JDK stands against them
    for (const other of others) {
      nodes.push(svg('polyline', { class: 'ghost', stroke: colourOf(other.jdk), points: line(other.points), 'data-jdk': other.jdk }));
    }
    nodes.push(...segments(series, x, y, colour));
    for (const p of series.points) {
      if (p.low !== null && p.low !== undefined && p.high !== null && p.high !== undefined) {
        nodes.push(svg('line', { class: 'whisker', stroke: colour, x1: x(p.jobId), x2: x(p.jobId), y1: y(p.low), y2: y(p.high) }));
      }
    }
    nodes.push(svg('polyline', { class: 'series', stroke: colour, points: line(series.points) }));
    for (const p of series.points) {
      nodes.push(svg('circle', { class: 'point', cx: x(p.jobId), cy: y(p.median), r: 3.5, fill: colour, 'data-job': p.jobId },
        svg('title', null, 'job #' + p.jobId + (labelText(p.labels) ? ' (' + labelText(p.labels) + ')' : '') + ', '
          + timeText(p.createdAt) + ': ' + num(p.median) + ' ' + unit + ' [' + num(p.low) + ', ' + num(p.high) + '], '
          + p.runs + (p.runs === 1 ? ' run' : ' runs'))));
    }
    (series.changes || []).forEach((change, k) => nodes.push(changeMarker(change, k, x, nameKey, unit)));
    return svg('svg', { viewBox: '0 0 ' + W + ' ' + H, role: 'img', 'aria-label': 'JDK ' + series.jdk + ': ' + series.points.length
      + ' jobs from ' + num(series.points[0].median) + ' to ' + num(series.points[series.points.length - 1].median) + ' ' + unit
      + '; ' + (series.changes || []).length + ' change points' }, nodes);
  }

  /** Each stretch between change points at its median: the step a change point stands for. */
  function segments(series, x, y, colour) {
    const changes = series.changes || [];
    if (!changes.length) return [];
    const points = series.points;
    const lines = [];
    let from = points[0].jobId;
    changes.forEach((c, i) => {
      const to = c.previousJob ? c.previousJob.id : from;
      lines.push(svg('line', { class: 'segment', stroke: colour, x1: x(from), x2: x(to), y1: y(c.medianBefore), y2: y(c.medianBefore) }));
      from = c.job.id;
      if (i === changes.length - 1) {
        lines.push(svg('line', { class: 'segment', stroke: colour, x1: x(from), x2: x(points[points.length - 1].jobId),
          y1: y(c.medianAfter), y2: y(c.medianAfter) }));
      }
    });
    return lines;
  }

  /** A dashed line between the last job before the change and the first after it, named by the latter and the ratio. */
  function changeMarker(change, k, x, nameKey, unit) {
    const { width: W, height: H, top: T, bottom: B } = SIZE;
    const at = change.previousJob ? (x(change.previousJob.id) + x(change.job.id)) / 2 : x(change.job.id);
    const name = jobName(change.job, nameKey && change.job.labels && change.job.labels[nameKey] != null ? nameKey
      : Object.keys(change.job.labels || {}).find((key) => NAME_KEYS.test(key)));
    const ratio = change.ratio === null || change.ratio === undefined ? 'from ' + num(change.medianBefore) : ratioText(change.ratio);
    const labelY = T - 10 - (k % 2) * 14;
    return svg('g', { class: 'change change-' + change.direction, 'data-job': change.job.id, 'data-ratio': ratioNumber(change.ratio) },
      svg('title', null, 'changed with job #' + change.job.id + ' (' + labelText(change.job.labels) + '): ' + num(change.medianBefore)
        + ' → ' + num(change.medianAfter) + ' ' + unit + ', ' + ratio + ' [' + ratioNumber(change.ratioLow) + ', '
        + ratioNumber(change.ratioHigh) + '], ' + change.direction + ', p = ' + pText(change.pValue)),
      svg('line', { x1: at, x2: at, y1: labelY + 3, y2: H - B }),
      svg('text', { class: 'change-label', x: at, y: labelY, 'text-anchor': at > W * 0.7 ? 'end' : at < W * 0.3 ? 'start' : 'middle' },
        name + ' ' + ratio));
  }

  const pText = (p) => (p === null || p === undefined ? '–' : p < 0.001 ? p.toExponential(1) : p.toFixed(3));

  // ---- the page ----------------------------------------------------------------------------

  function render(history, info, nameKey) {
    const rows = $('history-rows');
    const series = history.series || [];
    const jdks = [...new Set(series.map((s) => s.jdk))].sort((a, b) => a - b);
    const colourOf = (jdk) => PALETTE[Math.max(0, jdks.indexOf(jdk)) % PALETTE.length];
    const levelUnit = levelWord(history.reference && history.reference.loadModel).unit;
    const unit = history.metric === 'capacityLevel' ? levelUnit : info.unit || '';
    $('history-legend').replaceChildren(...jdks.map((jdk) => {
      const swatch = el('span', { class: 'swatch', 'aria-hidden': 'true' });
      swatch.style.color = colourOf(jdk); // CSSOM: the policy allows no inline style attribute
      return el('span', { 'data-jdk': jdk }, swatch, 'JDK ' + jdk);
    }), jdks.length > 1 ? el('span', { class: 'note' }, 'Each chart: one JDK; the others\' medians faint and dashed behind it.') : null);
    const groups = new Map();
    for (const s of series) {
      const key = s.threadModel + '|' + (s.level ?? '');
      if (!groups.has(key)) groups.set(key, []);
      groups.get(key).push(s);
    }
    const order = [...groups.keys()].sort((a, b) => {
      const [ma, la] = a.split('|');
      const [mb, lb] = b.split('|');
      return MODELS.indexOf(ma) - MODELS.indexOf(mb) || Number(la) - Number(lb);
    });
    rows.replaceChildren(...order.map((key) => {
      const group = groups.get(key).sort((a, b) => a.jdk - b.jdk);
      const { threadModel, level } = group[0];
      const jobs = [...new Map(group.flatMap((s) => s.points).map((p) => [p.jobId, p])).values()]
        .sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.jobId - b.jobId));
      const range = domain(group);
      return el('div', { class: 'history-row', 'data-thread-model': threadModel, 'data-level': level ?? '' },
        el('h3', null, threadModel + (level !== null && level !== undefined ? ' · ' + level + ' ' + levelUnit : '')),
        el('div', { class: 'history-grid' }, group.map((s) => el('figure', { class: 'history-chart', 'data-jdk': s.jdk,
            'data-thread-model': threadModel, 'data-level': level ?? '', 'data-points': s.points.length,
            'data-changes': (s.changes || []).length },
          el('figcaption', null, el('strong', null, 'JDK ' + s.jdk + ' · ' + threadModel),
            el('span', { class: 'note' }, (s.changes || []).length ? (s.changes.length + ' change point' + (s.changes.length === 1 ? '' : 's'))
              : 'no change point')),
          chart(s, group.filter((o) => o !== s), jobs, range, colourOf, unit, nameKey)))));
    }));
    show('no-series', !series.length);
    renderChanges(series, levelUnit, unit, nameKey);
    renderExcluded(history.excluded || []);
  }

  function renderChanges(series, levelUnit, unit, nameKey) {
    const rows = series.flatMap((s) => (s.changes || []).map((c) => el('tr', { 'data-job': c.job.id, 'data-direction': c.direction },
      el('td', null, 'JDK ' + s.jdk + ' · ' + s.threadModel + (s.level != null ? ' · ' + s.level + ' ' + levelUnit : '')),
      el('td', null, el('a', { href: href('/jobs/' + c.job.id + '/report') }, '#' + c.job.id),
        c.previousJob ? [' (', el('a', { href: href('/compare' + query({ job: c.job.id, base: c.previousJob.id,
          cell: s.jdk + '-' + s.threadModel, level: s.level })) }, 'against #' + c.previousJob.id), ')'] : null),
      el('td', null, labelText(c.job.labels) || jobName(c.job, nameKey)),
      el('td', { class: 'num' }, num(c.medianBefore) + ' → ' + num(c.medianAfter) + ' ' + unit),
      el('td', { class: 'num' }, c.ratio === null || c.ratio === undefined ? '–'
        : ratioText(c.ratio) + ' [' + ratioNumber(c.ratioLow) + ', ' + ratioNumber(c.ratioHigh) + ']'),
      el('td', null, el('span', { class: 'badge direction-' + c.direction }, c.direction)),
      el('td', { class: 'num' }, pText(c.pValue)),
      el('td', { class: 'num' }, c.jobsBefore + ' / ' + c.jobsAfter))));
    $('changes-table').querySelector('tbody').replaceChildren(...rows);
    show('no-changes', !rows.length);
  }

  function renderExcluded(excluded) {
    $('excluded').replaceChildren(...(excluded.length ? excluded.map((e) => el('li', { 'data-job': e.jobId },
      el('a', { href: href('/jobs/' + e.jobId + '/report') }, 'job #' + e.jobId),
      e.runId != null ? ' (run ' + e.runId + ')' : '', ': ' + e.reason)) : [el('li', { class: 'note' }, 'Nothing left out.')]));
  }

  async function load() {
    setStatus('Loading…');
    const [catalog, scenarios, recent] = await Promise.all([api('/api/v1/catalog/metrics'),
      api('/api/v1/catalog/scenarios').catch((error) => {
        if (isAuthError(error)) throw error;
        return { items: [] };
      }), api('/api/v1/jobs?size=100')]);
    const metrics = [...(catalog.items || []), ...(catalog.historyOnly || []).map((id) => ({ id, label: HISTORY_ONLY[id] || id,
      unit: id === 'capacityThroughputRps' ? 'req/s' : '' }))];
    const newest = recent.items[0];
    // nothing picked yet: the newest job's app and scenario
    const choice = {
      app: params.get('app') || (!params.get('scenario') && newest ? newest.app.name : ''),
      scenario: params.get('scenario') || (newest ? newest.spec.scenario.name : ''),
      metric: params.get('metric') || 'throughputRps',
      labels: params.getAll('label'),
    };
    const info = metrics.find((m) => m.id === choice.metric) || { id: choice.metric, label: choice.metric, unit: '' };
    if (!choice.scenario) {
      fillForm(choice, metrics, scenarios.items.map((s) => s.name), recent.items, []);
      $('history-note').textContent = 'No job yet: pick an app and a scenario once jobs have run.';
      show('history');
      return;
    }
    const history = await api('/api/v1/history' + query({ app: choice.app, scenario: choice.scenario, metric: choice.metric,
      label: choice.labels }));
    const entries = (history.series || []).flatMap((s) => s.points);
    const keys = varyingKeys(entries);
    choice.nameKey = params.get('name') || keys.find((k) => NAME_KEYS.test(k)) || keys[0] || null;
    fillForm(choice, metrics, scenarios.items.map((s) => s.name), recent.items, keys);
    document.title = info.label + ' of ' + history.app + ', ' + history.scenario + ' · jvmbench';
    $('title').textContent = info.label + ' over time: ' + history.app + ', ' + history.scenario;
    const cd = history.changeDetection || {};
    $('history-note').textContent = 'Each point is a job: the median of its runs with its 95% interval. Only jobs measured '
      + 'like job #' + (history.reference && history.reference.jobId) + ' (the newest) share the series. Change points: '
      + 'window ' + cd.window + ' jobs, p ≤ ' + cd.maxPValue + ' (' + cd.significance + '), smallest change '
      + num((cd.minMagnitude || 0) * 100) + '%. Hover a point or a marker for its numbers.';
    render(history, info, choice.nameKey);
    show('history');
    const changes = (history.series || []).reduce((n, s) => n + (s.changes || []).length, 0);
    setStatus((history.series || []).length + ' series · ' + new Set(entries.map((e) => e.jobId)).size + ' jobs · '
      + changes + ' change point' + (changes === 1 ? '' : 's') + ' · loaded ' + timeText(new Date()));
  }

  runPage({ load, hide: ['history'] });
})();
