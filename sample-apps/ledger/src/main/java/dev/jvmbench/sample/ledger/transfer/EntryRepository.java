package dev.jvmbench.sample.ledger.transfer;

import java.time.Instant;
import java.util.List;
import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Query;

public interface EntryRepository extends JpaRepository<Entry, Long> {

    /** One account's entries booked in [from, to), in booking order: a statement's lines. */
    @Query("""
            select e from Entry e
            where e.account.id = :accountId and e.bookedAt >= :from and e.bookedAt < :to
            order by e.bookedAt, e.id""")
    List<Entry> findBooked(long accountId, Instant from, Instant to);
}
