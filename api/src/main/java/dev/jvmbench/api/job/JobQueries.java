package dev.jvmbench.api.job;

import dev.jvmbench.api.query.StorableText;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

/** The job list: dynamic filters over indexed columns, in a stable order. */
@Component
class JobQueries {

    private final JdbcClient jdbc;
    private final JsonMapper json;

    JobQueries(JdbcClient jdbc, JsonMapper json) {
        this.jdbc = jdbc;
        this.json = json;
    }

    record Page(List<Long> ids, long total) {
    }

    /** The newest SUCCEEDED job of an app and scenario carrying every given label. */
    java.util.Optional<Long> latestSucceeded(String appRef, String scenario, Map<String, String> labels) {
        return jdbc.sql("""
                        SELECT id FROM jobs
                        WHERE app_ref = :app AND scenario = :scenario AND status = 'SUCCEEDED'
                          AND labels @> CAST(:labels AS jsonb)
                        ORDER BY created_at DESC, id DESC LIMIT 1""")
                .param("app", appRef).param("scenario", scenario).param("labels", json.writeValueAsString(labels))
                .query(Long.class).optional();
    }

    Page find(JobFilter filter, int page, int size) {
        if (!StorableText.storable(filter.labels() == null ? Map.of() : filter.labels(), filter.app(), filter.scenario())) {
            return new Page(List.of(), 0);
        }
        List<String> where = new ArrayList<>();
        Map<String, Object> params = new LinkedHashMap<>();
        if (filter.statuses() != null && !filter.statuses().isEmpty()) {
            where.add("status IN (:statuses)");
            params.put("statuses", filter.statuses().stream().map(Enum::name).toList());
        }
        if (filter.labels() != null && !filter.labels().isEmpty()) {
            where.add("labels @> CAST(:labels AS jsonb)");
            params.put("labels", json.writeValueAsString(filter.labels()));
        }
        if (filter.app() != null) {
            where.add("app_ref = :app");
            params.put("app", filter.app());
        }
        if (filter.scenario() != null) {
            where.add("scenario = :scenario");
            params.put("scenario", filter.scenario());
        }
        if (filter.jdk() != null) {
            where.add("jdks @> ARRAY[CAST(:jdk AS integer)]");
            params.put("jdk", filter.jdk());
        }
        if (filter.threadModel() != null) {
            where.add("thread_models @> ARRAY[CAST(:threadModel AS varchar)]");
            params.put("threadModel", filter.threadModel().name());
        }
        if (filter.createdAfter() != null) {
            where.add("created_at >= :createdAfter");
            params.put("createdAfter", java.sql.Timestamp.from(filter.createdAfter()));
        }
        if (filter.createdBefore() != null) {
            where.add("created_at < :createdBefore");
            params.put("createdBefore", java.sql.Timestamp.from(filter.createdBefore()));
        }
        String clause = where.isEmpty() ? "" : " WHERE " + String.join(" AND ", where);
        long total = jdbc.sql("SELECT count(*) FROM jobs" + clause).params(params).query(Long.class).single();
        List<Long> ids = jdbc.sql("SELECT id FROM jobs" + clause
                        + " ORDER BY created_at DESC, id DESC LIMIT :limit OFFSET :offset")
                .params(params).param("limit", size).param("offset", (long) page * size)
                .query(Long.class).list();
        return new Page(ids, total);
    }
}
