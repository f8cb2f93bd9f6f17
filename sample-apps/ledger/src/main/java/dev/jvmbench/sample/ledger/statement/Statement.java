package dev.jvmbench.sample.ledger.statement;

import dev.jvmbench.sample.ledger.readmodel.Counterparty;
import dev.jvmbench.sample.ledger.transfer.TransferKind;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.YearMonth;
import java.util.Currency;
import java.util.List;

/**
 * One account's monthly statement, in minor units of the account's currency unless named
 * otherwise: what both the HTML page and the JSON answer are rendered from.
 *
 * @param closingInReporting the closing balance in the holder's reporting currency at the month's last rate
 */
public record Statement(Header header, YearMonth month, long opening, long closing, long debits, long credits,
                        long closingInReporting, List<Line> lines, List<KindTotal> byKind,
                        List<MainCounterparty> mainCounterparties, List<OtherAccount> otherAccounts) {

    public record Header(long accountId, String accountName, String iban, Currency currency, String holder,
                         List<String> address, String branch, String branchCity, Currency reportingCurrency) {
    }

    /**
     * @param balance     the running balance after this line
     * @param inReporting the amount in the holder's reporting currency at the rate in force when booked
     * @param rate        that rate (reporting units per account unit); null when the currencies are the same
     * @param instructed  the transfer's own amount and currency when they differ from the account's, else null
     */
    public record Line(long entryId, Instant bookedAt, String reference, TransferKind kind, String description,
                       Counterparty counterparty, long amount, long balance, long inReporting, BigDecimal rate,
                       String instructed) {
    }

    public record KindTotal(TransferKind kind, int count, long debits, long credits) {
    }

    public record MainCounterparty(Counterparty counterparty, int transfers, long paid, long received) {
    }

    public record OtherAccount(long accountId, String name, String iban, Currency currency, long balance) {
    }
}
