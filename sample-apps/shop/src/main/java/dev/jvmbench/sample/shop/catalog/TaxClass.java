package dev.jvmbench.sample.shop.catalog;

/** Which VAT rate of a country applies to a category's products. */
public enum TaxClass {
    STANDARD, REDUCED, ZERO
}
