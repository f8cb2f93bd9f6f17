package dev.jvmbench.api.finding;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A finding's stacks ({@code evidence.stacks}, docs/findings.md "Stacks behind a finding") in one
 * short line of Markdown for summary.md: the top stack's application frame and its share of the level's
 * profile, or why the level has no profile.
 */
public final class FindingStacksText {

    private FindingStacksText() {
    }

    /** The line, without Markdown list marker; null when the finding has no stacks. */
    public static String of(JobFindingView finding) {
        if (!(finding.evidence().get("stacks") instanceof List<?> stacks) || stacks.isEmpty()
                || !(stacks.getFirst() instanceof Map<?, ?> first)) {
            return null;
        }
        String kind = first.get("kind") instanceof String k ? k : "";
        boolean loops = "event-loop".equals(first.get("threads"));
        String what = switch (kind) {
            case "alloc" -> "allocated bytes";
            case "lock" -> "blocked time";
            case "pinned" -> "pinned time";
            case "cpu" -> "CPU samples";
            default -> kind;
        };
        if (first.get("missing") instanceof String missing) {
            return "no " + profileName(kind) + " profile of this level: " + text(missing) + ".";
        }
        StringBuilder line = new StringBuilder();
        if (loops && first.get("selectedShare") instanceof Number selected) {
            line.append("event-loop threads: ").append(percent(selected.doubleValue())).append(" of the ").append(what)
                    .append("; ");
        }
        if (first.get("top") instanceof List<?> top && !top.isEmpty() && top.getFirst() instanceof Map<?, ?> stack
                && stack.get("share") instanceof Number share) {
            line.append("top stack ").append(percent(share.doubleValue())).append(" of the level's ").append(what)
                    .append(", through ").append(code(String.valueOf(stack.get("frame"))));
        } else if (first.get("note") instanceof String note) {
            line.append(text(note.endsWith(".") ? note.substring(0, note.length() - 1) : note));
        } else {
            line.append("no stack");
        }
        if (!finding.profiles().isEmpty()) {
            line.append(" (flame graph: ").append(code("GET " + finding.profiles().getFirst().flameGraph())).append(')');
        }
        return line.append('.').toString();
    }

    private static String profileName(String kind) {
        return switch (kind) {
            case "alloc" -> "allocation";
            case "cpu" -> "CPU";
            default -> kind;
        };
    }

    /** 60 %, 4.2 %, <0.1 %. */
    static String percent(double share) {
        double p = share * 100;
        if (p > 0 && p < 0.1) {
            return "<0.1 %";
        }
        return String.format(Locale.ROOT, p >= 10 ? "%.0f %%" : "%.1f %%", p);
    }

    /** Plain Markdown text on one line, no HTML. */
    private static String text(String text) {
        return text.replaceAll("\\s+", " ").strip().replace("<", "&lt;").replace(">", "&gt;");
    }

    /** A code span (its text is shown as is, HTML included): no backtick or line break of a class name can end it. */
    private static String code(String text) {
        return "`" + text.replace('`', '\'').replaceAll("\\s+", " ") + "`";
    }
}
