// The compare page: two jobs cell by cell (GET …/comparisons/jobs/{base}), or two cells, of one job
// (…/comparisons/jdks/{jdk}, …/thread-models/{model}) or of two jobs; the comparison table with its
// intervals and verdicts, then the differential profile of any pair at any level: the frames that
// changed most (…/profiles/diff) and the differential flame graph (…/profiles/diff.html).
// Query: job (the candidate), base (the baseline job; none: the same job), cell and baseCell
// ("25-virtual"; none: every cell, the same cell), level and kind (the profile shown first).
'use strict';

(() => {
  const { href, api, query, $, el, show, setStatus, cellName, levelWord, timeText, labelText, statusBadge,
    runPage, flameGraph, profileQuery, frameDiffTable } = window.jvmbench;
  const comparisons = window.jvmbenchComparisons;

  const params = new URLSearchParams(location.search);
  const KINDS = [['cpu', 'CPU (execution samples)'], ['alloc', 'allocation (bytes)'], ['lock', 'lock (blocked time)'],
    ['pinned', 'pinned virtual threads (pinned time)']];
  const MODELS = ['platform', 'virtual', 'webflux'];
  /** Worst first: the pair whose differential profile is shown first. */
  const RANK = ['regressed', 'improved', 'change within tolerance', 'no detectable change', 'not judged'];

  function parseCell(text) {
    const m = /^(\d+)-(platform|virtual|webflux)$/.exec(text || '');
    return m ? { jdk: Number(m[1]), threadModel: m[2] } : null;
  }

  const cellKey = (c) => c.jdk + '-' + c.threadModel;
  const same = (a, b) => a.jdk === b.jdk && a.threadModel === b.threadModel;
  const cellsOf = (job) => (job.spec.jdks || []).flatMap((jdk) => MODELS.filter((m) => (job.spec.threadModels || []).includes(m))
    .map((threadModel) => ({ jdk, threadModel })));

  function fillForm(job, base) {
    $('pick-job').value = job ? job.id : (params.get('job') || '');
    $('pick-base').value = base ? base.id : '';
    const options = (select, cells, first) => select.replaceChildren(el('option', { value: '' }, first),
      ...cells.map((c) => el('option', { value: cellKey(c) }, cellName(c.jdk, c.threadModel))));
    options($('pick-cell'), job ? cellsOf(job) : [], 'every cell');
    options($('pick-base-cell'), (base || job) ? cellsOf(base || job) : [], base ? 'the same cell' : 'as the report does');
    $('pick-cell').value = params.get('cell') || '';
    $('pick-base-cell').value = params.get('baseCell') || '';
    $('pick').onsubmit = (event) => {
      event.preventDefault();
      location.href = href('/compare' + query({ job: $('pick-job').value, base: $('pick-base').value,
        cell: $('pick-cell').value, baseCell: $('pick-base-cell').value }));
    };
  }

  function jobFacts(role, job) {
    const spec = job.spec || {};
    return el('p', { class: 'compare-side', 'data-role': role, 'data-job': job.id }, el('strong', null, role + ': '),
      el('a', { href: href('/jobs/' + job.id + '/report') }, 'job #' + job.id), ' ', statusBadge(job), ' ',
      (job.app && job.app.name) + (job.app && job.app.build !== job.app.name ? ' (' + job.app.build + ')' : '') + ', '
      + (spec.scenario && spec.scenario.name) + ', created ' + timeText(job.createdAt)
      + (labelText(spec.labels) ? ', ' + labelText(spec.labels) : ''));
  }

  /**
   * Which comparison the api makes of these sides: the path, and the pairs to keep; null with the reason
   * when none (two different cells of two jobs: only their profiles compare).
   */
  function plan(job, base, cell, baseCell) {
    const keep = (pair) => (!cell || same(pair.candidate, cell)) && (!baseCell || same(pair.baseline, baseCell));
    const comparisonsOf = '/api/v1/jobs/' + job.id + '/comparisons/';
    if (base) {
      if (cell && baseCell && !same(cell, baseCell)) {
        return { why: 'The api compares two jobs cell by cell (the same JDK and thread model): no table for '
          + cellName(cell.jdk, cell.threadModel) + ' against ' + cellName(baseCell.jdk, baseCell.threadModel)
          + ' of another job. Their profiles compare below.' };
      }
      return { path: comparisonsOf + 'jobs/' + base.id, keep: (p) => !cell || same(p.candidate, cell) };
    }
    const models = MODELS.filter((m) => (job.spec.threadModels || []).includes(m));
    if (baseCell && cell && baseCell.jdk !== cell.jdk && baseCell.threadModel !== cell.threadModel) {
      return { why: 'Within a job the api compares JDK against JDK or thread model against thread model: '
        + 'no table for two cells that differ in both. Their profiles compare below.' };
    }
    if (baseCell) {
      const byJdk = cell ? cell.jdk !== baseCell.jdk : models.length < 2;
      return { path: comparisonsOf + (byJdk ? 'jdks/' + baseCell.jdk : 'thread-models/' + baseCell.threadModel), keep };
    }
    if (models.length > 1) return { path: comparisonsOf + 'thread-models/' + models[0], keep };
    if ((job.spec.jdks || []).length > 1) return { path: comparisonsOf + 'jdks/' + Math.min(...job.spec.jdks), keep };
    return { why: 'Job ' + job.id + ' ran one cell: give another job to compare it with.' };
  }

  // ---- the differential profile --------------------------------------------------------------

  /** The diff's base* parameters for a pair: the baseline job's cell, or (paired) the job's own measurement of it. */
  function baseParams(pair, view) {
    const b = pair.baseline;
    const other = {};
    if (b.jobId !== pair.candidate.jobId) {
      if (view && view.baselineMode === 'paired') other.baseSide = 'baseline'; else other.baseJobId = b.jobId;
    }
    if (b.jdk !== pair.candidate.jdk) other.baseJdk = b.jdk;
    if (b.threadModel !== pair.candidate.threadModel) other.baseThreadModel = b.threadModel;
    return other;
  }

  function pairName(pair) {
    const side = (s) => 'job #' + s.jobId + ' ' + cellName(s.jdk, s.threadModel);
    return side(pair.baseline) + ' → ' + side(pair.candidate);
  }

  function setUpDiff(pairs, view, levelsOf, unit) {
    if (!pairs.length) {
      $('diff').replaceChildren(el('p', { class: 'note' }, 'No pair of cells to compare.'));
      return null;
    }
    const ranked = [...pairs].sort((a, b) => RANK.indexOf(a.verdict) - RANK.indexOf(b.verdict));
    $('diff-pair').replaceChildren(...pairs.map((p, i) => el('option', { value: i }, pairName(p))));
    $('diff-pair').value = String(pairs.indexOf(ranked[0]));
    $('diff-kind').replaceChildren(...KINDS.map(([id, text]) => el('option', { value: id }, text)));
    $('diff-kind').value = KINDS.some(([id]) => id === params.get('kind')) ? params.get('kind') : 'cpu';
    const fillLevels = () => {
      const levels = levelsOf(pairs[Number($('diff-pair').value)]);
      const wanted = $('diff-level').value || params.get('level');
      $('diff-level').replaceChildren(...levels.map((lv) => el('option', { value: lv }, lv + ' ' + unit)));
      $('diff-level').value = levels.includes(Number(wanted)) ? String(wanted) : String(levels[levels.length - 1]);
    };
    const draw = () => drawDiff(pairs[Number($('diff-pair').value)], view, Number($('diff-level').value), $('diff-kind').value, unit);
    $('diff-pair').onchange = () => {
      fillLevels();
      draw();
    };
    $('diff-level').onchange = draw;
    $('diff-kind').onchange = draw;
    fillLevels();
    draw();
    return (pair) => {
      $('diff-pair').value = String(pairs.indexOf(pair));
      $('diff-pair').onchange();
      $('diff-title').scrollIntoView();
    };
  }

  function drawDiff(pair, view, level, kind, unit) {
    const c = pair.candidate;
    const q = profileQuery({ jdk: c.jdk, threadModel: c.threadModel, level, kind }, baseParams(pair, view));
    const path = '/api/v1/jobs/' + c.jobId + '/profiles/diff';
    const what = kind + ' at ' + level + ' ' + unit + ', ' + pairName(pair);
    const frames = el('p', { class: 'note' }, 'Loading the frames that changed…');
    $('diff').replaceChildren(el('div', { class: 'profile', id: 'profile-diff', 'data-pair': cellKey(pair.baseline) + '/' + cellKey(c) },
      el('p', { class: 'note' }, 'The candidate\'s flame graph, each frame coloured by the change of its self value per request '
        + 'from the baseline\'s: red grew, blue shrank, yellow is new (both scaled per million requests).'),
      frames, flameGraph(path + '.html' + q, 'Differential flame graph, ' + what)));
    api(path + q).then((diff) => frames.replaceWith(frameDiffTable(diff, 'Frames whose self value per request changed most')),
      (error) => { frames.textContent = error.status === 404 ? 'No profile to compare: ' + error.message : error.message; });
  }

  // ---- the page ----------------------------------------------------------------------------

  async function load() {
    setStatus('Loading…');
    let jobId = params.get('job');
    if (!jobId) {
      // nothing picked yet: the newest job, against its baseline when it has one
      const newest = (await api('/api/v1/jobs?size=1')).items[0];
      if (!newest) {
        fillForm(null, null);
        $('compare-note').textContent = 'No job yet.';
        show('compare');
        return;
      }
      jobId = String(newest.id);
      if (newest.baseline && newest.baseline.jobId != null) params.set('base', newest.baseline.jobId);
    }
    const job = await api('/api/v1/jobs/' + jobId);
    const baseId = params.get('base');
    const base = baseId && baseId !== String(job.id) ? await api('/api/v1/jobs/' + baseId) : null;
    const catalog = await api('/api/v1/catalog/metrics');
    fillForm(job, base);
    const cell = parseCell(params.get('cell'));
    const baseCell = parseCell(params.get('baseCell'));
    const unit = levelWord(job.spec.load && job.spec.load.model).unit;
    $('compare-jobs').replaceChildren(jobFacts('Candidate', job), base ? jobFacts('Baseline', base) : null);
    document.title = 'Job ' + job.id + (base ? ' against job ' + base.id : '') + ' · compare · jvmbench';
    $('title').textContent = 'Job #' + job.id + (base ? ' against job #' + base.id : ': its cells compared');

    const how = plan(job, base, cell, baseCell);
    let view = null;
    let pairs;
    if (how.path) {
      const full = await api(how.path);
      const kept = (full.comparisons || []).filter(how.keep);
      view = Object.assign({}, full, { comparisons: kept, verdict: kept.length === 1 ? kept[0].verdict : full.verdict });
      pairs = kept;
      $('compare-note').textContent = '';
    } else {
      $('compare-note').textContent = how.why;
      const other = base || job;
      pairs = cell && baseCell ? [{ candidate: Object.assign({ jobId: job.id }, cell), baseline: Object.assign({ jobId: other.id },
        baseCell), metrics: [] }] : [];
    }
    const metrics = catalog.items || [];
    const labelOf = (id) => (metrics.find((m) => m.id === id) || { label: id }).label;
    $('comparison').replaceChildren(view ? comparisons.block(view, labelOf, { metrics, loadModel: job.spec.load && job.spec.load.model },
      () => el('p', { class: 'pair-diff' }, el('button', { type: 'button', class: 'diff-button' }, 'Differential profile of these cells'))
    ) : '');
    const specLevels = [...new Set([...(job.spec.load && job.spec.load.levels) || []])].sort((a, b) => a - b);
    const levelsOf = (pair) => {
      const measured = [...new Set((pair.metrics || []).map((m) => m.level))].sort((a, b) => a - b);
      return measured.length ? measured : specLevels.length ? specLevels : [Number(params.get('level')) || 1];
    };
    const showDiff = setUpDiff(pairs, view, levelsOf, unit);
    // each pair's button shows its differential profile (buttons in the order of the pairs)
    [...$('comparison').querySelectorAll('.diff-button')].forEach((button, i) => { button.onclick = () => showDiff(pairs[i]); });
    show('compare');
    setStatus((view ? pairs.length + ' pair' + (pairs.length === 1 ? '' : 's') + ' of cells, verdict ' + view.verdict
      : 'no comparison table') + ' · loaded ' + timeText(new Date()));
  }

  runPage({ load, hide: ['compare'] });
})();
