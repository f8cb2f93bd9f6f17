package dev.jvmbench.api.webhook;

import dev.jvmbench.api.analysis.History;
import io.swagger.v3.oas.annotations.media.Schema;
import java.time.Instant;
import java.util.Map;

/**
 * The body of a delivery (docs/alerts.md, "Payload"), in Standard Webhooks' shape: the event's type,
 * when it happened and its data. Written once, when the change point is found, and sent as stored on
 * every attempt.
 */
@Schema(name = "WebhookPayload", description = "The JSON body a webhook receives (POST, application/json), signed as "
        + "Standard Webhooks sign: headers webhook-id, webhook-timestamp, webhook-signature (docs/alerts.md)")
record WebhookPayload(
        @Schema(description = "The event: changepoint.worse, a change point in the worse direction on a gate metric")
        String type,
        @Schema(description = "When the change point was found (the same on every retry; the attempt's time is the "
                + "header webhook-timestamp)") Instant timestamp,
        Data data) {

    static final String TYPE = "changepoint.worse";

    @Schema(name = "WebhookPayloadData")
    record Data(
            @Schema(description = "The webhook this was sent for, with its selector") Hook webhook,
            @Schema(description = "The job where the change point entered") Job job,
            @Schema(description = "The ended job whose check found it: the job itself, or another job of the series when "
                    + "the change was only significant once more jobs had ended") long checkedJobId,
            @Schema(description = "The change point with its series, as GET /api/v1/history/changes lists it")
            History.SeriesChange changePoint,
            Links links) {
    }

    @Schema(name = "WebhookPayloadHook")
    record Hook(long id, Map<String, String> labels, String app, String scenario) {
    }

    @Schema(name = "WebhookPayloadJob")
    record Job(long id, Instant createdAt, Map<String, String> labels,
               @Schema(description = "The app across its builds") String app,
               @Schema(description = "The build the job ran") String build, String scenario) {
    }

    @Schema(name = "WebhookPayloadLinks", description = "Paths on the api that sent it")
    record Links(String job, String report, String changePoints, String history) {
    }
}
