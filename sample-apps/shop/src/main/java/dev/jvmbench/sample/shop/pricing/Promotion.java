package dev.jvmbench.sample.shop.pricing;

import dev.jvmbench.sample.shop.catalog.Brand;
import dev.jvmbench.sample.shop.catalog.Category;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.FetchType;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.ManyToOne;
import java.math.BigDecimal;
import java.time.Instant;

/**
 * A percentage off the products of a category (and the categories below it) or of a brand, or
 * both, from a minimum quantity, within a time window.
 */
@Entity
public class Promotion {

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    private Long id;

    @Column(nullable = false, unique = true)
    private String code;

    @Column(nullable = false)
    private String label;

    @ManyToOne(fetch = FetchType.LAZY)
    @JoinColumn(name = "category_id")
    private Category category;

    @ManyToOne(fetch = FetchType.LAZY)
    @JoinColumn(name = "brand_id")
    private Brand brand;

    @Column(name = "percent_off", nullable = false, precision = 5, scale = 2)
    private BigDecimal percentOff;

    @Column(name = "min_quantity", nullable = false)
    private int minQuantity;

    @Column(name = "valid_from", nullable = false)
    private Instant validFrom;

    @Column(name = "valid_until", nullable = false)
    private Instant validUntil;

    protected Promotion() {
    }

    public Long getId() {
        return id;
    }

    public String getCode() {
        return code;
    }

    public String getLabel() {
        return label;
    }

    public Long getCategoryId() {
        return category == null ? null : category.getId();
    }

    public Long getBrandId() {
        return brand == null ? null : brand.getId();
    }

    public BigDecimal getPercentOff() {
        return percentOff;
    }

    public int getMinQuantity() {
        return minQuantity;
    }

    public Instant getValidFrom() {
        return validFrom;
    }

    public Instant getValidUntil() {
        return validUntil;
    }
}
