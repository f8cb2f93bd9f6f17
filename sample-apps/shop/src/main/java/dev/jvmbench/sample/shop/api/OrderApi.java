package dev.jvmbench.sample.shop.api;

import dev.jvmbench.sample.shop.order.CustomerOrder;
import dev.jvmbench.sample.shop.order.OrderService;
import dev.jvmbench.sample.shop.order.OrderStatus;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.Positive;
import java.net.URI;
import java.util.List;
import org.springframework.data.domain.Page;
import org.springframework.http.ResponseEntity;
import org.springframework.transaction.annotation.Transactional;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** Quotes, orders and their status flow, and a customer's order history. */
@RestController
@RequestMapping("/api")
class OrderApi {

    private final OrderService orders;
    private final ApiMapper mapper;

    OrderApi(OrderService orders, ApiMapper mapper) {
        this.orders = orders;
        this.mapper = mapper;
    }

    @PostMapping("/quotes")
    Dtos.QuoteView quote(@Valid @RequestBody Requests.QuoteRequest request) {
        return mapper.quote(orders.quote(request.customerId(), request.country(), items(request.items())));
    }

    /** 201 with the order and its Location; 409 when stock is short. */
    @PostMapping("/orders")
    @Transactional
    ResponseEntity<Dtos.OrderView> place(@Valid @RequestBody Requests.OrderRequest request) {
        CustomerOrder order = orders.place(request.customerId(), request.country(), items(request.items()));
        return ResponseEntity.created(URI.create("/api/orders/" + order.getId())).body(mapper.order(order));
    }

    @GetMapping("/orders/{id}")
    @Transactional(readOnly = true)
    Dtos.OrderView order(@PathVariable @Positive long id) {
        return mapper.order(orders.order(id));
    }

    @PostMapping("/orders/{id}/status")
    @Transactional
    Dtos.OrderView advance(@PathVariable @Positive long id, @Valid @RequestBody Requests.StatusChange change) {
        return mapper.order(orders.advance(id, OrderStatus.valueOf(change.status())));
    }

    @GetMapping("/customers/{id}/orders")
    @Transactional(readOnly = true)
    Dtos.PageOf<Dtos.OrderView> history(@PathVariable @Positive long id,
                                         @RequestParam(defaultValue = "1") @Min(1) @Max(1000) int page,
                                         @RequestParam(defaultValue = "10") @Min(1) @Max(50) int size) {
        Page<CustomerOrder> history = orders.history(id, page - 1, size);
        return mapper.pageOf(history.getContent().stream().map(mapper::order).toList(), history);
    }

    private static List<OrderService.Item> items(List<Requests.Item> items) {
        return items.stream().map(i -> new OrderService.Item(i.productId(), i.quantity())).toList();
    }
}
