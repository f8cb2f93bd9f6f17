package dev.jvmbench.worker.image;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/** Jib stays inside the image package, as docker-java stays inside the container package. */
@AnalyzeClasses(packages = "dev.jvmbench.worker")
class ImageArchitectureTest {

    @ArchTest
    static final ArchRule onlyTheImagePackageUsesJib = noClasses()
            .that().resideOutsideOfPackage("dev.jvmbench.worker.image..")
            .should().dependOnClassesThat().resideInAPackage("com.google.cloud.tools.jib..")
            .because("the rest of the worker asks ImageResolver for an image reference");

    @ArchTest
    static final ArchRule thePublicSurfaceShowsNoJibType = noClasses()
            .that().resideInAPackage("dev.jvmbench.worker.image..")
            .and().arePublic()
            .should().dependOnClassesThat().resideInAPackage("com.google.cloud.tools.jib..")
            .because("Jib is an implementation detail of building artifact images");
}
