package dev.jvmbench.sample.shop.order;

import dev.jvmbench.sample.shop.catalog.CategoryRepository;
import dev.jvmbench.sample.shop.catalog.CategoryTree;
import dev.jvmbench.sample.shop.catalog.Product;
import dev.jvmbench.sample.shop.catalog.ProductRepository;
import dev.jvmbench.sample.shop.customer.Customer;
import dev.jvmbench.sample.shop.customer.CustomerRepository;
import dev.jvmbench.sample.shop.pricing.Market;
import dev.jvmbench.sample.shop.pricing.PriceBook;
import dev.jvmbench.sample.shop.pricing.PricingService;
import dev.jvmbench.sample.shop.pricing.Quote;
import dev.jvmbench.sample.shop.web.BadRequestException;
import dev.jvmbench.sample.shop.web.ConflictException;
import dev.jvmbench.sample.shop.web.NotFoundException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.springframework.data.domain.Page;
import org.springframework.data.domain.PageImpl;
import org.springframework.data.domain.PageRequest;
import org.springframework.data.domain.Sort;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/** Orders: quotes, placing (with the stock check), the status flow, history and what sells. */
@Service
public class OrderService {

    /** "Bestsellers" look back this far. */
    static final Duration BESTSELLER_WINDOW = Duration.ofDays(90);
    private final OrderRepository orders;
    private final OrderLineRepository lines;
    private final ProductRepository products;
    private final CustomerRepository customers;
    private final CategoryRepository categories;
    private final PricingService pricing;
    private final Inventory inventory;
    private final Clock clock;

    OrderService(OrderRepository orders, OrderLineRepository lines, ProductRepository products,
                 CustomerRepository customers, CategoryRepository categories, PricingService pricing,
                 Inventory inventory, Clock clock) {
        this.orders = orders;
        this.lines = lines;
        this.products = products;
        this.customers = customers;
        this.categories = categories;
        this.pricing = pricing;
        this.inventory = inventory;
        this.clock = clock;
    }

    /** One line of a basket: a product and how many. */
    public record Item(long productId, int quantity) {
    }

    /** Prices a basket for a customer (or a guest) without placing it. */
    @Transactional(readOnly = true)
    public Quote quote(Long customerId, String country, List<Item> items) {
        Customer customer = customerId == null ? null : customer(customerId);
        return quote(customer, market(country, customer), items).quote();
    }

    /**
     * Places an order: every product must exist and be orderable, and the quantity must be free
     * (stock less open orders), else 409 with what is missing. Units stay held until shipping.
     */
    @Transactional
    public CustomerOrder place(long customerId, String country, List<Item> items) {
        Customer customer = customer(customerId);
        Priced priced = quote(customer, market(country, customer), items);
        Map<Long, Availability> availability = inventory.availability(priced.products().keySet());
        List<String> problems = new ArrayList<>();
        for (Map.Entry<Product, Integer> entry : priced.products().entrySet()) {
            Availability free = availability.get(entry.getKey().getId());
            if (!free.orderable()) {
                problems.add(entry.getKey().getSku() + " is not available");
            } else if (free.freeUnits() < entry.getValue()) {
                problems.add(entry.getKey().getSku() + ": " + entry.getValue() + " wanted, " + free.freeUnits() + " free");
            }
        }
        if (!problems.isEmpty()) {
            throw new ConflictException("not enough stock: " + String.join("; ", problems));
        }
        Quote quote = priced.quote();
        CustomerOrder order = new CustomerOrder(customer, Instant.now(clock), quote.market().code());
        Map<Long, Product> byId = priced.products().keySet().stream()
                .collect(Collectors.toMap(Product::getId, Function.identity()));
        for (Quote.Line line : quote.lines()) {
            order.addLine(new OrderLine(byId.get(line.productId()), line.quantity(),
                    line.unitPrice().saleNet().minor(), line.lineDiscount().minor()));
        }
        order.totals(quote.subtotal().minor(), quote.discount().minor(), quote.tax().minor(),
                quote.shipping().minor(), quote.total().minor());
        return orders.save(order);
    }

    /** PLACED -> PAID -> SHIPPED (stock leaves the warehouse) -> DELIVERED; PLACED or PAID -> CANCELLED. */
    @Transactional
    public CustomerOrder advance(long orderId, OrderStatus target) {
        CustomerOrder order = orders.findDetailed(orderId).orElseThrow(() -> new NotFoundException("order", orderId));
        OrderStatus from = order.getStatus();
        boolean legal = switch (target) {
            case PAID -> from == OrderStatus.PLACED;
            case SHIPPED -> from == OrderStatus.PAID;
            case DELIVERED -> from == OrderStatus.SHIPPED;
            case CANCELLED -> OrderStatus.RESERVING.contains(from);
            case PLACED -> false;
        };
        if (!legal) {
            throw new ConflictException("order " + orderId + " is " + from + " and cannot become " + target);
        }
        if (target == OrderStatus.SHIPPED) {
            for (OrderLine line : order.getLines()) {
                line.getProduct().withdraw(Math.min(line.getQuantity(), line.getProduct().getStock()));
            }
        }
        order.moveTo(target);
        return order;
    }

    /** A customer's orders, newest first, with their lines (two queries, whatever the page size). */
    @Transactional(readOnly = true)
    public Page<CustomerOrder> history(long customerId, int page, int size) {
        customer(customerId);
        Page<CustomerOrder> ids = orders.findByCustomerId(customerId,
                PageRequest.of(page, size, Sort.by(Sort.Order.desc("placedAt"), Sort.Order.desc("id"))));
        if (ids.isEmpty()) {
            return ids;
        }
        Map<Long, CustomerOrder> loaded = orders.withLines(ids.map(CustomerOrder::getId).getContent()).stream()
                .collect(Collectors.toMap(CustomerOrder::getId, Function.identity()));
        List<CustomerOrder> ordered = ids.getContent().stream().map(o -> loaded.getOrDefault(o.getId(), o)).toList();
        return new PageImpl<>(ordered, ids.getPageable(), ids.getTotalElements());
    }

    @Transactional(readOnly = true)
    public CustomerOrder order(long orderId) {
        return orders.findDetailed(orderId).orElseThrow(() -> new NotFoundException("order", orderId));
    }

    /** The ids of the products of these categories that sold most in the last 90 days. */
    @Transactional(readOnly = true)
    public List<Long> bestsellers(Collection<Long> categoryIds, int limit) {
        if (categoryIds.isEmpty()) {
            return List.of();
        }
        return lines.bestsellers(categoryIds, Instant.now(clock).minus(BESTSELLER_WINDOW), OrderStatus.CANCELLED,
                PageRequest.of(0, limit)).stream().map(UnitsByProduct::productId).toList();
    }

    /** The ids of the products most often bought with this one. */
    @Transactional(readOnly = true)
    public List<Long> boughtTogether(long productId, int limit) {
        return lines.boughtTogether(productId, PageRequest.of(0, limit)).stream()
                .map(UnitsByProduct::productId).toList();
    }

    private record Priced(Map<Product, Integer> products, Quote quote) {
    }

    private Priced quote(Customer customer, Market market, List<Item> items) {
        Map<Long, Integer> quantities = new LinkedHashMap<>();
        for (Item item : items) {
            quantities.merge(item.productId(), item.quantity(), Integer::sum);
        }
        Map<Long, Product> found = products.findAllWithBrand(quantities.keySet()).stream()
                .collect(Collectors.toMap(Product::getId, Function.identity()));
        Set<Long> missing = new java.util.TreeSet<>(quantities.keySet());
        missing.removeAll(found.keySet());
        if (!missing.isEmpty()) {
            throw new NotFoundException("product", missing.size() == 1 ? missing.iterator().next() : missing);
        }
        Map<Product, Integer> basket = new LinkedHashMap<>();
        quantities.entrySet().stream().sorted(Comparator.comparing(Map.Entry::getKey))
                .forEach(e -> basket.put(found.get(e.getKey()), e.getValue()));
        CategoryTree tree = new CategoryTree(categories.findAllInOrder());
        PriceBook book = pricing.priceBook(basket.keySet(), tree, market,
                customer == null ? dev.jvmbench.sample.shop.customer.CustomerTier.BRONZE : customer.getTier());
        return new Priced(basket, pricing.quote(book, basket));
    }

    private Customer customer(long customerId) {
        return customers.findById(customerId).orElseThrow(() -> new NotFoundException("customer", customerId));
    }

    /** The market named, else the customer's country, else France. */
    private static Market market(String country, Customer customer) {
        if (country != null && !country.isBlank()) {
            return Market.of(country).orElseThrow(() -> new BadRequestException("country", "the shop does not sell to " + country));
        }
        if (customer != null) {
            return Market.of(customer.getAddress().getCountry()).orElse(Market.FR);
        }
        return Market.FR;
    }
}
