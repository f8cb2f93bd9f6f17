package dev.jvmbench.worker;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import dev.jvmbench.worker.container.ContainerEngine;

/**
 * Dependencies between the worker's packages run one way: the loop on top, then the run flow,
 * then the adapters (container, image, load, probe) and the queue / run-state store at the bottom
 * (worker/README.md). Main code only: an end-to-end test may well drive the loop and the queue.
 */
@AnalyzeClasses(packages = "dev.jvmbench.worker", importOptions = ImportOption.DoNotIncludeTests.class)
class DependencyDirectionTest {

    @ArchTest
    static final ArchRule packagesAreFreeOfCycles = slices().matching("dev.jvmbench.worker.(*)..")
            .should().beFreeOfCycles()
            .because("the loop calls the run flow, which calls the queue and the adapters, never back");

    @ArchTest
    static final ArchRule nothingBelowTheLoopCallsIt = noClasses()
            .that().resideOutsideOfPackage("dev.jvmbench.worker.loop..")
            .should().dependOnClassesThat().resideInAPackage("dev.jvmbench.worker.loop..")
            .because("the loop is the top of the worker");

    @ArchTest
    static final ArchRule theQueueCallsNoFeature = noClasses()
            .that().resideInAPackage("dev.jvmbench.worker.queue..")
            .should().dependOnClassesThat().resideInAnyPackage("dev.jvmbench.worker.run..",
                    "dev.jvmbench.worker.loop..", "dev.jvmbench.worker.container..", "dev.jvmbench.worker.load..",
                    "dev.jvmbench.worker.probe..", "dev.jvmbench.worker.image..")
            .because("the queue / run-state store is the bottom of the run flow");

    @ArchTest
    static final ArchRule theEngineInterfaceNamesNoImplementation = noClasses()
            .that().belongToAnyOf(ContainerEngine.class)
            .should().dependOnClassesThat().implement(ContainerEngine.class)
            .because("the rest of the worker sees the engine through its interface; ContainerEngines and the"
                    + " configuration build the Docker and Kubernetes engines");
}
