package dev.jvmbench.common.text;

/**
 * Character rules of request strings, as regular expressions that mean the same in Java (Bean
 * Validation's {@code @Pattern}) and in the JSON Schema of the contract (ECMA-262, read by clients and
 * fuzzers in other engines): only explicit character ranges, no {@code \s}, {@code \S} or {@code .},
 * whose meaning differs between engines.
 */
public final class TextRules {

    /** Anything but NUL (U+0000), which PostgreSQL cannot store in text or jsonb. */
    public static final String NO_NUL = "^[^\\x00]*$";
    /**
     * A name on one line: no control characters (U+0000-U+001F, U+007F), and at least one that is not
     * a space, or nothing (say {@code @NotEmpty} and minLength 1 where a name is required: the empty
     * case then gets its own message).
     */
    public static final String ONE_LINE_NAME = "^(?:[^\\x00-\\x1F\\x7F]*[^\\x00-\\x20\\x7F][^\\x00-\\x1F\\x7F]*)?$";
    /** An HTTP header value: no control characters but tab (a CR or LF would end the header). */
    public static final String HEADER_VALUE = "^[^\\x00-\\x08\\x0A-\\x1F\\x7F]*$";
    /** A request path: / and visible ASCII (anything else is percent-encoded in a URL). */
    public static final String URL_PATH = "^/[!-~]*$";

    private TextRules() {
    }
}
