package dev.jvmbench.api.job;

import static dev.jvmbench.api.job.SubmissionRule.allOf;
import static dev.jvmbench.api.job.SubmissionRule.always;
import static dev.jvmbench.api.job.SubmissionRule.anyOf;
import static dev.jvmbench.api.job.SubmissionRule.distinct;
import static dev.jvmbench.api.job.SubmissionRule.equalTo;
import static dev.jvmbench.api.job.SubmissionRule.exactlyOne;
import static dev.jvmbench.api.job.SubmissionRule.itemsIn;
import static dev.jvmbench.api.job.SubmissionRule.matching;
import static dev.jvmbench.api.job.SubmissionRule.maxItems;
import static dev.jvmbench.api.job.SubmissionRule.not;
import static dev.jvmbench.api.job.SubmissionRule.present;
import static dev.jvmbench.api.job.SubmissionRule.when;

import dev.jvmbench.common.job.BaselineMode;
import dev.jvmbench.common.job.ThreadModel;
import java.util.List;

/**
 * The rules between the fields of a submission, each declared once, here. JobSpecChecker refuses a
 * submission that breaks one (a 400 naming the field and the rule's message) and JobSubmissionSchema
 * states every one in the contract (an entry of JobSubmission's allOf, synced into openapi.yaml by
 * docs/tools/sync-openapi.py): a rule added to this table is in both, with no second edit.
 *
 * <p>The other rules have one declaration each too: a bound of one field is a Bean Validation
 * annotation of the spec records (the api checks it; ConstraintSchemas states it); a rule that
 * depends on this installation reads its catalogues (JDKs, scenarios and their parameters, the
 * metric ids) or its submission policy (images, JVM options, environment), and both the checker and
 * the schema read the same catalogue or policy (docs/architecture.md, "Submission rules").
 */
final class SubmissionRules {

    private static final String WEBFLUX = ThreadModel.WEBFLUX.wireName();

    static final List<SubmissionRule> ALL = List.of(
            always(distinct("jdks"), "must not repeat a JDK"),
            always(distinct("threadModels"), "must not repeat a thread model"),
            always(distinct("load.levels"), "must not repeat a level"),
            // listed levels, or a capacity search that finds them
            always(exactlyOne("load", "levels", "search"), "give exactly one of levels (e.g. [50, 100]) or search "
                    + "(e.g. {\"start\": 10, \"max\": 2000} with an slo: the highest load that meets it)"),
            // a capacity search looks for the highest load that meets the SLO: it needs one
            when(present("load.search"), present("slo"), "a capacity search (load.search) needs an slo to search "
                    + "against, e.g. {\"latencyP95Ms\": 250, \"errorRatePercent\": 1}"),
            always(exactlyOne("baseline", "jobId", "labels"), "give exactly one of jobId or labels (e.g. {\"labels\": "
                    + "{\"branch\": \"main\"}} for the latest successful job on main)"),
            always(anyOf("slo", "latencyP95Ms", "errorRatePercent"), "give latencyP95Ms, errorRatePercent or both"),
            // pairs added to decide a verdict are pairs with a baseline measured again
            when(present("gate.maxPairs"), present("baseline"), "pairs are added to decide the verdict against a "
                    + "baseline: give a baseline (e.g. {\"labels\": {\"branch\": \"main\"}}) or leave maxPairs out")
                    .at("gate.maxPairs"),
            when(present("gate.maxPairs"), not(equalTo("baseline.mode", BaselineMode.STORED.wireName()), "baseline.mode"),
                    "needs a paired baseline (baseline.mode paired): more runs of this job alone cannot narrow an "
                            + "interval whose other side is stored").at("gate.maxPairs"),
            always(exactlyOne("app", "image", "artifactId"), "give exactly one of image or artifactId"),
            // {jdk} in the reference names an image per JDK; without it the one image holds one JDK
            when(allOf(present("app.image"), not(matching("app.image", "\\{jdk\\}"), "app.image")), maxItems("jdks", 1),
                    "an image holds one JDK: name one JDK, put {jdk} in the image reference, or upload the JAR to "
                            + "compare JDKs").at("app.image"),
            when(equalTo("app.reactive", true), itemsIn("threadModels", WEBFLUX),
                    "a reactive app (app.reactive=true) runs only the webflux thread model"),
            when(allOf(present("app"), not(equalTo("app.reactive", true), "app.reactive")),
                    itemsIn("threadModels", ThreadModel.PLATFORM.wireName(), ThreadModel.VIRTUAL.wireName()),
                    "webflux needs a reactive app: set app.reactive=true (a servlet app runs platform or virtual)"));

    private SubmissionRules() {
    }
}
