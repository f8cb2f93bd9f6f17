package dev.jvmbench.api.analysis;

import dev.jvmbench.common.profile.CollapsedStacks;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import one.convert.Arguments;
import one.convert.FlameGraph;

/**
 * Flame graphs of stored profiles, rendered by async-profiler's converter (tools.profiler:
 * jfr-converter): its {@link FlameGraph} reads collapsed stacks ({@code parseCollapsed}), subtracts a
 * base graph frame by frame ({@code diff}: each frame coloured by its change of self value, red
 * more, blue less, yellow new) and writes its self-contained HTML page.
 */
final class FlameGraphs {

    /** jfr-converter's suffix for a JIT-compiled Java frame: coloured as Java, and dropped from the name. */
    private static final String JAVA_FRAME = "_[j]";

    private FlameGraphs() {
    }

    /** One profile's flame graph. */
    static String render(CollapsedStacks stacks, String title) {
        FlameGraph graph = parse(stacks, title);
        return dump(graph);
    }

    /**
     * The differential flame graph: the candidate's frames, each coloured by how much its self
     * value differs from the same frame (on the same path) of the baseline. Both sides must be in
     * one unit (per request), else the colours show throughput, not the code.
     */
    static String diff(CollapsedStacks baseline, CollapsedStacks candidate, String title) {
        FlameGraph base = parse(baseline, title);
        FlameGraph graph = parse(candidate, title);
        graph.diff(base);
        return dump(graph);
    }

    private static FlameGraph parse(CollapsedStacks stacks, String title) {
        Arguments args = new Arguments();
        args.title = escapeHtml(title);
        args.output = "html";
        FlameGraph graph = new FlameGraph(args);
        StringBuilder text = new StringBuilder();
        for (Map.Entry<String, Long> entry : stacks.stacks().entrySet()) {
            boolean first = true;
            for (String frame : CollapsedStacks.frames(entry.getKey())) {
                if (!first) {
                    text.append(';');
                }
                first = false;
                text.append(safe(frame)).append(JAVA_FRAME);
            }
            text.append(' ').append(entry.getValue()).append('\n');
        }
        try {
            graph.parseCollapsed(new StringReader(text.toString()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return graph;
    }

    private static String dump(FlameGraph graph) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            graph.dump(out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    /**
     * The converter puts frame names into a script's string literals, escaping only quotes and
     * backslashes: a class name may hold {@code </} (the JVM allows it), which would end the script
     * on the api's own origin. Such a {@code <} becomes {@code ‹}; {@code <init>} stays.
     */
    static String safe(String frame) {
        if (frame.contains("</") || frame.contains("<!")) {
            return frame.replace('<', '\u2039');
        }
        return frame;
    }

    static String escapeHtml(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("'", "&#39;")
                .replace("\"", "&quot;");
    }
}
