package dev.jvmbench.worker;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/** Adapter boundaries of the worker (tests included: they go through the adapter too). */
@AnalyzeClasses(packages = "dev.jvmbench.worker")
class ArchitectureTest {

    @ArchTest
    static final ArchRule onlyTheContainerAdapterTalksDocker = noClasses()
            .that().resideOutsideOfPackage("dev.jvmbench.worker.container..")
            .should().dependOnClassesThat().resideInAPackage("com.github.dockerjava..")
            .because("the rest of the worker sees containers only through ContainerEngine");

    @ArchTest
    static final ArchRule theAdapterInterfaceShowsNoDockerType = noClasses()
            .that().resideInAPackage("dev.jvmbench.worker.container..")
            .and().arePublic()
            .should().dependOnClassesThat().resideInAPackage("com.github.dockerjava..")
            .because("docker-java types stay inside the package-private implementation");

    @ArchTest
    static final ArchRule onlyTheContainerAdapterTalksKubernetes = noClasses()
            .that().resideOutsideOfPackage("dev.jvmbench.worker.container..")
            .should().dependOnClassesThat().resideInAPackage("io.fabric8..")
            .because("the rest of the worker sees pods only as containers, through ContainerEngine");

    @ArchTest
    static final ArchRule theAdapterInterfaceShowsNoKubernetesType = noClasses()
            .that().resideInAPackage("dev.jvmbench.worker.container..")
            .and().arePublic()
            .should().dependOnClassesThat().resideInAPackage("io.fabric8..")
            .because("Kubernetes client types stay inside the package-private implementation");
}
