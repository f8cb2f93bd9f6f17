package dev.jvmbench.sample.shop.review;

import java.util.List;

/**
 * A product's ratings: the count per star (index 0 = one star), the mean, a Bayesian average that
 * pulls products with few reviews towards the shop's prior (so three five-star reviews do not
 * outrank three hundred 4.6s), and each star's share for the histogram bars.
 */
public record RatingSummary(long[] countsByStar, long total, double mean, double weighted, int[] percentByStar) {

    /** What the shop assumes of a product with no reviews, and how many reviews that assumption is worth. */
    static final double PRIOR_MEAN = 3.6;
    static final double PRIOR_WEIGHT = 8;

    public static RatingSummary of(List<StarCount> counts) {
        long[] byStar = new long[5];
        for (StarCount count : counts) {
            if (count.stars() != null && count.stars() >= 1 && count.stars() <= 5) {
                byStar[count.stars() - 1] += count.reviews();
            }
        }
        return of(byStar);
    }

    public static RatingSummary of(long[] byStar) {
        long total = 0;
        long sum = 0;
        for (int i = 0; i < 5; i++) {
            total += byStar[i];
            sum += byStar[i] * (i + 1);
        }
        double mean = total == 0 ? 0 : (double) sum / total;
        double weighted = (PRIOR_MEAN * PRIOR_WEIGHT + sum) / (PRIOR_WEIGHT + total);
        int[] percent = largestRemainderPercentages(byStar, total);
        return new RatingSummary(byStar, total, round2(mean), round2(weighted), percent);
    }

    /** Whole percentages that add up to exactly 100 (largest remainder method); all 0 when there is no review. */
    static int[] largestRemainderPercentages(long[] counts, long total) {
        int[] percent = new int[counts.length];
        if (total == 0) {
            return percent;
        }
        double[] remainders = new double[counts.length];
        int assigned = 0;
        for (int i = 0; i < counts.length; i++) {
            double exact = counts[i] * 100.0 / total;
            percent[i] = (int) Math.floor(exact);
            remainders[i] = exact - percent[i];
            assigned += percent[i];
        }
        while (assigned < 100) {
            int best = 0;
            for (int i = 1; i < counts.length; i++) {
                if (remainders[i] > remainders[best]) {
                    best = i;
                }
            }
            percent[best]++;
            remainders[best] = -1;
            assigned++;
        }
        return percent;
    }

    /** Full, half and empty stars of the mean, for display: "4.3" gives 4 full, 1 half (rounded to halves). */
    public String stars() {
        return starsOf(mean);
    }

    public static String starsOf(double rating) {
        double halves = Math.round(rating * 2) / 2.0;
        int full = (int) Math.floor(halves);
        boolean half = halves - full >= 0.5;
        return "★".repeat(full) + (half ? "⯪" : "") + "☆".repeat(5 - full - (half ? 1 : 0));
    }

    private static double round2(double value) {
        return Math.round(value * 100) / 100.0;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof RatingSummary that && total == that.total
                && java.util.Arrays.equals(countsByStar, that.countsByStar);
    }

    @Override
    public int hashCode() {
        return java.util.Arrays.hashCode(countsByStar);
    }

    @Override
    public String toString() {
        return "RatingSummary" + java.util.Arrays.toString(countsByStar) + " mean " + mean;
    }
}
