-- The indexes the catalogue, product page and order queries use.
CREATE INDEX product_category_idx ON product (category_id, featured_rank);
CREATE INDEX product_brand_idx ON product (brand_id);
CREATE INDEX product_price_idx ON product (category_id, price_cents);
CREATE INDEX product_tag_tag_idx ON product_tag (tag_id);
CREATE INDEX category_parent_idx ON category (parent_id);
CREATE INDEX order_customer_idx ON customer_order (customer_id, placed_at DESC);
CREATE INDEX order_placed_idx ON customer_order (placed_at);
CREATE INDEX order_line_order_idx ON order_line (order_id);
CREATE INDEX order_line_product_idx ON order_line (product_id);
CREATE INDEX review_product_idx ON review (product_id, helpful_votes DESC);
CREATE INDEX promotion_window_idx ON promotion (valid_from, valid_until);
