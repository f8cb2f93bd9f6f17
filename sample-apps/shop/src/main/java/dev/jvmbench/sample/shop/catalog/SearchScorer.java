package dev.jvmbench.sample.shop.catalog;

import java.text.Normalizer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.springframework.stereotype.Component;

/**
 * Relevance of a product to a search: terms are normalised (accents, case, a light plural
 * stemmer), matched against the name, tags and description with field weights, with a typo
 * allowance (edit distance 1 for terms of 5 letters or more), and the best snippet of the
 * description is picked for display. Deliberately plain Java, as a shop's own search often is.
 */
@Component
public class SearchScorer {

    private static final Pattern NON_WORD = Pattern.compile("[^\\p{L}\\p{N}]+");
    private static final Pattern MARKS = Pattern.compile("\\p{M}+");
    private static final Set<String> STOP_WORDS = Set.of("a", "an", "and", "the", "for", "with", "of", "in", "on",
            "to", "by", "or", "is", "it", "your", "you", "this", "that", "from", "at", "as", "be");
    private static final double NAME_WEIGHT = 3.0;
    private static final double TAG_WEIGHT = 2.0;
    private static final double DESCRIPTION_WEIGHT = 1.0;
    private static final int SNIPPET_WORDS = 18;

    /** Normalised, de-duplicated search terms of a query, stop words removed; at most 8. */
    public List<String> terms(String query) {
        if (query == null || query.isBlank()) {
            return List.of();
        }
        Set<String> terms = new LinkedHashSet<>();
        for (String token : tokens(query)) {
            if (!STOP_WORDS.contains(token) && token.length() > 1) {
                terms.add(stem(token));
            }
            if (terms.size() == 8) {
                break;
            }
        }
        return List.copyOf(terms);
    }

    public Score score(List<String> terms, String name, Collection<String> tags, String description) {
        if (terms.isEmpty()) {
            return new Score(0, snippet(List.of(), description));
        }
        List<String> nameTokens = stemmed(tokens(name));
        List<String> tagTokens = new ArrayList<>();
        for (String tag : tags) {
            tagTokens.addAll(stemmed(tokens(tag)));
        }
        List<String> descriptionTokens = stemmed(tokens(description));
        Map<String, Integer> descriptionCounts = new HashMap<>();
        for (String token : descriptionTokens) {
            descriptionCounts.merge(token, 1, Integer::sum);
        }
        double score = 0;
        int matchedTerms = 0;
        for (String term : terms) {
            double termScore = NAME_WEIGHT * fieldMatch(term, nameTokens)
                    + TAG_WEIGHT * fieldMatch(term, tagTokens)
                    + DESCRIPTION_WEIGHT * frequency(term, descriptionCounts, descriptionTokens.size());
            if (termScore > 0) {
                matchedTerms++;
            }
            score += termScore;
        }
        // every term matched is worth more than one term matched many times
        score *= (double) matchedTerms / terms.size();
        if (!nameTokens.isEmpty() && nameTokens.getFirst().equals(terms.getFirst())) {
            score += 0.5;
        }
        return new Score(Math.round(score * 1000) / 1000.0, snippet(terms, description));
    }

    /** 1 for an exact token, 0.6 for a prefix or one typo away, else 0; the best over the field. */
    private static double fieldMatch(String term, List<String> fieldTokens) {
        double best = 0;
        for (String token : fieldTokens) {
            if (token.equals(term)) {
                return 1;
            }
            if (token.startsWith(term) || (term.length() >= 5 && withinOneEdit(term, token))) {
                best = 0.6;
            }
        }
        return best;
    }

    /** Log-damped term frequency, normalised by the description's length. */
    private static double frequency(String term, Map<String, Integer> counts, int length) {
        int count = counts.getOrDefault(term, 0);
        if (count == 0) {
            for (Map.Entry<String, Integer> entry : counts.entrySet()) {
                if (term.length() >= 5 && withinOneEdit(term, entry.getKey())) {
                    count += entry.getValue();
                }
            }
        }
        if (count == 0) {
            return 0;
        }
        return (1 + Math.log(count)) / Math.sqrt(Math.max(1, length) / 20.0);
    }

    /** Levenshtein distance of at most one, without building the full matrix. */
    static boolean withinOneEdit(String a, String b) {
        int la = a.length();
        int lb = b.length();
        if (Math.abs(la - lb) > 1) {
            return false;
        }
        int i = 0;
        int j = 0;
        int edits = 0;
        while (i < la && j < lb) {
            if (a.charAt(i) == b.charAt(j)) {
                i++;
                j++;
                continue;
            }
            if (++edits > 1) {
                return false;
            }
            if (la > lb) {
                i++;
            } else if (lb > la) {
                j++;
            } else {
                i++;
                j++;
            }
        }
        return edits + (la - i) + (lb - j) <= 1;
    }

    /** The window of the description holding the most terms, with an ellipsis where it is cut. */
    String snippet(List<String> terms, String description) {
        String[] words = description.split("\\s+");
        if (words.length <= SNIPPET_WORDS) {
            return description;
        }
        int bestStart = 0;
        int bestHits = -1;
        for (int start = 0; start + SNIPPET_WORDS <= words.length; start += 3) {
            int hits = 0;
            for (int k = start; k < start + SNIPPET_WORDS; k++) {
                String word = stem(normalise(words[k]));
                if (terms.contains(word)) {
                    hits++;
                }
            }
            if (hits > bestHits) {
                bestHits = hits;
                bestStart = start;
            }
        }
        String body = String.join(" ", Arrays.copyOfRange(words, bestStart, bestStart + SNIPPET_WORDS));
        return (bestStart > 0 ? "… " : "") + body + (bestStart + SNIPPET_WORDS < words.length ? " …" : "");
    }

    static List<String> tokens(String text) {
        if (text == null || text.isEmpty()) {
            return List.of();
        }
        List<String> tokens = new ArrayList<>();
        for (String raw : NON_WORD.split(normalise(text))) {
            if (!raw.isEmpty()) {
                tokens.add(raw);
            }
        }
        return tokens;
    }

    private static List<String> stemmed(List<String> tokens) {
        List<String> out = new ArrayList<>(tokens.size());
        for (String token : tokens) {
            out.add(stem(token));
        }
        return out;
    }

    private static String normalise(String text) {
        String decomposed = Normalizer.normalize(text, Normalizer.Form.NFD);
        return MARKS.matcher(decomposed).replaceAll("").toLowerCase(Locale.ROOT);
    }

    /** A light English plural stemmer: "tents" -> "tent", "boxes" -> "box", "batteries" -> "battery". */
    static String stem(String word) {
        if (word.length() > 4 && word.endsWith("ies")) {
            return word.substring(0, word.length() - 3) + "y";
        }
        if (word.length() > 4 && (word.endsWith("xes") || word.endsWith("ches") || word.endsWith("shes"))) {
            return word.substring(0, word.length() - 2);
        }
        if (word.length() > 3 && word.endsWith("s") && !word.endsWith("ss")) {
            return word.substring(0, word.length() - 1);
        }
        return word;
    }

    /** A product's relevance and the snippet of its description to show. */
    public record Score(double relevance, String snippet) {
    }
}
