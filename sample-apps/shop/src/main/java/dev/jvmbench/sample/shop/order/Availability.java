package dev.jvmbench.sample.shop.order;

/**
 * What a customer is told about stock: free units are those in stock less those held by open
 * orders; a product with none free ships when the next delivery comes.
 */
public record Availability(Status status, int freeUnits, int shipsInDays, String label) {

    public enum Status {
        IN_STOCK, LOW_STOCK, BACKORDER, UNAVAILABLE
    }

    public boolean orderable() {
        return status != Status.UNAVAILABLE;
    }
}
