package dev.jvmbench.worker;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import org.springframework.jdbc.core.JdbcOperations;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcOperations;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The worker runs no SQL of its own: jobs, runs, result_points and run_artifacts are read and
 * written through their owners in dev.jvmbench.common.store, behind RunQueue and PointRecorder.
 * Main code only: tests seed and inspect the database directly.
 */
@AnalyzeClasses(packages = "dev.jvmbench.worker", importOptions = ImportOption.DoNotIncludeTests.class)
class TableOwnershipTest {

    @ArchTest
    static final ArchRule theWorkerRunsSqlOnlyThroughTheStore = noClasses()
            // the worker's id lock: a session advisory lock on a connection of its own, no table
            .that().doNotHaveFullyQualifiedName("dev.jvmbench.worker.queue.WorkerIdClaim")
            .should().dependOnClassesThat().areAssignableTo(JdbcClient.class)
            .orShould().dependOnClassesThat().areAssignableTo(JdbcOperations.class)
            .orShould().dependOnClassesThat().areAssignableTo(NamedParameterJdbcOperations.class)
            .orShould().dependOnClassesThat().areAssignableTo(java.sql.Statement.class)
            .because("every statement on the platform's tables is in its owner in dev.jvmbench.common.store "
                    + "(docs/architecture.md)");
}
