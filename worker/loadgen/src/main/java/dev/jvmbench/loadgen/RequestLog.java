package dev.jvmbench.loadgen;

import io.gatling.charts.stats.LogFileParser;
import io.gatling.core.stats.writer.RecordHeader;
import java.io.EOFException;
import java.io.File;

/**
 * Streams every request record of one binary simulation.log: start, end, status and error
 * message, exactly as Gatling wrote them. {@code LogFileReader} only hands out aggregates (its
 * per-second buckets count from the first event and end with a partial one); the per-second
 * series and the latency histogram need each request.
 *
 * <p>Built on Gatling's internal {@code LogFileParser} (pinned to 3.15.1, like
 * {@link SimulationLog}) and mirroring its {@code SecondPassParser} record by record. Every
 * cached string is read, never skipped, because a later record may refer to it by index.
 * {@code LoadgenMainTest} checks that these records add up to {@code LogFileReader}'s counts, so
 * a format change fails there first.
 */
final class RequestLog extends LogFileParser<Long> {

    /** One finished request; times in epoch milliseconds of Gatling's clock. */
    interface Sink {
        void request(long startMs, long endMs, boolean ok, String errorMessage);
    }

    private static final byte RUN = RecordHeader.Run$.MODULE$.value();
    private static final byte USER = RecordHeader.User$.MODULE$.value();
    private static final byte REQUEST = RecordHeader.Request$.MODULE$.value();
    private static final byte GROUP = RecordHeader.Group$.MODULE$.value();
    private static final byte ERROR = RecordHeader.Error$.MODULE$.value();

    private final Sink sink;

    private RequestLog(File logFile, Sink sink) {
        super(logFile);
        this.sink = sink;
    }

    /** @return the number of request records passed to {@code sink} */
    static long read(File logFile, Sink sink) {
        try (var log = new RequestLog(logFile, sink)) {
            return log.parse();
        }
    }

    @Override
    public Long parse() {
        if (readByte() != RUN) {
            throw new IllegalStateException("simulation.log does not start with a run record");
        }
        skipString(); // Gatling version
        skipString(); // simulation class
        long runStart = readLong();
        skipString(); // run description
        int scenarios = readInt();
        for (int i = 0; i < scenarios; i++) {
            skipString();
        }
        int assertions = readInt();
        for (int i = 0; i < assertions; i++) {
            skip(readInt());
        }
        long requests = 0;
        try {
            for (int header = read(); header != -1; header = read()) {
                byte h = (byte) header;
                if (h == REQUEST) {
                    readGroups();
                    readCachedSanitizedString(); // request name
                    long start = readInt() + runStart;
                    long end = readInt() + runStart;
                    boolean ok = readBoolean();
                    String message = readCachedSanitizedString().trim();
                    sink.request(start, end, ok, message.isEmpty() ? null : message);
                    requests++;
                } else if (h == USER) {
                    readInt(); // scenario
                    readBoolean(); // start or end
                    readInt(); // timestamp
                } else if (h == GROUP) {
                    readGroups();
                    readInt(); // start
                    readInt(); // end
                    readInt(); // cumulated response time
                    readBoolean(); // status
                } else if (h == ERROR) {
                    readCachedSanitizedString(); // message
                    readInt(); // timestamp
                } else {
                    throw new IllegalStateException("unknown simulation.log record header " + h + " after "
                            + requests + " requests");
                }
            }
        } catch (Exception e) {
            // Scala declares no checked exceptions: the stream's IOException arrives undeclared
            if (!(e instanceof EOFException)) {
                throw e instanceof RuntimeException r ? r : new IllegalStateException("unreadable simulation.log", e);
            }
            // a truncated last record, as Gatling's own reader tolerates: the records before it count
            System.err.println("jvmbench-loadgen: simulation.log truncated after " + requests + " requests");
        }
        return requests;
    }

    private void readGroups() {
        int groups = readInt();
        for (int i = 0; i < groups; i++) {
            readCachedSanitizedString();
        }
    }
}
