package dev.jvmbench.worker;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaEnumConstant;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import dev.jvmbench.loadgen.protocol.LoadModel;
import dev.jvmbench.worker.container.ContainerEngine;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

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

    /**
     * One load model from the job spec to the generator's command: {@link LoadModel} (the
     * protocol module's), read by the spec, the run flow and the generator alike. No other enum of
     * the project's classes the worker is built with (the worker, common, the protocol) may hold
     * the same constants: a second one would need a mapping, and the two could drift apart.
     */
    @ArchTest
    static void oneLoadModel(JavaClasses worker) {
        JavaClasses project = new ClassFileImporter().withImportOption(new ImportOption.DoNotIncludeTests())
                .importPackages("dev.jvmbench");
        Set<String> constants = Arrays.stream(LoadModel.values()).map(Enum::name).collect(Collectors.toSet());
        List<String> others = project.stream()
                .filter(JavaClass::isEnum)
                .filter(type -> !type.isEquivalentTo(LoadModel.class))
                .filter(type -> type.getEnumConstants().stream().map(JavaEnumConstant::name)
                        .collect(Collectors.toSet()).equals(constants))
                .map(JavaClass::getName)
                .toList();

        assertThat(project.contain(LoadModel.class)).as("the load model is among the classes checked").isTrue();
        assertThat(others).as("enums repeating LoadModel's constants " + constants).isEmpty();
    }
}
