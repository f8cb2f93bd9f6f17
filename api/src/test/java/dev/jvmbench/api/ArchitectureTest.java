package dev.jvmbench.api;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.methods;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaMethod;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import jakarta.persistence.Entity;
import jakarta.persistence.EntityManager;
import jakarta.persistence.Table;
import java.util.Set;
import java.util.regex.Pattern;
import org.springframework.data.jpa.repository.Query;
import org.springframework.jdbc.core.JdbcOperations;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcOperations;
import org.springframework.jdbc.core.simple.JdbcClient;

/** Feature packages stay independent of each other's internals and free of cycles; tables have one owner. */
@AnalyzeClasses(packages = "dev.jvmbench.api", importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTest {

    /** Owned by dev.jvmbench.common.store, shared with the worker. */
    static final Set<String> SHARED_TABLES = Set.of("jobs", "runs", "result_points", "run_artifacts", "point_series",
            "run_findings", "noise_profiles", "run_jvm", "run_profiles");

    /**
     * The owners of the api's own tables: api_tokens and artifacts (JPA), idempotency_keys and the
     * artifacts' quota lock (JdbcClient), webhooks, webhook_deliveries and webhook_job_checks
     * (JdbcClient). Everything else reaches the database through an owner.
     */
    static final Set<String> OWNERS_OF_API_TABLES = Set.of("dev.jvmbench.api.security.ApiTokenRepository",
            "dev.jvmbench.api.artifact.ArtifactRepository", "dev.jvmbench.api.artifact.ArtifactService",
            "dev.jvmbench.api.job.IdempotencyKeys", "dev.jvmbench.api.webhook.WebhookStore");

    @ArchTest
    static final ArchRule featuresAreFreeOfCycles = slices().matching("dev.jvmbench.api.(*)..").should().beFreeOfCycles();

    @ArchTest
    static final ArchRule onlyTheDatabasePackageStartsPostgres = noClasses()
            .that().resideOutsideOfPackage("dev.jvmbench.api.database..")
            .should().dependOnClassesThat().haveFullyQualifiedName("dev.jvmbench.common.database.EmbeddedPostgres");

    @ArchTest
    static final ArchRule controllersDoNotTouchRepositories = noClasses()
            .that().haveSimpleNameEndingWith("Controller")
            .should().dependOnClassesThat().haveSimpleNameEndingWith("Repository");

    @ArchTest
    static final ArchRule theProblemPackageKnowsNoFeature = noClasses()
            .that().resideInAPackage("dev.jvmbench.api.problem..")
            .should().dependOnClassesThat().resideInAnyPackage("dev.jvmbench.api.job..", "dev.jvmbench.api.artifact..",
                    "dev.jvmbench.api.security..", "dev.jvmbench.api.result..");

    /**
     * SQL runs in the owners only: jobs, runs, result_points and run_artifacts through
     * dev.jvmbench.common.store, the api's own tables through their named owners. ArchUnit sees
     * types, not SQL strings, so the rule is on the types that run SQL.
     */
    @ArchTest
    static final ArchRule onlyTheOwnersRunSql = noClasses()
            .that(areNotOwnersOfTheApisOwnTables())
            .should().dependOnClassesThat().areAssignableTo(JdbcClient.class)
            .orShould().dependOnClassesThat().areAssignableTo(JdbcOperations.class)
            .orShould().dependOnClassesThat().areAssignableTo(NamedParameterJdbcOperations.class)
            .orShould().dependOnClassesThat().areAssignableTo(EntityManager.class)
            .orShould().dependOnClassesThat().areAssignableTo(java.sql.Statement.class)
            .because("every statement on jobs, runs, result_points and run_artifacts is in its owner in "
                    + "dev.jvmbench.common.store (docs/architecture.md)");

    /** No JPA entity maps a table the store owns: a second mapping is how the two drifted apart. */
    @ArchTest
    static final ArchRule entitiesMapOnlyTheApisOwnTables = classes()
            .that().areAnnotatedWith(Entity.class)
            .should(mapATableOtherThan(SHARED_TABLES))
            .because("jobs, runs, result_points and run_artifacts are read and written through dev.jvmbench.common.store");

    /** Nor does a repository's native query touch one. */
    @ArchTest
    static final ArchRule queriesStayOffTheSharedTables = methods()
            .that().areAnnotatedWith(Query.class)
            .should(notMention(SHARED_TABLES))
            .because("jobs, runs, result_points and run_artifacts are read and written through dev.jvmbench.common.store");

    private static DescribedPredicate<JavaClass> areNotOwnersOfTheApisOwnTables() {
        return DescribedPredicate.describe("are not owners of the api's own tables",
                c -> !OWNERS_OF_API_TABLES.contains(c.getName()));
    }

    private static ArchCondition<JavaClass> mapATableOtherThan(Set<String> tables) {
        return new ArchCondition<>("name its table with @Table, other than " + tables) {
            @Override
            public void check(JavaClass entity, ConditionEvents events) {
                String table = entity.tryGetAnnotationOfType(Table.class).map(Table::name).orElse("");
                boolean ok = !table.isEmpty() && !tables.contains(table.toLowerCase(java.util.Locale.ROOT));
                events.add(new SimpleConditionEvent(entity, ok, entity.getName() + " maps table '" + table + "'"));
            }
        };
    }

    private static ArchCondition<JavaMethod> notMention(Set<String> tables) {
        Pattern named = Pattern.compile("(?i)\\b(" + String.join("|", tables) + ")\\b");
        return new ArchCondition<>("not mention " + tables) {
            @Override
            public void check(JavaMethod method, ConditionEvents events) {
                String sql = method.getAnnotationOfType(Query.class).value();
                events.add(new SimpleConditionEvent(method, !named.matcher(sql).find(),
                        method.getFullName() + " queries " + sql.strip()));
            }
        };
    }
}
