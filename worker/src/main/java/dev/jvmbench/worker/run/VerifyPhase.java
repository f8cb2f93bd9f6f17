package dev.jvmbench.worker.run;

import dev.jvmbench.common.job.ThreadModel;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.springframework.stereotype.Component;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Verify: one request before any load, which must answer as the job expects (TechEmpower's
 * verify step); a stock app must also say it runs the thread model the run asked for.
 */
@Component
class VerifyPhase {

    private static final Duration VERIFY_TIMEOUT = Duration.ofSeconds(30);
    private final JsonMapper json;

    VerifyPhase(JsonMapper json) {
        this.json = json;
    }

    void verify(RunContext ctx) {
        ScenarioPlan plan = ctx.plan();
        URI uri = ctx.app().uri(plan.pathAndQuery());
        HttpResponse<String> response;
        try {
            response = AppHttp.send(plan.method(), uri, plan.headers(), plan.body(), VERIFY_TIMEOUT);
        } catch (IOException e) {
            throw new RunFailure("verify failed: " + plan.method() + " " + uri.getPath() + " did not answer: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RunFailure("verify interrupted");
        }
        if (response.statusCode() != plan.expectedStatus()) {
            throw new RunFailure("verify failed: " + plan.method() + " " + uri.getPath() + " answered "
                    + response.statusCode() + ", expected " + plan.expectedStatus() + AppEnd.tail(response.body()));
        }
        if (plan.stock()) {
            JsonNode body = json.readTree(response.body());
            String model = body.path("threadModel").asString("");
            boolean virtual = body.path("virtualThread").asBoolean(false);
            if (!model.equals(ctx.run.threadModel().wireName()) || virtual != (ctx.run.threadModel() == ThreadModel.VIRTUAL)) {
                throw new RunFailure("verify failed: the app runs " + model + " (virtualThread=" + virtual
                        + "), the run asked for " + ctx.run.threadModel().wireName());
            }
        }
    }
}
