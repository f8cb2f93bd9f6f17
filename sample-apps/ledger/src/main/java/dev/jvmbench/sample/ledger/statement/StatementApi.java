package dev.jvmbench.sample.ledger.statement;

import dev.jvmbench.sample.ledger.web.Months;
import java.time.Clock;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** {@code GET /api/accounts/{id}/statement?month=YYYY-MM}: the same statement as JSON. */
@RestController
class StatementApi {

    private final StatementService statements;
    private final Clock clock;

    StatementApi(StatementService statements, Clock clock) {
        this.statements = statements;
        this.clock = clock;
    }

    @GetMapping("/api/accounts/{id}/statement")
    StatementJson statement(@PathVariable long id, @RequestParam(required = false) String month) {
        return StatementJson.of(statements.statement(id, Months.parse(month, clock)));
    }
}
