"""Apache Otava's change points of the series given on stdin, for OtavaAgreementTest.

Input (JSON): {"window": 50, "maxPValue": 0.001, "minMagnitude": 0.0, "series": {"name": [values]}}
Output (JSON): {"otava": "<version>", "changes": {"name": [{"index": i, "pvalue": p, "forwardChangePercent": c}]}}

Each series goes through Otava's own analysis path: a Series with one metric, analyze() with
AnalysisOptions (window_len, max_pvalue, min_magnitude; orig_edivisive off, the default).
"""
import json
import sys
from importlib.metadata import version

from otava.series import AnalysisOptions, Metric, Series


def main():
    request = json.load(sys.stdin)
    options = AnalysisOptions()
    options.window_len = request["window"]
    options.max_pvalue = request["maxPValue"]
    options.min_magnitude = request["minMagnitude"]
    changes = {}
    for name, values in request["series"].items():
        series = Series(test_name=name, branch=None, time=list(range(len(values))),
                        metrics={"value": Metric(1, 1.0)}, data={"value": list(values)}, attributes={})
        analyzed = series.analyze(options)
        changes[name] = [{"index": int(cp.index), "pvalue": float(cp.stats.pvalue),
                          "forwardChangePercent": float(cp.forward_change_percent())}
                         for cp in analyzed.change_points["value"]]
    json.dump({"otava": version("apache-otava"), "changes": changes}, sys.stdout)


if __name__ == "__main__":
    main()
