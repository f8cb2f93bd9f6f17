package dev.jvmbench.api;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/** Feature packages stay independent of each other's internals and free of cycles. */
@AnalyzeClasses(packages = "dev.jvmbench.api", importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTest {

    @ArchTest
    static final ArchRule featuresAreFreeOfCycles = slices().matching("dev.jvmbench.api.(*)..").should().beFreeOfCycles();

    @ArchTest
    static final ArchRule onlyTheDatabasePackageStartsPostgres = noClasses()
            .that().resideOutsideOfPackage("dev.jvmbench.api.database..")
            .should().dependOnClassesThat().haveFullyQualifiedName("dev.jvmbench.common.database.EmbeddedPostgres");

    @ArchTest
    static final ArchRule controllersDoNotTouchRepositories = noClasses()
            .that().haveSimpleNameEndingWith("Controller").and().doNotHaveSimpleName("PointController")
            .should().dependOnClassesThat().haveSimpleNameEndingWith("Repository");

    @ArchTest
    static final ArchRule theProblemPackageKnowsNoFeature = noClasses()
            .that().resideInAPackage("dev.jvmbench.api.problem..")
            .should().dependOnClassesThat().resideInAnyPackage("dev.jvmbench.api.job..", "dev.jvmbench.api.artifact..",
                    "dev.jvmbench.api.security..", "dev.jvmbench.api.result..");
}
