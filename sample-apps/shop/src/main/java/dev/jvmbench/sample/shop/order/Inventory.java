package dev.jvmbench.sample.shop.order;

import dev.jvmbench.sample.shop.catalog.Product;
import java.time.Clock;
import java.time.DayOfWeek;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/** Free stock per product (stock less open orders) and the delivery promise that follows from it. */
@Service
public class Inventory {

    static final int LOW_STOCK_BELOW = 5;
    /** A supplier delivery every this many business days; backorders ship with the next one. */
    static final int RESTOCK_BUSINESS_DAYS = 7;
    private final OrderLineRepository lines;
    private final Clock clock;

    Inventory(OrderLineRepository lines, Clock clock) {
        this.lines = lines;
        this.clock = clock;
    }

    @Transactional(readOnly = true)
    public Map<Long, Availability> availability(Collection<Product> products) {
        Map<Long, Availability> result = new LinkedHashMap<>();
        if (products.isEmpty()) {
            return result;
        }
        List<Long> ids = products.stream().map(Product::getId).toList();
        Map<Long, Long> held = new HashMap<>();
        for (UnitsByProduct units : lines.unitsHeld(ids, OrderStatus.RESERVING)) {
            held.put(units.productId(), units.units());
        }
        LocalDate today = LocalDate.now(clock.withZone(ZoneOffset.UTC));
        for (Product product : products) {
            int free = (int) Math.max(0, product.getStock() - held.getOrDefault(product.getId(), 0L));
            result.put(product.getId(), availabilityOf(product, free, today));
        }
        return result;
    }

    static Availability availabilityOf(Product product, int free, LocalDate today) {
        if (!product.isActive()) {
            return new Availability(Availability.Status.UNAVAILABLE, 0, 0, "No longer available");
        }
        if (free == 0) {
            int days = businessDaysUntilRestock(today, product.getId());
            return new Availability(Availability.Status.BACKORDER, 0, days,
                    "Back in stock, ships in " + days + " days");
        }
        int shipsIn = today.getDayOfWeek().getValue() >= DayOfWeek.SATURDAY.getValue() ? 8 - today.getDayOfWeek().getValue() : 1;
        if (free < LOW_STOCK_BELOW) {
            return new Availability(Availability.Status.LOW_STOCK, free, shipsIn, "Only " + free + " left");
        }
        return new Availability(Availability.Status.IN_STOCK, free, shipsIn,
                shipsIn == 1 ? "In stock, ships tomorrow" : "In stock, ships in " + shipsIn + " days");
    }

    /** Suppliers deliver on a rota: the product's id spreads products over the days of the cycle. */
    static int businessDaysUntilRestock(LocalDate today, long productId) {
        int offset = (int) (productId % RESTOCK_BUSINESS_DAYS) + 1;
        LocalDate date = today;
        int calendarDays = 0;
        int businessDays = 0;
        while (businessDays < offset) {
            date = date.plusDays(1);
            calendarDays++;
            if (date.getDayOfWeek() != DayOfWeek.SATURDAY && date.getDayOfWeek() != DayOfWeek.SUNDAY) {
                businessDays++;
            }
        }
        return calendarDays;
    }
}
