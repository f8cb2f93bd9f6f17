// The comparison of two sides (jobs, JDKs or thread models) as the report and compare pages show it:
// per pair of cells a metric x level matrix of ratios with their intervals and verdicts, the
// roll-up of what changed where, the host's detectable effects, and every row as numbers.
// Reads GET /api/v1/jobs/{id}/comparisons/...; needs common.js.
'use strict';

window.jvmbenchComparisons = (() => {
  const { el, num, percent, ratioNumber, ratioText, cellName, levelWord, VERDICTS, verdictBadge } = window.jvmbench;

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

  /**
   * One comparison: its heading and verdict, the roll-up, a matrix per pair of cells and every row as
   * numbers. {@code stats} gives the metrics' order and the load model; {@code afterPair(pair)}, when
   * given, adds what follows each pair's matrix (the compare page's link to its differential profile).
   */
  function comparisonBlock(view, labelOf, stats, afterPair) {
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
    for (const pair of pairs) {
      wrapper.append(pairTable(view, pair, labelOf, order, unit));
      if (afterPair) wrapper.append(afterPair(pair));
    }
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

  return Object.freeze({ block: comparisonBlock, title: comparisonTitle });
})();
