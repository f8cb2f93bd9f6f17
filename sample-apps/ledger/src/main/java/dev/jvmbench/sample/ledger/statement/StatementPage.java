package dev.jvmbench.sample.ledger.statement;

import dev.jvmbench.sample.ledger.web.Months;
import java.time.Clock;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;

/** {@code GET /accounts/{id}/statement?month=YYYY-MM}: the statement as an HTML page (the benchmarked request). */
@Controller
class StatementPage {

    private final StatementService statements;
    private final Clock clock;

    StatementPage(StatementService statements, Clock clock) {
        this.statements = statements;
        this.clock = clock;
    }

    @GetMapping("/accounts/{id}/statement")
    String statement(@PathVariable long id, @RequestParam(required = false) String month, Model model) {
        model.addAttribute("statement", StatementView.of(statements.statement(id, Months.parse(month, clock))));
        return "statement";
    }
}
