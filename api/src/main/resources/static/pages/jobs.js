// The jobs page: GET /api/v1/jobs with the page's own query as its filters (status, label, app,
// scenario) and paging (page, size), a row per job with its status, labels, findings and verdict
// against its baseline (read per job: lists carry none), and a link to each report.
'use strict';

(() => {
  const { href, api, query, inParallel, isAuthError, $, el, show, setStatus, timeText, verdictBadge, statusBadge,
    runPage } = window.jvmbench;

  const params = new URLSearchParams(location.search);
  /** What the page passes on to GET /api/v1/jobs, as the api spells it. */
  const FILTERS = ['status', 'label', 'app', 'scenario'];
  const FINAL = ['SUCCEEDED', 'FAILED', 'CANCELLED'];
  const SEVERITIES = ['critical', 'warning', 'info'];

  /** This page's query with some keys replaced (a null value removes the key). */
  function pageLink(changes) {
    const q = {};
    for (const key of [...FILTERS, 'size', 'page']) q[key] = params.getAll(key);
    return href('/jobs' + query(Object.assign(q, changes)));
  }

  const labels = () => params.getAll('label');

  function fillForm() {
    const status = params.getAll('status');
    $('filter-status').value = status.length === 1 && !status[0].includes(',') ? status[0] : '';
    $('filter-app').value = params.get('app') || '';
    $('filter-scenario').value = params.get('scenario') || '';
    if (params.get('size')) $('filter-size').value = params.get('size');
    $('filters').onsubmit = (event) => {
      event.preventDefault();
      const added = $('filter-label').value.trim();
      location.href = href('/jobs' + query({
        status: $('filter-status').value, app: $('filter-app').value.trim(), scenario: $('filter-scenario').value.trim(),
        label: [...labels(), ...(added ? [added] : [])], size: $('filter-size').value }));
    };
    $('filter-clear').setAttribute('href', href('/jobs'));
    const active = $('active-filters');
    active.replaceChildren(...labels().map((label) => el('a', { class: 'chip', 'data-label': label, title: 'remove this filter',
      href: pageLink({ label: labels().filter((l) => l !== label), page: null }) }, label + ' ×')));
    if (params.getAll('status').length > 1) active.prepend('status ' + params.getAll('status').join(', ') + ' ');
    active.hidden = !active.childNodes.length;
  }

  function matrixText(spec) {
    const load = spec.load || {};
    const levels = load.search ? 'capacity search' : 'levels ' + (load.levels || []).join(', ');
    return [el('span', null, 'JDK ' + (spec.jdks || []).join(', ') + ' × ' + (spec.threadModels || []).join(', ')),
      el('span', { class: 'sub' }, (spec.repetitions ?? '?') + ' repetitions, ' + levels)];
  }

  function labelChips(labelsOfJob) {
    return Object.entries(labelsOfJob || {}).map(([k, v]) => el('a', { class: 'chip', title: k + '=' + v + ': show the jobs labelled so',
      href: pageLink({ label: [...new Set([...labels(), k + '=' + v])], page: null }) }, k + '=' + v));
  }

  function findingsCell(counts) {
    const present = SEVERITIES.filter((s) => counts && counts[s] > 0);
    if (!present.length) return el('td', { class: 'findings', 'data-findings': '0' }, el('span', { class: 'flag-none' }, 'none'));
    const total = present.reduce((sum, s) => sum + counts[s], 0);
    return el('td', { class: 'findings severity-' + present[0], 'data-findings': total },
      present.map((s) => el('span', { class: 'badge severity severity-' + s, 'data-severity': s, title: s }, counts[s] + ' ' + s)));
  }

  /** Until the job is read: where the verdict will come from. */
  function baselineCell(job) {
    const baseline = job.baseline || {};
    if (baseline.jobId == null) {
      return el('td', { class: 'baseline', 'data-verdict': 'none' }, el('span', { class: 'flag-none' }, baseline.note ? 'none resolved' : '–'));
    }
    const waiting = job.status === 'CONFIRMING' ? 'confirming…' : FINAL.includes(job.status) ? '…' : 'when it ends';
    return el('td', { class: 'baseline', 'data-verdict': 'pending' }, el('span', { class: 'note' }, waiting + ' '),
      baselineLinks(job.id, baseline.jobId));
  }

  const baselineLinks = (jobId, baselineId) => el('span', { class: 'sub' }, 'vs ',
    el('a', { href: href('/jobs/' + baselineId + '/report') }, '#' + baselineId), ' · ',
    el('a', { href: href('/compare' + query({ job: jobId, base: baselineId })) }, 'compare'));

  function verdictCell(job) {
    const baseline = job.baseline || {};
    return el('td', { class: 'baseline', 'data-verdict': baseline.verdict || 'none' },
      baseline.verdict ? verdictBadge(baseline.verdict) : el('span', { class: 'note' }, baseline.note || 'no verdict'),
      baselineLinks(job.id, baseline.jobId));
  }

  function row(job) {
    const spec = job.spec || {};
    const app = job.app || {};
    const running = !FINAL.includes(job.status) && job.progress;
    return el('tr', { 'data-job': job.id, 'data-status': job.status },
      el('th', { scope: 'row' }, el('a', { href: href('/jobs/' + job.id + '/report'), class: 'report-link' }, '#' + job.id),
        el('span', { class: 'sub' }, el('a', { href: href('/compare' + query({ job: job.id })), title: 'its cells compared' }, 'cells'))),
      el('td', null, statusBadge(job),
        running ? el('span', { class: 'sub' }, job.progress.runsDone + ' of ' + job.progress.runsTotal + ' runs') : null),
      el('td', null, el('a', { href: pageLink({ app: app.name, page: null }), title: 'show this app\'s jobs' }, app.name),
        app.build && app.build !== app.name ? el('span', { class: 'sub' }, app.build) : null),
      el('td', null, el('a', { href: pageLink({ scenario: spec.scenario && spec.scenario.name, page: null }) },
        spec.scenario && spec.scenario.name), el('span', { class: 'sub' },
        el('a', { href: href('/history' + query({ app: app.name, scenario: spec.scenario && spec.scenario.name })) }, 'history'))),
      el('td', null, matrixText(spec)),
      el('td', { class: 'labels' }, labelChips(spec.labels)),
      baselineCell(job),
      findingsCell(job.findings),
      el('td', null, timeText(job.createdAt)));
  }

  function pager(result) {
    const nav = $('pager');
    const { page, totalPages, totalItems } = result;
    const link = (to, text, rel) => (to >= 0 && to < totalPages
      ? el('a', { href: pageLink({ page: to || null }), rel, 'data-page': to }, text)
      : el('span', { class: 'disabled' }, text));
    nav.replaceChildren(link(page - 1, '‹ Newer', 'prev'),
      el('span', { id: 'page-position' }, totalItems ? 'page ' + (page + 1) + ' of ' + Math.max(totalPages, 1)
        + ' · ' + totalItems + (totalItems === 1 ? ' job' : ' jobs') : 'no jobs'),
      link(page + 1, 'Older ›', 'next'));
  }

  async function fillDatalists(items) {
    const apps = new Set(['stock', ...items.map((j) => j.app && j.app.name).filter(Boolean)]);
    const scenarios = new Set(items.map((j) => j.spec && j.spec.scenario && j.spec.scenario.name).filter(Boolean));
    try {
      (await api('/api/v1/catalog/scenarios')).items.forEach((s) => scenarios.add(s.name));
    } catch (error) {
      if (isAuthError(error)) throw error;
    }
    $('apps').replaceChildren(...[...apps].sort().map((a) => el('option', { value: a })));
    $('scenarios').replaceChildren(...[...scenarios].sort().map((s) => el('option', { value: s })));
  }

  async function load() {
    fillForm();
    setStatus('Loading jobs…');
    const q = {};
    for (const key of FILTERS) q[key] = params.getAll(key);
    q.page = params.get('page');
    q.size = params.get('size');
    const result = await api('/api/v1/jobs' + query(q));
    const tbody = $('jobs-table').querySelector('tbody');
    tbody.replaceChildren(...result.items.map(row));
    show('no-jobs', !result.items.length);
    pager(result);
    show('jobs');
    await fillDatalists(result.items);
    // Lists carry no verdict (it is computed on read): each ended job with a baseline is read once.
    const judged = result.items.filter((j) => j.baseline && j.baseline.jobId != null && FINAL.includes(j.status));
    setStatus('Reading ' + judged.length + ' verdicts…');
    await inParallel(judged, 4, async (job) => {
      const cell = tbody.querySelector('tr[data-job="' + job.id + '"] td.baseline');
      try {
        cell.replaceWith(verdictCell(await api('/api/v1/jobs/' + job.id)));
      } catch (error) {
        if (isAuthError(error)) throw error;
        cell.replaceChildren(el('span', { class: 'note' }, 'unavailable: ' + error.message));
      }
    });
    setStatus(result.totalItems + (result.totalItems === 1 ? ' job' : ' jobs') + ' · page ' + (result.page + 1) + ' of '
      + Math.max(result.totalPages, 1) + ' · loaded ' + timeText(new Date()));
  }

  runPage({ load, hide: ['jobs'] });
})();
