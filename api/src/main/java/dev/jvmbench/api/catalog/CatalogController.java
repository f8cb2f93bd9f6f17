package dev.jvmbench.api.catalog;

import io.swagger.v3.oas.annotations.tags.Tag;
import io.swagger.v3.oas.annotations.Operation;
import dev.jvmbench.common.catalog.JdkCatalog;
import dev.jvmbench.common.catalog.JdkEntry;
import dev.jvmbench.common.catalog.ScenarioCatalog;
import dev.jvmbench.common.catalog.ScenarioDefinition;
import dev.jvmbench.common.catalog.ScenarioParam;
import dev.jvmbench.common.finding.FindingCode;
import dev.jvmbench.common.finding.Severity;
import dev.jvmbench.common.job.ThreadModel;
import dev.jvmbench.common.job.Upstream;
import java.util.Arrays;
import java.util.List;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/** What this installation can run. */
@RestController
@Tag(name = "catalog")
@RequestMapping("/api/v1/catalog")
class CatalogController {

    private final JdkCatalog jdks;
    private final ScenarioCatalog scenarios;

    CatalogController(JdkCatalog jdks, ScenarioCatalog scenarios) {
        this.jdks = jdks;
        this.scenarios = scenarios;
    }

    @Operation(operationId = "listJdks", summary = "JDKs of this installation; unavailable ones with the reason")
    @GetMapping("/jdks")
    JdkList jdks() {
        return new JdkList(jdks.jdks().stream().map(JdkView::of).toList());
    }

    @Operation(operationId = "listScenarios", summary = "Built-in scenarios with their parameters, and the thread models")
    @GetMapping("/scenarios")
    ScenarioList scenarios() {
        return new ScenarioList(scenarios.scenarios().stream().map(ScenarioView::of).toList(),
                Arrays.asList(ThreadModel.values()));
    }

    @Operation(operationId = "listFindingCodes", summary = "The catalogue of findings: every code with its default severity, meaning and advice",
            description = "What the platform can explain about a run (docs/findings.md). A stored finding carries its own "
                    + "sentence with the run's numbers and specific advice; this is the general text.")
    @GetMapping("/findings")
    FindingCatalog findings() {
        return new FindingCatalog(Arrays.stream(FindingCode.values()).map(FindingCodeView::of).toList());
    }

    record FindingCatalog(List<FindingCodeView> items) {
    }

    @io.swagger.v3.oas.annotations.media.Schema(name = "FindingCatalogEntry")
    record FindingCodeView(String code, Severity severity, String title, String meaning, String advice) {
        static FindingCodeView of(FindingCode c) {
            return new FindingCodeView(c.code(), c.severity(), c.title(), c.meaning(), c.advice());
        }
    }

    record JdkList(List<JdkView> items) {
    }

    record JdkView(int version, boolean available, String image, String reason) {
        static JdkView of(JdkEntry e) {
            return new JdkView(e.version(), e.available(), e.image(), e.available() ? null : e.reason());
        }
    }

    record ScenarioList(List<ScenarioView> items, List<ThreadModel> threadModels) {
    }

    record ScenarioView(String name, String description, String path, List<Upstream> upstreams,
                        List<ParamView> params, String ceiling) {
        static ScenarioView of(ScenarioDefinition s) {
            return new ScenarioView(s.name(), s.description(), s.path(), s.upstreams(),
                    s.params().stream().map(ParamView::of).toList(), s.ceiling());
        }
    }

    /** {@code integer}: only whole numbers are valid (counts, and 0/1 switches or codes the description explains). */
    record ParamView(String name, String description, String unit, double defaultValue, double min, double max,
                     boolean integer) {
        static ParamView of(ScenarioParam p) {
            return new ParamView(p.name(), p.description(), p.unit(), p.defaultValue(), p.min(), p.max(), p.integer());
        }
    }
}
