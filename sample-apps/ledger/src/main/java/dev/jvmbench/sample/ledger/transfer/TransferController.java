package dev.jvmbench.sample.ledger.transfer;

import jakarta.validation.Valid;
import java.net.URI;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/** {@code POST /transfers}: 201 with the receipt; errors are problem details (web.ApiProblems). */
@RestController
class TransferController {

    private final TransferService transfers;

    TransferController(TransferService transfers) {
        this.transfers = transfers;
    }

    @PostMapping("/transfers")
    ResponseEntity<TransferReceipt> transfer(@Valid @RequestBody TransferRequest request) {
        TransferReceipt receipt = transfers.book(request);
        // where the payer sees it: this month's statement
        return ResponseEntity.created(URI.create("/api/accounts/" + receipt.from().accountId() + "/statement"))
                .body(receipt);
    }
}
